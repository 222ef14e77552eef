// Payout accounts and legal invoices against the real server. A quick round through the API (two
// parcels of the demo shop, picked up, shipped to the demo delivery person, delivered); then in
// the browser: the merchant gives his shop a new RIB with his bank's certificate (a PDF) and sees
// it pending (on the shop and his dashboard); the admin approves it from the dashboard's work
// queue, seeing only its last 4 digits in the list, the whole RIB asked for split in the approval
// beside the certificate he opens; the merchant sees it approved; the client invoice validated
// next is paid to it, and its PDF shows the company's ICE, the merchant's ICE and the new RIB. The
// admin's screens of this part fit a phone.
import type { Page } from '@playwright/test';
import { ADMIN, MERCHANT, DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, DEMO_SHOP, openedDocument, printedPdf, screenshot, search, signIn, url, validRib } from './helpers';

const RUN = String(Date.now()).slice(-6);
const DELIVERY_PERSON = 'Hamid Ouazzani';
/** seed-demo's company identity and merchant ICE. */
const COMPANY_ICE = '001234567000089';
const MERCHANT_ICE = '002345678000012';

/** Unique per run, so the test can run again on the same database. */
const NEW_RIB = validRib(`230181${RUN}0000000000`.slice(0, 22));
const LAST4 = NEW_RIB.slice(-4);
const grouped = (rib: string) => rib.replace(/(\d{4})(?=\d)/g, '$1 ');
/** The bank's certificate the merchant attaches: a small PDF (the server types it by its content). */
const CERTIFICATE = {
  name: `attestation-rib-${RUN}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};
/** Where a RIB change's certificate is served. */
const CERTIFICATE_URL = /\/api\/shops\/bank-account-changes\/[^/]+\/certificate$/;

const codes: string[] = [];
let invoiceKey = '';
let invoiceNumber = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const merchant = await apiClient(playwright, MERCHANT);
  const admin = await apiClient(playwright, ADMIN);
  const deliveryPerson = await apiClient(playwright, DELIVERY);
  const shops = (await merchant.send('GET', '/api/shops?per_page=100')).data;
  const shop = shops.find((candidate) => candidate.name === DEMO_SHOP);
  expect(shop, 'the demo shop').toBeDefined();
  for (const [index, amount] of [42000, 37550].entries()) {
    const created = await merchant.send('POST', '/api/parcels', {
      shop: shop!.key,
      recipient_name: `Virement ${RUN} ${index + 1}`,
      recipient_phone: `06${RUN}7${index}`,
      city: 'Casablanca',
      address: `${index + 1} boulevard Zerktouni`,
      cod_amount: amount,
      product: 'Caftan brodé',
    });
    codes.push(String(created.data.key));
  }
  const voucher = await merchant.send('POST', '/api/pickup-vouchers', { parcels: codes });
  await admin.send('PUT', '/api/pickup-vouchers/pickup', { voucher: voucher.data.key, parcels: codes });
  const hamid = (await admin.send('GET', '/api/delivery-admins?q=Hamid')).data.find((person) => person.full_name === DELIVERY_PERSON);
  expect(hamid, 'the demo delivery person').toBeDefined();
  await admin.send('PUT', '/api/parcels/delivery', { delivery_admin: hamid!.key, parcels: codes, force: true });
  for (const code of codes) await deliveryPerson.send('POST', '/api/parcels/states', { parcel: code, status: 'delivered' });
  // He hands over their cash (his declaration counted and validated): the shop can be paid.
  const declared = (await deliveryPerson.send('POST', '/api/delivery-admins/invoices', { parcels: codes })).data;
  await admin.send('PUT', `/api/delivery-admins/invoices/${declared.key}`, { counted_amount: declared.total });
  await admin.send('PUT', `/api/delivery-admins/invoices/${declared.key}`, { status: 'validated' });
  for (const session of [merchant, admin, deliveryPerson]) await session.request.dispose();
});

/** The demo shop's row on the merchant's shops screen. */
async function shopRow(page: Page) {
  await page.goto(url('/compte/shops'));
  await search(page, DEMO_SHOP);
  const row = page.getByTestId('table-row').filter({ hasText: DEMO_SHOP });
  await expect(row).toHaveCount(1);
  return row;
}

test('the merchant gives his shop a new RIB with its certificate and sees it waiting for approval', async ({ page }) => {
  await signIn(page, MERCHANT);
  const row = await shopRow(page);
  await row.getByRole('button', { name: `Modifier ${DEMO_SHOP}` }).click();
  const dialog = page.getByTestId('form-dialog');
  await dialog.locator('input[name="bank_account"]').fill(grouped(NEW_RIB));
  await dialog.getByTestId('certificate-input').setInputFiles(CERTIFICATE);
  // Checked in the browser first (type and size): the file is kept once it passed.
  await expect(dialog.getByTestId('certificate-file-name')).toHaveText(CERTIFICATE.name);
  await expect(dialog.getByTestId('certificate-field')).not.toContainText('doit être');
  const uploaded = page.waitForResponse((response) => CERTIFICATE_URL.test(new URL(response.url()).pathname) && response.request().method() === 'PUT');
  await dialog.getByTestId('form-submit').click();
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByTestId('resource-notice')).toContainText('Demande envoyée');
  const change = row.getByTestId('rib-change');
  await expect(change).toHaveAttribute('data-status', 'pending');
  await expect(change).toContainText(grouped(NEW_RIB));
  // The certificate sent with it opens from the pending change, as the file he gave.
  const opened = await openedDocument(page, () => row.getByTestId('certificate-open').click(), {
    prefix: '/api/shops/bank-account-changes/',
    pattern: CERTIFICATE_URL,
    contentType: 'application/pdf',
  });
  expect(opened.equals(CERTIFICATE.buffer)).toBe(true);
  // Money still goes where it went: the approved RIB did not change.
  await expect(row.getByTestId('shop-rib')).not.toContainText(grouped(NEW_RIB));
  await screenshot(page, 'merchant-rib-pending');

  await page.goto(url('/compte/accueille'));
  const notice = page.getByTestId('rib-notice');
  await expect(notice).toHaveAttribute('data-status', 'pending');
  await expect(notice).toContainText(`${DEMO_SHOP} : nouveau RIB ${grouped(NEW_RIB)} en attente de validation.`);
});

test('the admin approves it from his work queue, seeing its last 4 digits only, checking the whole RIB against the certificate', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/tableau-de-bord'));
  const card = page.getByTestId('queue-rib-changes');
  await expect(card.getByTestId('queue-rib-changes-count')).not.toHaveText(/^0$/);
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/compte\/changements-de-rib$/);
  const row = page.getByTestId('table-row').filter({ hasText: `•••• ${LAST4}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(DEMO_SHOP);
  await expect(page.getByTestId('bank-account-changes-screen')).not.toContainText(NEW_RIB);
  await expect(page.getByTestId('bank-account-changes-screen')).not.toContainText(grouped(NEW_RIB));
  await screenshot(page, 'admin-rib-changes');
  await expect(row.getByTestId('change-certificate')).toContainText('Ouvrir l’attestation');
  await row.getByRole('button', { name: `Approuver ${DEMO_SHOP}` }).click();
  const approval = page.getByTestId(`approve-dialog-${LAST4}`);
  // The whole RIB asked for, split as the bank's certificate prints it.
  await expect(approval.getByTestId('requested-bank')).toContainText(NEW_RIB.slice(0, 3));
  await expect(approval.getByTestId('requested-city')).toContainText(NEW_RIB.slice(3, 6));
  await expect(approval.getByTestId('requested-account')).toContainText(NEW_RIB.slice(6, 22));
  await expect(approval.getByTestId('requested-key')).toContainText(NEW_RIB.slice(22));
  await expect(approval.getByTestId('certificate-none')).toHaveCount(0);
  await screenshot(page, 'admin-rib-approval');
  await openedDocument(page, () => approval.getByTestId('certificate-open').click(), {
    prefix: '/api/shops/bank-account-changes/',
    pattern: CERTIFICATE_URL,
    contentType: 'application/pdf',
  });
  await approval.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('resource-notice')).toContainText('Nouveau RIB approuvé.');
  await expect(page.getByTestId('table-row').filter({ hasText: `•••• ${LAST4}` })).toHaveCount(0);
});

