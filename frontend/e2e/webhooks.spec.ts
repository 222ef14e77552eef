// The merchant connects his shop, at phone size: he adds a webhook on /compte/profile, keeps its
// secret, sends a test, and his shop (a real HTTP receiver on loopback, checking the signature
// with Node's own HMAC) receives the parcel he creates; the log shows each delivery received,
// the parcel it is about, and its attempts with the shop's answer.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { DEMO_SHOP, apiClient, screenshot, signIn, url } from './helpers';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Whether `Colivra-Signature` is t=…,v1=HMAC-SHA256(secret, "<t>.<body>"). */
function signedWith(hit: Received, secret: string): boolean {
  const header = String(hit.headers['colivra-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = crypto.createHmac('sha256', secret).update(`${parts.t}.${hit.body}`).digest('hex');
  return typeof parts.v1 === 'string' && crypto.timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}

test('the merchant adds a webhook on his phone and his shop receives his parcel, signed', async ({ page, playwright }) => {
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/colivra`;
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, MERCHANT);
    await page.goto(url('/compte/profile'));
    const card = page.getByTestId('webhooks-card');
    await card.getByLabel(/^Adresse de réception/).fill(endpoint);
    await card.getByRole('checkbox', { name: 'Colis créé' }).check();
    await card.getByRole('button', { name: 'Ajouter' }).click();
    const dialog = page.getByTestId('webhook-secret-dialog');
    const secret = await dialog.getByTestId('webhook-secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'J’ai copié le secret' }).click();
    await expect(dialog).toBeHidden();
    const row = card.getByTestId('webhook-row').filter({ hasText: endpoint });
    await expect(row).toContainText('Actif');
    await expect(row).toContainText('Colis créé');
    await row.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'profile-webhooks-phone');

    // The test button: a ping arrives, signed with the secret shown once.
    await row.getByRole('button', { name: 'Envoyer un test' }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    expect(JSON.parse(received[0].body).type).toBe('ping');
    expect(signedWith(received[0], secret)).toBe(true);
    expect(signedWith(received[0], 'whsec_autre')).toBe(false);

    // A parcel created by his shop's integration comes back as parcel.created.
    const merchant = await apiClient(playwright, MERCHANT);
    const shop = (await merchant.send('GET', '/api/shops?per_page=100')).data.find((candidate) => candidate.name === DEMO_SHOP);
    const created = await merchant.send('POST', '/api/parcels', {
      shop: shop!.key,
      recipient_name: 'فاطمة الزهراء',
      recipient_phone: '0661234567',
      city: 'Casablanca',
      address: '4 rue de Fès',
      cod_amount: 19900,
      product: 'Caftan',
      reference: `WC-${Date.now().toString(36)}`,
    });
    await merchant.request.dispose();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    const event = JSON.parse(received[1].body) as { id: string; type: string; data: Record<string, unknown> };
    expect(event.type).toBe('parcel.created');
    expect(event.data.key).toBe(created.data.key);
    expect(event.data.cod_amount).toBe(19900);
    expect(received[1].headers['colivra-event-id']).toBe(event.id);
    expect(signedWith(received[1], secret)).toBe(true);

    // The log: both received, at the first attempt; the parcel's delivery names the parcel.
    await row.getByRole('button', { name: 'Journal' }).click();
    const log = page.getByTestId('webhook-log');
    const deliveries = log.getByTestId('table-row');
    await expect(deliveries).toHaveCount(2);
    await expect(log.getByTestId('webhook-delivery-status').filter({ hasText: 'Reçu' })).toHaveCount(2);
    const parcelDelivery = deliveries.filter({ has: page.getByTestId('webhook-delivery-subject') });
    await expect(parcelDelivery).toHaveCount(1);
    await expect(parcelDelivery.getByTestId('webhook-delivery-subject')).toHaveText(String(created.data.key));
    await expect(parcelDelivery).toContainText('Colis créé');
    /** How far a dialog's content runs past its width (nothing scrolls sideways at 390 px). */
    const sideways = (dialog: typeof log) =>
      dialog.locator('.MuiDialogContent-root').evaluate((content) => content.scrollWidth - content.clientWidth);
    expect(await sideways(log)).toBeLessThanOrEqual(0);
    await screenshot(page, 'profile-webhook-log-phone');

    // Its attempts: the one the shop answered, with its status, its time and the answer's bytes.
    await parcelDelivery.getByRole('button', { name: /^Voir les essais/ }).click();
    const attempts = page.getByTestId('webhook-attempts');
    await expect(attempts).toContainText(event.id);
    const attempt = attempts.getByTestId('webhook-attempt');
    await expect(attempt).toHaveCount(1);
    await expect(attempt.getByTestId('webhook-attempt-status')).toHaveText('HTTP 200');
    await expect(attempt.getByTestId('webhook-attempt-latency')).toHaveText(/^\d[\d\s]* ms$/);
    await expect(attempt.getByTestId('webhook-attempt-response')).toHaveText('ok');
    expect(await sideways(attempts)).toBeLessThanOrEqual(0);
    await screenshot(page, 'profile-webhook-attempts-phone');
    await attempts.getByRole('button', { name: 'Fermer' }).click();
    await expect(attempts).toBeHidden();
    await log.getByRole('button', { name: 'Fermer' }).last().click();
    await expect(log).toBeHidden();

    // Removed: nothing more is sent to this shop.
    await row.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByTestId('webhook-delete-dialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(card.getByTestId('webhook-row').filter({ hasText: endpoint })).toHaveCount(0);
  } finally {
    receiver.close();
  }
});
