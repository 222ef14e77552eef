// The delivery person declares the cash he hands over, in Arabic on his phone (390 × 844): the
// lines of his parcels say their statuses and labels in Arabic (no « Livré », « Refusé »), each
// amount reads as one left-to-right unit (« 135,00 DH », the minus of a refused parcel's
// commission before its digits), a refused declaration shows its message in the window, focused
// and said, and the declaration then goes through. Through the API first: three parcels of the
// demo shop out with him, two delivered and one refused. The screen is reached by its address
// (its menu title is being renamed). His profile is put back in French at the end.
import type { Locator, Page } from '@playwright/test';
import { DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, chooseLanguage, parcelsOutWithDemoDeliveryPerson, profileBackToFrench, screenshot, settle, signIn, url } from './helpers';

const RUN = String(Date.now()).slice(-6);
const LRI = '\u2066';
const PDI = '\u2069';
/** An amount as the app writes it right to left: one isolate, « −1 234,50 DH » inside. */
const AMOUNT = new RegExp(`^${LRI}\u2212?\\d{1,3}(\u202f\\d{3})*,\\d{2}\u00a0DH${PDI}$`);
const LATIN = /[A-Za-zÀ-ÿ]/;
const ARABIC = /[\u0600-\u06FF]/;

let codes: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  codes = await parcelsOutWithDemoDeliveryPerson(playwright, [
    { recipient_name: 'سلمى برادة', recipient_phone: `0662${RUN}`, cod_amount: 15_000 },
    { recipient_name: 'يوسف العلمي', recipient_phone: `0663${RUN}`, cod_amount: 1_234_550 },
    { recipient_name: 'نادية التازي', recipient_phone: `0664${RUN}`, cod_amount: 9_900 },
  ]);
  const deliveryPerson = await apiClient(playwright, DELIVERY);
  try {
    await deliveryPerson.send('POST', '/api/parcels/states', { parcel: codes[0], status: 'delivered' });
    await deliveryPerson.send('POST', '/api/parcels/states', { parcel: codes[1], status: 'delivered' });
    await deliveryPerson.send('POST', '/api/parcels/states', { parcel: codes[2], status: 'refused', comment: 'Le client refuse' });
  } finally {
    await deliveryPerson.request.dispose();
  }
});

test.afterAll(async ({ playwright }) => {
  await profileBackToFrench(playwright, DELIVERY);
});

/** The line (a card on a phone) of the parcel `code` in the declaration. */
function lineOf(page: Page, code: string): Locator {
  return page.getByTestId('declare-table').locator(`[data-testid="table-row"][data-key="${code}"]`);
}

/** Where the minus, the first digit and the « D » of « DH » of an amount are drawn (left edges). */
async function glyphs(amount: Locator): Promise<{ minus: number | null; digit: number; currency: number }> {
  return amount.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let text = walker.nextNode() as Text | null;
    while (text && !/\d/.test(text.data)) text = walker.nextNode() as Text | null;
    if (!text) throw new Error('the amount has no digits');
    const left = (index: number) => {
      const range = document.createRange();
      range.setStart(text!, index);
      range.setEnd(text!, index + 1);
      return range.getBoundingClientRect().left;
    };
    const minus = text.data.indexOf('\u2212');
    return { minus: minus >= 0 ? left(minus) : null, digit: left(text.data.search(/\d/)), currency: left(text.data.indexOf('DH')) };
  });
}

/** `element` stands in the window, below the sticky top bar. */
async function expectInSight(page: Page, element: Locator): Promise<void> {
  const box = (await element.boundingBox())!;
  const bar = (await page.getByTestId('top-bar').boundingBox())!;
  expect(box.y, 'below the top bar').toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  expect(box.y + box.height, 'in the window').toBeLessThanOrEqual(844);
}

