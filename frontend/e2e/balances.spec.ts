// Delivery people's balances against the real server (issue 21). Through the API: a parcel of the merchant
// delivered by the demo delivery person, who declares his cash. In the browser: the admin counts
// it 10 DH short and validates; the shortage shows on the admin's side (the balances screen with
// its entry, the delivery people list) and on the delivery person's home on his phone; the admin
// records his payment, and the balance is back to zero on both sides.
import type { Page } from '@playwright/test';
import { ADMIN, MERCHANT, DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, DEMO_SHOP, screenshot, signIn, url } from './helpers';

const RUN = String(Date.now()).slice(-6);
const DELIVERY_PERSON = 'Hamid Ouazzani';
const SHORT = 1000;

let deliveryPersonKey = '';
let invoiceKey = '';
/** His balance before this run (other tests may have left one), then after the shortage. */
let before = 0;
let owed = 0;

/** "1 234,50 DH" as the screens show it. */
function shown(centimes: number): string {
  const whole = String(Math.trunc(Math.abs(centimes) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${whole},${String(Math.abs(centimes) % 100).padStart(2, '0')}`;
}

/** "1 234,50" as a person types it. */
function typed(centimes: number): string {
  return `${Math.trunc(centimes / 100)},${String(Math.abs(centimes) % 100).padStart(2, '0')}`;
}

function noSidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const merchant = await apiClient(playwright, MERCHANT);
  const admin = await apiClient(playwright, ADMIN);
  const deliveryPerson = await apiClient(playwright, DELIVERY);
  const shop = (await merchant.send('GET', '/api/shops?per_page=100')).data.find((candidate) => candidate.name === DEMO_SHOP);
  expect(shop, 'the demo shop').toBeDefined();
  const created = await merchant.send('POST', '/api/parcels', {
    shop: shop!.key,
    recipient_name: `Écart ${RUN}`,
    recipient_phone: `06${RUN}91`,
    city: 'Casablanca',
    address: '9 rue Ibnou Mounir, Maarif',
    cod_amount: 20000,
    product: 'Coffret de thé',
  });
  const code = String(created.data.key);
  const voucher = await merchant.send('POST', '/api/pickup-vouchers', { parcels: [code] });
  await admin.send('PUT', '/api/pickup-vouchers/pickup', { voucher: voucher.data.key, parcels: [code] });
  const hamid = (await admin.send('GET', '/api/delivery-admins?q=Hamid')).data.find((person) => person.full_name === DELIVERY_PERSON);
  expect(hamid, 'the demo delivery person').toBeDefined();
  deliveryPersonKey = String(hamid!.key);
  await admin.send('PUT', '/api/parcels/delivery', { delivery_admin: deliveryPersonKey, parcels: [code], force: true });
  await deliveryPerson.send('POST', '/api/parcels/states', { parcel: code, status: 'delivered' });
  invoiceKey = String((await deliveryPerson.send('POST', '/api/delivery-admins/invoices', {})).data.key);
  before = Number((await admin.send('GET', `/api/delivery-admins/${deliveryPersonKey}/balance`)).data.balance);
  for (const session of [merchant, admin, deliveryPerson]) await session.request.dispose();
});

test('the admin counts the cash 10 DH short: the shortage is on his balance, on the balances screen and the delivery people list', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url(`/compte/factures-livreurs?facture=${invoiceKey}`));
  const detail = page.getByTestId('invoice-detail');
  await expect(detail).toHaveAttribute('data-status', 'draft');
  const total = Number(((await detail.getByTestId('invoice-summary-total-value').textContent()) ?? '').replace(/[^\d,-]/g, '').replace(',', '.')) * 100;
  await detail.getByTestId('counted-input').fill(typed(Math.round(total) - SHORT));
  await expect(detail.getByTestId('counted-preview')).toContainText(/Manque 10,00\sDH/);
  await detail.getByTestId('counted-submit').click();
  await expect(page.getByTestId('invoices-notice')).toContainText('Montant compté enregistré');
  await detail.getByTestId('invoice-validate').click();
  await page.getByTestId('invoice-validate-confirm').getByTestId('confirm-submit').click();
  await expect(detail).toHaveAttribute('data-status', 'validated');
  owed = before + SHORT;

  // The delivery invoices lead to the balances; those who owe come first.
  await page.getByTestId('invoice-drawer').getByRole('button', { name: 'Fermer' }).click();
  await page.getByTestId('invoices-balances').click();
  await expect(page).toHaveURL(/\/compte\/ecarts-livreurs/);
  const row = page.getByTestId('balances-table').getByTestId('table-row').filter({ hasText: DELIVERY_PERSON });
  await expect(row.getByTestId('balance-row-balance')).toHaveText(new RegExp(`^Doit ${shown(owed)}\\sDH$`));
  await row.getByText(DELIVERY_PERSON).click();
  const balance = page.getByTestId('balance-detail');
  await expect(balance.getByTestId('balance-amount')).toHaveText(new RegExp(`^${shown(owed)}\\sDH$`));
  const entry = balance.getByTestId('table-row').first();
  await expect(entry).toContainText('Écart de facture');
  await expect(entry).toContainText(/Facture FL-\d{4}-\d{6}/);
  await expect(entry.getByTestId('balance-entry-amount')).toHaveText(/^\+10,00\sDH$/);
  await screenshot(page, 'admin-courier-balance');

  // On the delivery people list too.
  await page.goto(url('/compte/livreurs'));
  const person = page.getByTestId('table-row').filter({ hasText: DELIVERY_PERSON });
  await expect(person.getByTestId('deliveryman-balance')).toHaveText(new RegExp(`^Doit ${shown(owed)}\\sDH$`));
});

test('the delivery person sees what he owes on his home, on his phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DELIVERY);
  await page.goto(url('/compte/accueille'));
  await expect(page.getByTestId('today-balance-value')).toHaveText(new RegExp(`^Vous devez ${shown(owed)}\\sDH$`));
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(390);
  await page.goto(url('/compte/factures'));
  await expect(page.getByTestId('my-balance-value')).toHaveText(new RegExp(`^Vous devez ${shown(owed)}\\sDH$`));
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(390);
  await screenshot(page, 'delivery-own-balance-phone');
});

test('the admin records his payment: the balance is back to zero on both sides', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  await page.goto(url(`/compte/ecarts-livreurs?livreur=${deliveryPersonKey}`));
  const balance = page.getByTestId('balance-detail');
  await expect(balance.getByTestId('balance-amount')).toHaveText(new RegExp(`^${shown(owed)}\\sDH$`));
  await balance.getByTestId('balance-settle').click();
  const dialog = page.getByTestId('settle-dialog');
  // The whole balance to start with.
  await expect(dialog.getByLabel(/^Montant/)).toHaveValue(typed(owed));
  await dialog.getByLabel(/^Référence/).fill(`REÇU-${RUN}`);
  await dialog.getByTestId('form-submit').click();
  await expect(page.getByTestId('balances-notice')).toContainText(/Règlement enregistré : solde de Hamid Ouazzani : 0,00\sDH\./);
  await expect(balance.getByTestId('balance-side')).toHaveText('Aucun écart');
  await expect(balance.getByTestId('table-row').first()).toContainText(`Réf. REÇU-${RUN}`);
  // Nobody owes any more: not on the list of those who do.
  await page.goto(url('/compte/ecarts-livreurs'));
  await expect(page.getByTestId('balances-table').getByTestId('table-row').filter({ hasText: DELIVERY_PERSON })).toHaveCount(0);

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, DELIVERY);
  await phone.goto(url('/compte/accueille'));
  await expect(phone.getByTestId('today-balance-value')).toHaveText('Aucun écart');
  await phone.close();
});
