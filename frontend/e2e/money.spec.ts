// The money round against the real server. A quick round through the API (the merchant's
// three parcels for Casablanca, picked up, shipped to the demo delivery person, who delivers two
// and refuses one); then in the browser: the delivery person declares his cash on a phone; the
// admin counts it 5 DH short, sees the difference, validates and prints the delivery invoice
// (FL-…); the admin invoices the merchant's delivered parcels, validates the invoice, exports the
// transfers (the shop has no RIB: left out) and records the payment; the merchant sees the paid
// invoice and its PDF (FC-…), and the invoice in his parcel's drawer.
import type { Page } from '@playwright/test';
import { ADMIN, MERCHANT, DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, DEMO_SHOP, printedPdf, screenshot, search, signIn, url } from './helpers';

// Unique per run: the test can run again on the same database.
const RUN = String(Date.now()).slice(-6);
const DELIVERY_PERSON = 'Hamid Ouazzani';
/** COD amounts (centimes) of the parcels: delivered, delivered, refused. */
const AMOUNTS = [15000, 23000, 18000];
const [FIRST, SECOND, REFUSED] = [0, 1, 2];
/** The cheque's number: the demo shop has no approved RIB, so no transfer. */
const REFERENCE = `${RUN}`.padStart(7, '0');

/** Tracking codes, in the order of AMOUNTS. */
const codes: string[] = [];
let deliveryKey = '';
let deliveryTotal = 0;
let deliveryNumber = '';
let merchantKey = '';
let merchantNumber = '';

/** "1 234,50" as a person types it: dirhams with a comma. */
function typed(centimes: number): string {
  return `${Math.trunc(centimes / 100)},${String(Math.abs(centimes) % 100).padStart(2, '0')}`;
}

/** "1 234,50 DH" as the screens show it (narrow no-break spaces between thousands). */
function shown(centimes: number): RegExp {
  const sign = centimes < 0 ? '\u2212' : ''; // the minus sign the screens write (U+2212)
  const whole = String(Math.trunc(Math.abs(centimes) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return new RegExp(`${sign}${whole},${String(Math.abs(centimes) % 100).padStart(2, '0')}\\sDH`);
}

/** The line of a parcel in the lines list of `scope`. */
const lineOf = (page: Page, scope: string, code: string) => page.getByTestId(scope).locator(`[data-testid="table-row"][data-key="${code}"]`);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const merchant = await apiClient(playwright, MERCHANT);
  const admin = await apiClient(playwright, ADMIN);
  const deliveryPerson = await apiClient(playwright, DELIVERY);
  const shops = (await merchant.send('GET', '/api/shops?per_page=100')).data;
  const shop = shops.find((candidate) => candidate.name === DEMO_SHOP);
  expect(shop, 'the demo shop').toBeDefined();
  for (const [index, amount] of AMOUNTS.entries()) {
    const created = await merchant.send('POST', '/api/parcels', {
      shop: shop!.key,
      recipient_name: `Facture ${RUN} ${index + 1}`,
      recipient_phone: `06${RUN}8${index}`,
      city: 'Casablanca',
      address: `${index + 1} rue Ibnou Mounir, Maarif`,
      cod_amount: amount,
      product: 'Coffret de thé',
    });
    codes.push(String(created.data.key));
  }
  const voucher = await merchant.send('POST', '/api/pickup-vouchers', { parcels: codes });
  await admin.send('PUT', '/api/pickup-vouchers/pickup', { voucher: voucher.data.key, parcels: codes });
  const people = (await admin.send('GET', '/api/delivery-admins?q=Hamid')).data;
  const hamid = people.find((person) => person.full_name === DELIVERY_PERSON);
  expect(hamid, 'the demo delivery person').toBeDefined();
  await admin.send('PUT', '/api/parcels/delivery', { delivery_admin: hamid!.key, parcels: codes, force: true });
  await deliveryPerson.send('POST', '/api/parcels/states', { parcel: codes[FIRST], status: 'delivered' });
  await deliveryPerson.send('POST', '/api/parcels/states', { parcel: codes[SECOND], status: 'delivered' });
  await deliveryPerson.send('POST', '/api/parcels/states', { parcel: codes[REFUSED], status: 'refused', comment: 'Ne veut plus la commande' });
  for (const session of [merchant, admin, deliveryPerson]) await session.request.dispose();
});

