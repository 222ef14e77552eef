// Every admin list on a 1366 × 800 laptop (issue « Screens a person trusts »): the page never
// scrolls sideways, no table's box scrolls sideways, the sticky row actions cover no column (they
// have a background of their own), a parcel code stays on one line and a name takes two lines at
// most, and the search box shows its placeholder whole (see listFitProblems in layout.ts).
// The screens are every route of the admin's route table (src/navigation/routes.ts: the menu's
// and those reached from elsewhere), each tab of a screen's tab bar too. Through the API first:
// parcels with long names, large amounts, refunds (a chip beside the code), some out with the
// demo delivery person (the courier column, the most row actions), some at the hub. The parcel
// lists once more right to left, in Arabic; the admin's profile is put back in French at the end.
import type { Page } from '@playwright/test';
import { ADMIN_ROUTES } from '../src/navigation/routes';
import { ADMIN } from './accounts';
import { expect, test } from './fixtures';
import { listFitProblems } from './layout';
import { chooseLanguage, follow, parcelsOutWithDemoDeliveryPerson, parcelsPickedUp, profileBackToFrench, screenshot, settle, signIn, SWEEP_SCREENSHOTS, visit } from './helpers';

const LAPTOP = { width: 1366, height: 800 };
const LONG_NAME = 'Abdelouahed Benkirane El Idrissi Alaoui';
const LONG_PRODUCT = 'Coffret cadeau huile d’argan bio et savon noir beldi';

/** Every admin route (menu or not): its screen, when it holds lists, is checked. */
const ROUTES = ADMIN_ROUTES.filter((route) => route.meta.layout === 'content').map((route) => route.path);

/** The admin's parcel lists (one screen for all, its columns the widest). */
const PARCEL_LISTS = ADMIN_ROUTES.filter((route) => route.screen === 'parcels').map((route) => route.path);

/** A tab bar's tabs are each a view of the screen's lists: checked one by one (a few at most). */
const MOST_TABS = 6;

async function check(page: Page, where: string): Promise<string[]> {
  await settle(page);
  const problems = (await listFitProblems(page)).map((problem) => `${where}: ${problem}`);
  if (SWEEP_SCREENSHOTS) await screenshot(page, `wide-${where.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`, { fullPage: true });
  return problems;
}

test.afterAll(async ({ playwright }) => {
  // The Arabic test below changes the admin's profile language.
  await profileBackToFrench(playwright, ADMIN);
});

test.beforeAll(async ({ playwright }) => {
  await parcelsOutWithDemoDeliveryPerson(playwright, [
    { recipient_name: LONG_NAME, recipient_phone: '0661234511', cod_amount: 1234567, product: LONG_PRODUCT },
    { recipient_name: `${LONG_NAME} II`, recipient_phone: '0661234512', cod_amount: 99999, kind: 'refund', item_to_collect: LONG_PRODUCT },
    { recipient_name: 'Salma Berrada', recipient_phone: '0661234513', cod_amount: 15000 },
  ]);
  await parcelsPickedUp(playwright, [
    { recipient_name: LONG_NAME, recipient_phone: '0661234514', cod_amount: 987654, kind: 'refund', item_to_collect: 'Robe abîmée' },
    { recipient_name: 'Omar Chraibi', recipient_phone: '0661234515', cod_amount: 12000, product: LONG_PRODUCT },
  ]);
});

test('every admin list fits a 1366 px laptop: no sideways scroll, actions beside their columns, codes and names whole, the search hint whole', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(LAPTOP);
  await signIn(page, ADMIN);
  expect(ROUTES.length, 'the admin route table').toBeGreaterThan(25);
  const problems: string[] = [];
  let tables = 0;
  await visit(page, ROUTES[0]);
  for (const route of [...ROUTES.slice(1), ROUTES[0]]) {
    await follow(page, route);
    const main = page.locator('main#main-content');
    tables += await main.locator('table').count();
    problems.push(...(await check(page, route)));
    // The first tab bar of the screen (the stock desk's, a list's): each of its other tabs.
    const tabs = main.getByRole('tablist').first().getByRole('tab');
    const count = Math.min(await tabs.count(), MOST_TABS);
    for (let index = 0; index < count; index += 1) {
      const tab = tabs.nth(index);
      if ((await tab.getAttribute('aria-selected')) === 'true') continue;
      const name = ((await tab.textContent()) ?? '').trim();
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      tables += await main.locator('table').count();
      problems.push(...(await check(page, `${route} tab ${index + 1} ${name}`)));
    }
  }
  // Lists were there to check: most admin screens are lists.
  expect(tables).toBeGreaterThan(20);
  expect(problems).toEqual([]);
});

test('the admin’s parcel list at 1366 × 800: the refund chip under its code, the « Créé le » column clear of the actions', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await signIn(page, ADMIN);
  await visit(page, '/compte/tous-les-colis');
  const table = page.getByTestId('parcels-table');
  const row = table.getByTestId('table-row').filter({ hasText: `${LONG_NAME} II` }).first();
  await expect(row).toBeVisible();
  // The refund chip on a line of its own under the code: the column as wide as a code.
  const code = (await row.getByTestId('parcel-code').boundingBox())!;
  const chip = (await row.locator('td').nth(1).locator('.MuiChip-root').boundingBox())!;
  expect(chip.y, 'the chip below the code').toBeGreaterThanOrEqual(code.y + code.height - 1);
  const cells = row.locator('td');
  const count = await cells.count();
  const date = (await cells.nth(count - 2).boundingBox())!;
  const actions = (await cells.nth(count - 1).boundingBox())!;
  expect(actions.x, 'the actions start where the date column ends').toBeGreaterThanOrEqual(date.x + date.width - 1);
  // The whole row in the table's box, the date's text in its cell.
  const box = (await table.locator('table').locator('..').boundingBox())!;
  expect(actions.x + actions.width).toBeLessThanOrEqual(box.x + box.width + 1);
  expect(await listFitProblems(page)).toEqual([]);
  await screenshot(page, 'wide-all-parcels');
});

test('right to left, in Arabic, the admin’s parcel lists fit as well: the actions on the left edge, clear of the column beside them', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  await signIn(page, ADMIN);
  await visit(page, PARCEL_LISTS[0]);
  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(PARCEL_LISTS.length).toBeGreaterThan(5);
  const problems: string[] = [];
  for (const route of [...PARCEL_LISTS.slice(1), PARCEL_LISTS[0]]) {
    await follow(page, route);
    problems.push(...(await check(page, `ar ${route}`)));
  }
  expect(problems).toEqual([]);
});
