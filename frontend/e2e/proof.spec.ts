// Proof of delivery on the phone, against the real server: the demo merchant asks for the
// recipient's signature; the delivery person, at 390 px, cannot record « Livré » without it, then
// has the recipient sign with a finger (drawn with the pointer), takes a photo (a 12-megapixel
// picture as the camera gives it, made small on the phone: at most 200 KB), names who signed; the parcel's drawer shows
// both images as the server keeps them, and the public tracking page says who signed by
// initials. The merchant's requirement is put back afterwards (other tests deliver his parcels).
import { ADMIN, DELIVERY, MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, drawSignature, parcelsOutWithDemoDeliveryPerson, screenshot, search, signIn, url } from './helpers';

const RUN = String(Date.now()).slice(-6);
let code = '';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, permissions: ['geolocation'], geolocation: { latitude: 33.5731, longitude: -7.5898, accuracy: 15 } });

test.beforeAll(async ({ playwright }) => {
  [code] = await parcelsOutWithDemoDeliveryPerson(playwright, [
    { recipient_name: `Preuve ${RUN}`, recipient_phone: `06${RUN}44`, cod_amount: 18000 },
  ]);
  const merchant = await apiClient(playwright, MERCHANT);
  await merchant.send('PUT', '/api/users/delivery-proof', { delivery_proof: 'signature' });
  await merchant.request.dispose();
});

test.afterAll(async ({ playwright }) => {
  const merchant = await apiClient(playwright, MERCHANT);
  await merchant.send('PUT', '/api/users/delivery-proof', { delivery_proof: 'none' });
  await merchant.request.dispose();
});

test('the delivery person records « Livré » with the signature the merchant requires and a photo', async ({ page }) => {
  await signIn(page, DELIVERY);
  await page.goto(url('/compte/colis-expedies'));
  await search(page, code);
  const card = page.locator(`[data-testid="round-card"][data-key="${code}"]`);
  await card.getByTestId('round-outcome').click();
  const sheet = page.getByTestId('outcome-body');
  await sheet.getByTestId('outcome-delivered').click();
  await expect(sheet.getByTestId('proof-required')).toContainText('signature du destinataire');
  await expect(sheet.getByTestId('proof-position')).toContainText('Position relevée (± 15 m)');

  // Without the signature: said under the pad, nothing sent.
  await sheet.getByTestId('outcome-submit').click();
  await expect(sheet.getByTestId('signature-error')).toContainText('Ce marchand demande la signature du destinataire.');

  // The recipient signs; a photo from the camera.
  await drawSignature(page, sheet);
  // A 12-megapixel camera photo (a gradient with grain, about as hard to compress as a real one)
  // handed to the input as the phone's camera would: made small on the phone before it is sent.
  await sheet.getByTestId('proof-photo-input').evaluate(async (input: HTMLInputElement) => {
    const [width, height] = [4032, 3024];
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    const image = context.createImageData(width, height);
    let seed = 7;
    for (let i = 0; i < image.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed % 41) - 20;
      const x = (i / 4) % width;
      image.data[i] = (x / width) * 200 + grain;
      image.data[i + 1] = 120 + grain;
      image.data[i + 2] = (((i / 4 / width) | 0) / height) * 220 + grain;
      image.data[i + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], 'IMG_0042.jpg', { type: 'image/jpeg' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(sheet.getByTestId('proof-photo-preview')).toBeVisible({ timeout: 20_000 });
  const sentKb = Number(/(\d+) Ko/.exec((await sheet.getByText(/\d+ Ko$/).textContent()) ?? '')?.[1]);
  console.log(`a 12-megapixel photo is sent as ${sentKb} KB`);
  expect(sentKb).toBeLessThanOrEqual(200);
  await sheet.getByTestId('proof-signed-by').fill('Fatima Zahra');
  await screenshot(page, 'delivery-proof-sheet');
  await sheet.getByTestId('outcome-submit').click();
  await expect(page.getByTestId('round-notice')).toContainText(`Colis ${code} : Livré.`);

  // The drawer shows what the server kept: both images load, who signed, where.
  await page.goto(url(`/compte/colis-expedies?colis=${code}`));
  const proof = page.getByTestId('parcel-proof');
  await expect(proof).toContainText('Signé par Fatima Zahra');
  await expect(proof.getByTestId('proof-position')).toHaveText('33.57310, -7.58980');
  for (const image of ['proof-signature', 'proof-photo']) {
    await expect.poll(() => proof.getByTestId(image).evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.getByTestId('parcel-history')).toContainText('Preuve de livraison jointe');
  // What the server keeps for this delivery: the signature and the photo, under 250 KB.
  const kept = await page.request.get(url(`/api/parcels/${code}/proofs`));
  const bytes = ((await kept.json()) as { data: Array<{ bytes: number }> }).data[0].bytes;
  console.log(`proof kept for one delivery: ${Math.round(bytes / 1024)} KB`);
  expect(bytes).toBeLessThan(250 * 1024);
  await screenshot(page, 'delivery-proof-drawer');
});

test('the merchant and an admin see the proof; the public tracking page names who signed by initials', async ({ page, browser }) => {
  await signIn(page, MERCHANT);
  await page.goto(url(`/compte/tous-les-colis?colis=${code}`));
  await expect(page.getByTestId('parcel-proof')).toContainText('Signé par Fatima Zahra');
  const admin = await browser.newPage();
  await signIn(admin, ADMIN);
  await admin.goto(url(`/compte/tous-les-colis?colis=${code}`));
  await expect(admin.getByTestId('parcel-proof').getByTestId('proof-signature')).toBeVisible();
  await admin.close();

  const visitor = await browser.newPage();
  await visitor.goto(url(`/suivi/${code}`));
  await expect(visitor.getByTestId('tracking-signed-by')).toHaveText('Signé par F. Z.');
  await visitor.close();
});
