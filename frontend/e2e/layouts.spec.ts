// Every screen of each role's menu on a laptop (1366×768) and on a phone (390×844): the page
// never scrolls sideways, a table's columns and row actions are all in sight, no text a person
// needs is cut by a title-less ellipsis, no screen falls on its error boundary (see layout.ts).
// A screenshot of each screen at each size goes to the e2e artifacts (COLIVRA_E2E_SCREENSHOTS=1
// for the sweeps). Then the phone screens
// used most: the merchant's parcel form with a stock line, the delivery person's round.
import type { Page } from '@playwright/test';
import { ADMIN, DELIVERY, MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { layoutProblems } from './layout';
import { follow, menuLinks, parcelsOutWithDemoDeliveryPerson, parcelsPickedUp, screenshot, settle, signIn, SWEEP_SCREENSHOTS, visit } from './helpers';

const SIZES = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Long names and large amounts, so that what could be cut is. */
const LONG_PRODUCT = 'Coffret cadeau huile d’argan bio et savon noir beldi';
const LONG_NAME = 'Abdelouahed Benkirane El Idrissi';

/** The problems of the page as it shows now, each with where it was seen; a screenshot of it (of the window, or of the whole page; a sweep's only when asked). */
async function check(page: Page, where: string, { fullPage = false, sweep = false } = {}): Promise<string[]> {
  const problems = (await layoutProblems(page)).map((problem) => `${where}: ${problem}`);
  if (!sweep || SWEEP_SCREENSHOTS) await screenshot(page, `layout-${where.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`, { fullPage });
  return problems;
}

/** A list whose first row opens its details (a drawer): they are checked too, at both sizes. */
const DETAILS = new Set(['/compte/tous-les-colis', '/compte/bons-de-ramassage', '/compte/bons-de-sortie']);

/** Every route of the signed-in role's menu, at both sizes (and the details of a few lists' first row). */
async function walkMenu(page: Page, role: string): Promise<string[]> {
  const routes = await menuLinks(page);
  expect(routes.length).toBeGreaterThan(0);
  const problems: string[] = [];
  await visit(page, routes[0]);
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // The first route last, so that each is reached from another.
    for (const route of [...routes.slice(1), routes[0]]) {
      await follow(page, route);
      const where = `${role} ${size.name} ${route}`;
      // The whole screen (it is at its top: the fixed bars are where they belong).
      problems.push(...(await check(page, where, { fullPage: true, sweep: true })));
      if (DETAILS.has(route) && (await page.getByTestId('table-row').count()) > 0) problems.push(...(await checkFirstRow(page, `${where} details`)));
    }
  }
  return problems;
}

/** Opens the first row of the list on the screen (Enter on it: its drawer) and checks it. */
async function checkFirstRow(page: Page, where: string): Promise<string[]> {
  await page.getByTestId('table-row').first().press('Enter');
  const opened = page.locator('.MuiDrawer-paper[role="dialog"]').filter({ visible: true });
  await expect(opened).toBeVisible();
  await settle(page);
  const problems = await check(page, where, { sweep: true });
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();
  return problems;
}

test.beforeAll(async ({ playwright }) => {
  // Parcels out with the demo delivery person (his round, the exit voucher, the parcel lists) and
  // parcels at the hub to ship, with long names and large amounts.
  await parcelsOutWithDemoDeliveryPerson(playwright, [
    { recipient_name: LONG_NAME, recipient_phone: '0661234501', cod_amount: 1234567, product: LONG_PRODUCT },
    { recipient_name: 'Salma Berrada', recipient_phone: '0661234502', cod_amount: 15000 },
  ]);
  await parcelsPickedUp(playwright, [
    { recipient_name: LONG_NAME, recipient_phone: '0661234503', cod_amount: 987654, product: LONG_PRODUCT },
    { recipient_name: 'Omar Chraibi', recipient_phone: '0661234504', cod_amount: 12000 },
    { recipient_name: 'Nadia Berrada', recipient_phone: '0661234505', cod_amount: 45050 },
  ]);
});

test('every merchant screen fits a laptop and a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES[0]);
  await signIn(page, MERCHANT);
  expect(await walkMenu(page, 'merchant')).toEqual([]);
});

test('every admin screen fits a laptop and a phone', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(SIZES[0]);
  await signIn(page, ADMIN);
  expect(await walkMenu(page, 'admin')).toEqual([]);
});

test('every delivery person screen fits a laptop and a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES[0]);
  await signIn(page, DELIVERY);
  expect(await walkMenu(page, 'delivery')).toEqual([]);
});

test('the admin ships parcels to a delivery person: the list to hand over, with its amounts and remove actions, fits', async ({ page }) => {
  await page.setViewportSize(SIZES[0]);
  await signIn(page, ADMIN);
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await visit(page, '/compte/bons-de-sortie');
    const panel = page.getByTestId('ship-panel');
    await panel.locator('input[name="delivery_admin"]').fill('Hamid');
    await page.getByRole('option', { name: /Hamid Ouazzani/ }).first().click();
    const picker = panel.getByTestId('ship-picker');
    await expect(picker.getByTestId('table-row').first()).toBeVisible();
    await settle(page);
    const rows = picker.getByTestId('table-row');
    const count = Math.min(await rows.count(), 3);
    for (let index = 0; index < count; index += 1) await rows.nth(index).getByTestId('row-select').click();
    const shipped = panel.getByTestId('ship-table').getByTestId('table-row');
    await expect(shipped).toHaveCount(count);
    await expect(shipped.first().getByTestId('row-action-remove')).toBeVisible();
    await panel.getByTestId('ship-table').scrollIntoViewIfNeeded();
    problems.push(...(await check(page, `admin ${size.name} ship list`)));
  }
  expect(problems).toEqual([]);
});

test('the merchant’s parcel form on a phone, with a stock line: the product chosen reads whole', async ({ page }) => {
  await page.setViewportSize(SIZES[1]);
  await signIn(page, MERCHANT);
  await visit(page, '/compte/ajouter-de-nouveaux-colis');
  const form = page.getByTestId('parcel-form');
  await form.locator('input[name="recipient_name"]').fill(LONG_NAME);
  const stock = form.getByTestId('parcel-stock');
  await stock.getByTestId('add-line').click();
  await stock.locator('input[name="lines.0.inventory"]').click();
  await page.getByRole('option').first().click();
  await expect(stock.locator('input[name="lines.0.inventory"]')).not.toHaveValue('');
  await stock.scrollIntoViewIfNeeded();
  expect(await check(page, 'merchant phone parcel form stock line')).toEqual([]);
});

test('the delivery person’s round on a phone: a card, its outcome sheet and its details fit', async ({ page }) => {
  await page.setViewportSize(SIZES[1]);
  await signIn(page, DELIVERY);
  await visit(page, '/compte/colis-expedies');
  const card = page.getByTestId('round-card').filter({ hasText: LONG_NAME }).first();
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  const problems = await check(page, 'delivery phone round card');
  await card.getByTestId('round-outcome').click();
  const sheet = page.getByTestId('outcome-sheet');
  await expect(sheet).toBeVisible();
  await settle(page);
  problems.push(...(await check(page, 'delivery phone outcome sheet')));
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await card.getByTestId('round-details').click();
  const details = page.locator('.MuiDrawer-paper[role="dialog"]').filter({ visible: true });
  await expect(details).toBeVisible();
  await settle(page);
  problems.push(...(await check(page, 'delivery phone round details')));
  expect(problems).toEqual([]);
});