test('the delivery person declares his cash on his phone and prints the declaration', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DELIVERY);
  // His home page says how much cash he holds.
  await page.goto(url('/compte/accueille'));
  const today = page.getByTestId('today-round');
  await expect(today).toContainText('Espèces en main');
  await expect(today.getByTestId('today-cash-value')).toContainText('DH');
  await expect(today.getByTestId('today-cash-value')).not.toHaveText(/^0,00\sDH$/);

  await page.goto(url('/compte/creer-facture'));
  await expect(page.getByTestId('declare-screen')).toBeVisible();
  const summary = page.getByTestId('eligible-summary');
  await expect(summary).toBeVisible();
  // Casablanca: 15 DH per delivered parcel, 5 DH per refused one.
  await expect(lineOf(page, 'declare-table', codes[FIRST]).getByTestId('line-amount')).toHaveText(shown(15000 - 1500));
  await expect(lineOf(page, 'declare-table', codes[SECOND]).getByTestId('line-amount')).toHaveText(shown(23000 - 1500));
  await expect(lineOf(page, 'declare-table', codes[REFUSED]).getByTestId('line-amount')).toHaveText(shown(-500));
  await expect(lineOf(page, 'declare-table', codes[REFUSED])).toContainText('Refusé');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'delivery-declare-phone');

  const posted = page.waitForResponse((response) => response.url().endsWith('/api/delivery-admins/invoices') && response.request().method() === 'POST');
  await page.getByTestId('declare-submit').click();
  const response = await posted;
  expect(response.status()).toBe(201);
  const invoice = (await response.json()).data as { key: string; total: number; number: string | null; parcels_count: number };
  deliveryKey = invoice.key;
  deliveryTotal = invoice.total;
  expect(invoice.number).toBeNull();
  const notice = page.getByTestId('invoices-notice');
  await expect(notice).toContainText(`colis,`);
  await expect(notice).toContainText(shown(deliveryTotal));
  const text = await printedPdf(page, () => notice.getByTestId('declare-print').click(), `/api/delivery-admins/invoices/${deliveryKey}/pdf`);
  for (const code of codes) expect(text).toContain(code);
  // Everything was declared.
  await expect(page.getByTestId('declare-empty')).toBeVisible();

  await page.goto(url('/compte/factures'));
  const row = page.getByTestId('invoices-table').locator(`[data-testid="table-row"][data-key="${deliveryKey}"]`);
  await expect(row).toContainText('Brouillon');
  await expect(row).toContainText('Pas encore compté');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the admin counts the cash 5 DH short, sees the difference, validates and prints the invoice', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/tableau-de-bord'));
  await expect(page.getByTestId('stat-cash-held')).toContainText('Espèces chez les livreurs');
  await page.goto(url(`/compte/factures-livreurs?facture=${deliveryKey}`));
  const detail = page.getByTestId('invoice-detail');
  await expect(detail).toHaveAttribute('data-status', 'draft');
  await expect(detail.getByTestId('invoice-summary-total-value')).toHaveText(shown(deliveryTotal));
  await expect(detail.getByTestId('invoice-details')).toContainText(DELIVERY_PERSON);
  for (const code of codes) await expect(lineOf(page, 'invoice-lines', code)).toBeVisible();
  await expect(detail.getByTestId('invoice-validate')).toHaveCount(0);

  const counted = deliveryTotal - 500;
  await detail.getByTestId('counted-input').fill(typed(counted));
  await expect(detail.getByTestId('counted-preview')).toContainText(/Manque 5,00\sDH/);
  await detail.getByTestId('counted-submit').click();
  await expect(page.getByTestId('invoices-notice')).toContainText('Montant compté enregistré');
  await expect(detail.getByTestId('invoice-counted')).toHaveText(shown(counted));
  const difference = detail.locator('[data-testid="invoice-difference"][data-kind="short"]').first();
  await expect(difference).toHaveText(/^Manque 5,00\sDH$/);
  // Red: the light theme's error colour (#C62828, readable under white text).
  expect(await difference.evaluate((chip) => getComputedStyle(chip).backgroundColor)).toBe('rgb(198, 40, 40)');
  await screenshot(page, 'admin-count-cash');

  await detail.getByTestId('invoice-validate').click();
  const confirm = page.getByTestId('invoice-validate-confirm');
  await expect(confirm.getByTestId('validate-difference')).toContainText(/Manque 5,00\sDH/);
  await confirm.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('invoices-notice')).toContainText(/Facture FL-\d{4}-\d{6} validée\./);
  await expect(detail).toHaveAttribute('data-status', 'validated');
  await expect(detail.getByTestId('invoice-number')).toHaveText(/^FL-\d{4}-\d{6}$/);
  deliveryNumber = ((await detail.getByTestId('invoice-number').textContent()) ?? '').trim();
  await expect(detail.getByTestId('count-cash')).toHaveCount(0);

  const text = await printedPdf(page, () => detail.getByTestId('invoice-print').click(), `/api/delivery-admins/invoices/${deliveryKey}/pdf`);
  expect(text).toContain(deliveryNumber);
  for (const code of codes) expect(text).toContain(code);

  // On the list of validated invoices, with its difference.
  await page.getByTestId('invoice-drawer').getByRole('button', { name: 'Fermer' }).click();
  await expect(detail).toHaveCount(0);
  await page.getByTestId('tab-validated').click();
  await search(page, deliveryNumber);
  const row = page.getByTestId('invoices-table').locator(`[data-testid="table-row"][data-key="${deliveryKey}"]`);
  await expect(row).toContainText(deliveryNumber);
  await expect(row.getByTestId('invoice-difference')).toHaveText(/^Manque 5,00\sDH$/);
});