test('in Arabic on a phone he reads his lines, declares, and sees a refusal where he looks', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DELIVERY);
  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto(url('/compte/creer-facture'));
  await expect(page.getByTestId('declare-screen')).toBeVisible();
  await expect(lineOf(page, codes[2])).toBeVisible();
  await settle(page);

  // Statuses and labels in Arabic: no French word of the list left.
  const table = page.getByTestId('declare-table');
  for (const code of codes) {
    const line = lineOf(page, code);
    const status = line.getByTestId('parcel-status');
    await expect(status).toHaveText(ARABIC);
    expect(await status.textContent(), `the status of ${code}`).not.toMatch(LATIN);
    for (const label of await line.locator('dt').allTextContents()) {
      expect(label, `a label of ${code}`).toMatch(ARABIC);
      expect(label, `a label of ${code}`).not.toMatch(LATIN);
    }
  }
  const words = (await table.textContent()) ?? '';
  for (const french of ['Livré', 'Refusé', 'Destinataire', 'Statut', 'Montant', 'Commission', 'Colis']) expect(words).not.toContain(french);
  const summary = page.getByTestId('eligible-summary');
  expect((await summary.textContent()) ?? '').not.toMatch(/Livré|Refusé|À remettre|Espèces/);

  // Amounts: one left-to-right unit each, « DH » after the digits, a refused parcel's commission
  // negative with its minus before the digits.
  for (const code of codes) {
    const amount = line(page, code);
    await expect(amount).toHaveText(AMOUNT);
    const drawn = await glyphs(amount);
    expect(drawn.currency, `« DH » right of the digits (${code})`).toBeGreaterThan(drawn.digit);
    if (code === codes[2]) {
      expect(drawn.minus, 'the refused parcel costs his commission').not.toBeNull();
      expect(drawn.minus!, 'the minus left of the digits').toBeLessThan(drawn.digit);
    } else {
      expect(drawn.minus).toBeNull();
    }
  }
  await expect(page.getByTestId('eligible-summary-total-value')).toHaveText(AMOUNT);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'declare-arabic-phone');

  // Only this spec's parcels: those of other tests wait for another declaration.
  const rows = table.getByTestId('table-row');
  for (let index = 0; index < (await rows.count()); index += 1) {
    const row = rows.nth(index);
    if (codes.includes((await row.getAttribute('data-key')) ?? '')) continue;
    const tick = row.getByTestId('row-select').locator('input');
    if (await tick.isChecked()) await tick.uncheck();
  }

  // Meanwhile his first parcel went on another declaration (another tab, a colleague's phone):
  // the server refuses this one; the message shows in the window, takes the focus and is said.
  const other = await apiClient(playwright, DELIVERY);
  try {
    await other.send('POST', '/api/delivery-admins/invoices', { parcels: [codes[0]] });
  } finally {
    await other.request.dispose();
  }
  const submit = page.getByTestId('declare-submit');
  await submit.scrollIntoViewIfNeeded();
  const refusedAnswer = page.waitForResponse((response) => response.url().endsWith('/api/delivery-admins/invoices') && response.request().method() === 'POST');
  await submit.click();
  expect((await refusedAnswer).status()).toBeGreaterThanOrEqual(400);
  const refused = page.getByTestId('declare-error');
  await expect(refused).toBeVisible();
  await expect(refused).toBeFocused();
  await expectInSight(page, refused);
  const message = ((await refused.textContent()) ?? '').trim();
  expect(message.length).toBeGreaterThan(0);
  await expect(page.getByTestId('declare').getByTestId('form-announcer')).toHaveText(message);
  await screenshot(page, 'declare-arabic-refused');

  // His list read again: the parcel declared elsewhere is gone, the other two are declared.
  await expect(lineOf(page, codes[0])).toHaveCount(0);
  await expect(lineOf(page, codes[1])).toBeVisible();
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/delivery-admins/invoices') && response.request().method() === 'POST');
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const answer = await posted;
  expect(answer.status()).toBe(201);
  const invoice = (await answer.json()).data as { parcels_count: number };
  expect(invoice.parcels_count).toBe(2);
  const notice = page.getByTestId('invoices-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText(ARABIC);
  expect((await notice.textContent()) ?? '').not.toMatch(/Déclaration|colis/);
  await expect(lineOf(page, codes[1])).toHaveCount(0);
  await expect(lineOf(page, codes[2])).toHaveCount(0);
});

/** The amount of the line of `code` (what he hands over for it). */
function line(page: Page, code: string): Locator {
  return lineOf(page, code).getByTestId('line-amount');
}