test('the merchant sees it approved, and it is where his next invoice is paid', async ({ page, playwright }) => {
  await signIn(page, MERCHANT);
  const row = await shopRow(page);
  await expect(row.getByTestId('shop-rib')).toHaveText(grouped(NEW_RIB));
  await expect(row.getByTestId('rib-change')).toHaveAttribute('data-status', 'approved');
  await page.goto(url('/compte/accueille'));
  await expect(page.getByTestId('rib-notice')).toHaveAttribute('data-status', 'approved');
  await expect(page.getByTestId('rib-notice')).toContainText('Les prochains virements y seront faits.');

  // The staff invoice the shop's delivered parcels and validate it: it keeps the new RIB.
  const admin = await apiClient(playwright, ADMIN);
  const shops = (await admin.send('GET', `/api/shops?q=${encodeURIComponent(DEMO_SHOP)}`)).data;
  const shop = shops.find((candidate) => candidate.name === DEMO_SHOP)!;
  const draft = await admin.send('POST', '/api/clients/invoices', { shop: shop.key, type: 'delivered' });
  invoiceKey = String(draft.data.key);
  const validated = await admin.send('PUT', `/api/clients/invoices/${invoiceKey}`, { status: 'validated' });
  invoiceNumber = String(validated.data.number);
  await admin.request.dispose();

  await page.goto(url(`/compte/factures-livrees?facture=${invoiceKey}`));
  const detail = page.getByTestId('invoice-detail');
  await expect(detail.getByTestId('invoice-number')).toHaveText(invoiceNumber);
  await expect(detail.getByTestId('invoice-rib')).toHaveText(grouped(NEW_RIB));
  const text = await printedPdf(page, () => detail.getByTestId('invoice-print').click(), `/api/clients/invoices/${invoiceKey}/pdf`);
  const joined = text.replace(/\s+/g, '');
  expect(text).toContain(`ICE ${COMPANY_ICE}`);
  expect(text).toContain(`ICE : ${MERCHANT_ICE}`);
  expect(joined).toContain(NEW_RIB);
  expect(text).toContain(`Facture ${invoiceNumber}`);
  expect(text).toMatch(/Page 1 \/ \d+/);
  for (const code of codes) expect(text).toContain(code);
  expect(text).not.toContain(invoiceKey);
});

test("the admin's RIB changes and company settings fit a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  for (const [path, testId] of [
    ['/compte/changements-de-rib', 'bank-account-changes-screen'],
    ['/compte/parametres', 'company-settings-screen'],
  ] as const) {
    await page.goto(url(path));
    await expect(page.getByTestId(testId)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  // The legal identity seed-demo set, as the documents print it.
  await expect(page.getByTestId('company-footer-preview')).toContainText(`ICE ${COMPANY_ICE}`);
  await screenshot(page, 'admin-company-settings-phone');
});