test("the admin invoices the merchant's delivered parcels, validates, exports the transfers and records the payment", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/creer-facture-client'));
  await expect(page.getByTestId('tab-delivered')).toHaveAttribute('aria-selected', 'true');
  await search(page, DEMO_SHOP);
  const shopRow = page.getByTestId('holders-table').getByTestId('table-row').filter({ hasText: DEMO_SHOP });
  await expect(shopRow).toHaveCount(1);
  // The demo shop has no RIB.
  await expect(shopRow.getByTestId('rib-missing')).toBeVisible();
  await shopRow.getByText(DEMO_SHOP).first().click();
  const drawer = page.getByTestId('holder-drawer');
  await expect(drawer.getByTestId('rib-missing-alert')).toBeVisible();
  await expect(lineOf(page, 'eligible-lines-table', codes[FIRST])).toBeVisible();
  await expect(lineOf(page, 'eligible-lines-table', codes[SECOND])).toBeVisible();
  // A refused parcel goes on a returned invoice, once back.
  await expect(lineOf(page, 'eligible-lines-table', codes[REFUSED])).toHaveCount(0);
  await screenshot(page, 'admin-new-client-invoice');

  const posted = page.waitForResponse((response) => response.url().endsWith('/api/clients/invoices') && response.request().method() === 'POST');
  await drawer.getByTestId('eligible-lines-submit').click();
  const response = await posted;
  expect(response.status()).toBe(201);
  const invoice = (await response.json()).data as { key: string; total: number };
  merchantKey = invoice.key;
  const notice = page.getByTestId('invoices-notice');
  await expect(notice).toContainText(`Brouillon créé pour ${DEMO_SHOP}`);
  await notice.getByTestId('draft-open').click();
  await expect(page).toHaveURL(new RegExp(`/compte/factures-clients-livrees\\?facture=${merchantKey}$`));

  const detail = page.getByTestId('invoice-detail');
  await expect(detail).toHaveAttribute('data-status', 'draft');
  await expect(detail.getByTestId('invoice-summary-total-value')).toHaveText(shown(invoice.total));
  await expect(detail.getByTestId('rib-missing')).toBeVisible();
  await detail.getByTestId('invoice-validate').click();
  await page.getByTestId('invoice-validate-confirm').getByTestId('confirm-submit').click();
  await expect(page.getByTestId('invoices-notice')).toContainText(/Facture FC-\d{4}-\d{6} validée\./);
  await expect(detail.getByTestId('invoice-number')).toHaveText(/^FC-\d{4}-\d{6}$/);
  merchantNumber = ((await detail.getByTestId('invoice-number').textContent()) ?? '').trim();

  // Validated and unpaid, but without a RIB: the transfers file leaves it out and says so.
  await page.getByTestId('invoice-drawer').getByRole('button', { name: 'Fermer' }).click();
  await expect(detail).toHaveCount(0);
  await page.getByTestId('invoices-transfers').click();
  await expect(page.getByTestId('invoices-notice')).toContainText(/factures? laissées? de côté faute de RIB\./);

  await page.goto(url(`/compte/factures-clients-livrees?facture=${merchantKey}`));
  await expect(detail).toHaveAttribute('data-status', 'validated');
  await detail.getByTestId('invoice-pay').click();
  const dialog = page.getByTestId('invoice-pay-dialog');
  // A transfer unless told otherwise: refused here, the shop has no approved RIB (said in the
  // dialog); then a cheque.
  await expect(dialog.getByRole('radio', { name: 'Virement' })).toBeChecked();
  await dialog.locator('input[name="payment_reference"]').fill(REFERENCE);
  await expect(dialog.getByTestId('paid-on')).not.toHaveValue('');
  await dialog.getByTestId('form-submit').click();
  await expect(dialog).toContainText('Aucun RIB approuvé pour cette boutique');
  await dialog.getByRole('radio', { name: 'Chèque' }).check();
  await screenshot(page, 'admin-record-payment');
  await dialog.getByTestId('form-submit').click();
  await expect(page.getByTestId('invoices-notice')).toContainText(`Facture ${merchantNumber} payée.`);
  await expect(detail).toHaveAttribute('data-status', 'paid');
  await expect(detail.getByTestId('invoice-payment-reference')).toContainText(`Chèque n° ${REFERENCE}`);
});

