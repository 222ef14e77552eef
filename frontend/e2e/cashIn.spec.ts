// A merchant is paid from cash received, against the real server. Through the API: a parcel of
// the demo shop picked up, shipped to the demo delivery person and delivered. In the browser: the
// merchant sees it « Espèces chez le livreur » on the parcel; once the
// delivery person's declaration is counted and validated, it is « Encaissé, à verser ».
import { ADMIN, MERCHANT, DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, parcelsOutWithDemoDeliveryPerson, screenshot, signIn, url } from './helpers';

const RUN = String(Date.now()).slice(-6);
let code = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  [code] = await parcelsOutWithDemoDeliveryPerson(playwright, [
    { recipient_name: `Encaissement ${RUN}`, recipient_phone: `0661${RUN}`, cod_amount: 31_500 },
  ]);
  const deliveryPerson = await apiClient(playwright, DELIVERY);
  await deliveryPerson.send('POST', '/api/parcels/states', { parcel: code, status: 'delivered' });
  await deliveryPerson.request.dispose();
});

test('the merchant sees the cash with the delivery person, then received and to be paid', async ({ page, playwright }) => {
  await signIn(page, MERCHANT);
  await page.goto(url(`/compte/tous-les-colis?colis=${code}`));
  const payout = page.getByTestId('parcel-drawer').getByTestId('parcel-payout');
  await expect(payout).toHaveAttribute('data-state', 'awaiting_cash');
  await expect(payout).toHaveText('Espèces chez le livreur');
  await screenshot(page, 'merchant-cash-with-delivery-person');

  // The delivery person declares this parcel's cash; the admin counts it and validates.
  const admin = await apiClient(playwright, ADMIN);
  const deliveryPerson = await apiClient(playwright, DELIVERY);
  const declared = (await deliveryPerson.send('POST', '/api/delivery-admins/invoices', { parcels: [code] })).data;
  await admin.send('PUT', `/api/delivery-admins/invoices/${declared.key}`, { counted_amount: declared.total });
  await admin.send('PUT', `/api/delivery-admins/invoices/${declared.key}`, { status: 'validated' });
  for (const session of [admin, deliveryPerson]) await session.request.dispose();

  await page.reload();
  await expect(page.getByTestId('parcel-drawer').getByTestId('parcel-payout')).toHaveAttribute('data-state', 'to_pay');
  await expect(page.getByTestId('parcel-drawer').getByTestId('parcel-payout')).toHaveText('Encaissé, à verser');
});
