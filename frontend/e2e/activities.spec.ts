// The activity log against the real server (issue 21): a quick round through the API (a parcel
// of 565,50 DH net delivered by the demo delivery person, who declares it; the admin counts
// 560 DH); then in the browser the admin finds the counting in the log by the invoice's code,
// reads its amounts as money ("560,00 DH", not 56000), and downloads the filtered log as CSV.
import fs from 'node:fs';
import { ADMIN, MERCHANT, DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, DEMO_SHOP, screenshot, signIn, url } from './helpers';

// Unique per run: the test can run again on the same database.
const RUN = String(Date.now()).slice(-6);
const DELIVERY_PERSON = 'Hamid Ouazzani';
let invoiceKey = '';

test.beforeAll(async ({ playwright }) => {
  const merchant = await apiClient(playwright, MERCHANT);
  const admin = await apiClient(playwright, ADMIN);
  const deliveryPerson = await apiClient(playwright, DELIVERY);
  const shop = (await merchant.send('GET', '/api/shops?per_page=100')).data.find((candidate) => candidate.name === DEMO_SHOP);
  expect(shop, 'the demo shop').toBeDefined();
  const created = await merchant.send('POST', '/api/parcels', {
    shop: shop!.key,
    recipient_name: `Journal ${RUN}`,
    recipient_phone: `06${RUN}91`,
    city: 'Casablanca',
    address: '12 boulevard Zerktouni',
    cod_amount: 58050,
    product: 'Tapis',
  });
  const code = String(created.data.key);
  const voucher = await merchant.send('POST', '/api/pickup-vouchers', { parcels: [code] });
  await admin.send('PUT', '/api/pickup-vouchers/pickup', { voucher: voucher.data.key, parcels: [code] });
  const hamid = (await admin.send('GET', '/api/delivery-admins?q=Hamid')).data.find((person) => person.full_name === DELIVERY_PERSON);
  expect(hamid, 'the demo delivery person').toBeDefined();
  await admin.send('PUT', '/api/parcels/delivery', { delivery_admin: hamid!.key, parcels: [code], force: true });
  await deliveryPerson.send('POST', '/api/parcels/states', { parcel: code, status: 'delivered' });
  // 580,50 DH collected less his 15 DH: 565,50 DH due; 560 DH counted.
  const invoice = await deliveryPerson.send('POST', '/api/delivery-admins/invoices', { parcels: [code] });
  invoiceKey = String(invoice.data.key);
  expect(invoice.data.total).toBe(56550);
  await admin.send('PUT', `/api/delivery-admins/invoices/${invoiceKey}`, { counted_amount: 56000 });
  for (const session of [merchant, admin, deliveryPerson]) await session.request.dispose();
});

test('the admin reads amounts as money in the log and exports it as CSV', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/activites'));
  await expect(page.getByTestId('activities-screen')).toBeVisible();
  await page.getByTestId('filter-subject_key').fill(invoiceKey);
  const rows = page.getByTestId('activities-table').getByTestId('table-row');
  const counted = rows.filter({ hasText: "Espèces d'une facture livreur comptées" });
  await expect(counted).toHaveCount(1);
  await expect(counted).toContainText(/Espèces comptées : 560,00\sDH · Total : 565,50\sDH · Écart : -5,50\sDH/);
  await expect(counted).not.toContainText('56000');
  await expect(rows).toHaveCount(2);
  await screenshot(page, 'activities-money');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('activities-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activites-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = new URL(download.url());
  expect(exported.pathname).toBe('/api/activities/export');
  expect(exported.searchParams.get('subject_key')).toBe(invoiceKey);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\ufeffDate (UTC);Personne;Rôle;Action;Objet;Détails;Montant (DH)\r\n')).toBe(true);
  const lines = text.slice(1).trim().split('\r\n');
  // The header, the counting, the declaration: the screen's filter, nothing else.
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`;${invoiceKey};Espèces comptées : 560,00\u00a0DH · Total : 565,50\u00a0DH · Écart : -5,50\u00a0DH`);
  expect(lines[2]).toContain('Facture livreur créée');
});