test('the merchant sees the paid invoice, its PDF, and the invoice in his parcel', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/factures-livrees'));
  await page.getByTestId('tab-paid').click();
  await search(page, merchantNumber);
  const row = page.getByTestId('invoices-table').locator(`[data-testid="table-row"][data-key="${merchantKey}"]`);
  await expect(row).toContainText(merchantNumber);
  await expect(row).toContainText('Payée');
  await row.getByText(merchantNumber).click();
  const detail = page.getByTestId('invoice-detail');
  await expect(detail.getByTestId('invoice-payment-reference')).toContainText(`Chèque n° ${REFERENCE}`);
  // Validated since TVA exists: its fees' TVA beside the totals.
  await expect(detail.getByTestId('invoice-tva')).toContainText('Frais TTC');
  await expect(lineOf(page, 'invoice-lines', codes[FIRST])).toBeVisible();
  await expect(lineOf(page, 'invoice-lines', codes[SECOND])).toBeVisible();
  for (const action of ['invoice-validate', 'invoice-pay', 'invoice-delete']) await expect(detail.getByTestId(action)).toHaveCount(0);
  await screenshot(page, 'merchant-paid-invoice');
  const text = await printedPdf(page, () => detail.getByTestId('invoice-print').click(), `/api/clients/invoices/${merchantKey}/pdf`);
  expect(text).toContain(merchantNumber);
  expect(text).toContain(codes[FIRST]);
  expect(text).toContain(codes[SECOND]);
  expect(text).not.toContain(codes[REFUSED]);
  // How it was paid, and its fees' TVA apart from the COD.
  expect(text).toContain(`Chèque n° ${REFERENCE}`);
  expect(text).toContain('Frais HT');
  expect(text).toContain('(débours)');

  // The parcel's drawer names the invoice it is on.
  await page.goto(url(`/compte/tous-les-colis?colis=${codes[FIRST]}`));
  const invoices = page.getByTestId('parcel-invoices');
  await expect(invoices.getByRole('link', { name: merchantKey })).toHaveAttribute('href', `/compte/factures-livrees?facture=${merchantKey}`);
  // A merchant sees no delivery invoice.
  await expect(invoices.getByTestId('parcel-invoice-delivery_admin_invoice')).toHaveCount(0);
});
