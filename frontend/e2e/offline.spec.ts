// The delivery person's round without a network, against the real server and its real service
// worker: at 390 px he opens his round online, the network goes (`context.setOffline`), he
// records six outcomes (two with a signature and a photo), takes one back and records it again,
// reloads the page (still offline: the worker serves the app and his round), and comes back
// online: each outcome is applied exactly once, the proofs are there, and the one an admin made
// impossible meanwhile is shown on its card with the server's reason. Then the same queue in two
// tabs coming online together applies once; an outcome kept while his session ended on the server
// is counted on the sign-in page and sent as soon as he signs in again, on the screen he lands on;
// and a round of 200 parcels opens offline, every page. He calls before each failed attempt (the
// server refuses one without a call in the 15 minutes before): offline, the call waits in the same
// queue, ahead of the outcome, and is not counted as one.
import type { BrowserContext, Page } from '@playwright/test';
import { ADMIN, DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, CAMERA_PHOTO, drawSignature, parcelsOutWithDemoDeliveryPerson, PHONE_POSITION, screenshot, search, signIn, tapCall, url } from './helpers';

/** `just measure-phone`: the timings are held to their targets (otherwise only printed). */
const MEASURING = Boolean(process.env.COLIVRA_MEASURE);
const RUN = String(Date.now()).slice(-6);
/** Phones 06 + RUN + 8 + n: the search `06${RUN}8` finds the round's parcels of this test. */
const PHONE_PREFIX = `06${RUN}8`;
let codes: string[] = [];

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, ...PHONE_POSITION });

test.beforeAll(async ({ playwright }) => {
  codes = await parcelsOutWithDemoDeliveryPerson(
    playwright,
    Array.from({ length: 8 }, (_, n) => ({ recipient_name: `Hors ligne ${RUN} ${n + 1}`, recipient_phone: `${PHONE_PREFIX}${n + 1}`, cod_amount: 10_000 + n * 1_000 })),
  );
});

/** The round, filtered to this test's parcels, under the control of the service worker. */
async function openRound(page: Page): Promise<void> {
  await signIn(page, DELIVERY);
  // Installable: the manifest and its icons are served.
  const manifest = (await (await page.request.get(url('/manifest.webmanifest'))).json()) as { start_url: string; icons: Array<{ src: string; type: string }> };
  expect(manifest.start_url).toBe('/compte/colis-expedies');
  for (const icon of manifest.icons) {
    const answer = await page.request.get(url(icon.src));
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toContain(icon.type);
  }
  await page.goto(url('/compte/colis-expedies'));
  await page.evaluate(() => navigator.serviceWorker.ready);
  // A reload under the worker's control keeps the round's answers for later.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await search(page, PHONE_PREFIX);
  await expect(card(page, codes[6])).toBeVisible();
}

function card(page: Page, code: string) {
  return page.locator(`[data-testid="round-card"][data-key="${code}"]`);
}

/** The failed attempts, each recorded after a call from the round. */
const FAILED_ATTEMPTS = ['no_answer', 'unreachable', 'wrong_number'];

/**
 * Records an outcome from a card's sheet; a signature and a photo with « Livré » when asked; a
 * failed attempt after a call from the card (queued ahead of it when offline).
 */
async function record(page: Page, code: string, outcome: string, proof = false): Promise<void> {
  if (FAILED_ATTEMPTS.includes(outcome)) await tapCall(card(page, code).getByTestId('round-call'));
  await card(page, code).getByTestId('round-outcome').click();
  const sheet = page.getByTestId('outcome-body');
  if (proof) {
    await sheet.getByTestId('outcome-with-proof').click();
    await drawSignature(page, sheet);
    await sheet.getByTestId('proof-photo-input').setInputFiles(CAMERA_PHOTO);
    await expect(sheet.getByTestId('proof-photo-preview')).toBeVisible();
    await sheet.getByTestId('outcome-submit').click();
  } else {
    await sheet.getByTestId(`outcome-${outcome}`).click();
    if (outcome === 'postponed') await sheet.getByTestId('outcome-submit').click();
  }
  await expect(page.getByTestId('outcome-sheet')).toBeHidden();
  await expect(card(page, code).getByTestId('queued-outcome')).toHaveAttribute('data-state', 'pending');
}

/** How many calls wait in the phone's queue (IndexedDB, as the app keeps them). */
async function queuedCalls(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('colivra-offline', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const items = await new Promise<Array<{ kind?: string }>>((resolve) => {
      const request = db.transaction('outcomes').objectStore('outcomes').getAll();
      request.onsuccess = () => resolve(request.result as Array<{ kind?: string }>);
    });
    db.close();
    return items.filter((item) => item.kind === 'call').length;
  });
}

/** How many history rows of `status` the parcel has, as the server keeps them. */
async function historyCount(admin: Awaited<ReturnType<typeof apiClient>>, code: string, status: string): Promise<number> {
  const states = await admin.send('GET', `/api/parcels/${code}/states`);
  return (states.data as unknown as Array<{ status: string }>).filter((row) => row.status === status).length;
}

test('outcomes recorded offline survive a reload and are applied once when the network returns', async ({ page, context, playwright }) => {
  await openRound(page);
  await context.setOffline(true);

  await record(page, codes[0], 'delivered', true);
  await record(page, codes[1], 'delivered', true);
  await record(page, codes[2], 'no_answer');
  await record(page, codes[3], 'postponed');
  await record(page, codes[4], 'unreachable');
  await record(page, codes[5], 'delivered');
  // The two calls wait too, not counted among the outcomes.
  await expect(page.getByTestId('offline-banner')).toContainText('Hors ligne · 6 en attente');
  expect(await queuedCalls(page)).toBe(2);

  // Taken back before it was sent, then recorded again.
  await card(page, codes[2]).getByTestId('queued-undo').click();
  await expect(card(page, codes[2]).getByTestId('queued-outcome')).toHaveCount(0);
  await record(page, codes[2], 'wrong_number');

  // Meanwhile an admin declares the sixth parcel lost: its queued « Livré » can no longer apply.
  const admin = await apiClient(playwright, ADMIN);
  await admin.send('POST', '/api/parcels/states', { parcel: codes[5], status: 'lost', comment: 'Perdu au dépôt' });

  // A reload without a network: the worker serves the app and the round; the queue is still there.
  const started = Date.now();
  await page.reload();
  await expect(card(page, codes[6])).toBeVisible();
  const reloadMs = Date.now() - started;
  await expect(page.getByTestId('offline-banner')).toContainText('Hors ligne · 6 en attente');
  await expect(page.getByTestId('queued-outcome')).toHaveCount(6);
  console.log(`offline reload of the round: ${reloadMs} ms`);
  await screenshot(page, 'offline-round');

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 20_000 });
  // The parcel left the round (lost): its refused outcome is listed at the top, with the reason.
  const refused = page.locator(`[data-testid="refused-outcome"][data-key="${codes[5]}"]`);
  await expect(refused).toContainText('« Livré » non enregistré');
  await screenshot(page, 'offline-round-refused');

  // Each applied once, as recorded; the proofs kept; the lost parcel left as the admin made it.
  for (const [index, status] of [[0, 'delivered'], [1, 'delivered'], [2, 'wrong_number'], [3, 'postponed'], [4, 'unreachable']] as const) {
    expect(await historyCount(admin, codes[index], status), `${codes[index]} ${status}`).toBe(1);
  }
  expect(await historyCount(admin, codes[2], 'no_answer')).toBe(0);
  // The calls reached the server before the failed attempts after them: each counts as called.
  const unreachable = ((await admin.send('GET', `/api/parcels/${codes[4]}/states`)).data as unknown as Array<{ status: string; called: boolean | null }>).find(
    (row) => row.status === 'unreachable',
  );
  expect(unreachable?.called).toBe(true);
  expect(await queuedCalls(page)).toBe(0);
  // Dated when he recorded it (sent as recorded_at), with when the server got it beside.
  const history = (await admin.send('GET', `/api/parcels/${codes[0]}/states`)).data as unknown as Array<{ status: string; created_at: string; received_at: string | null }>;
  const delivered = history.find((row) => row.status === 'delivered');
  expect(delivered?.received_at, 'recorded offline: received later').toBeTruthy();
  expect(Date.parse(delivered?.created_at ?? '')).toBeLessThanOrEqual(Date.parse(delivered?.received_at ?? ''));
  for (const index of [0, 1]) {
    const proofs = (await admin.send('GET', `/api/parcels/${codes[index]}/proofs`)).data as unknown as Array<{ has_signature: boolean; has_photo: boolean; bytes: number }>;
    expect(proofs).toHaveLength(1);
    expect(proofs[0].has_signature && proofs[0].has_photo).toBe(true);
    expect(proofs[0].bytes).toBeLessThan(250 * 1024);
  }
  expect((await admin.send('GET', `/api/parcels/${codes[5]}`)).data.status).toBe('lost');
  await admin.request.dispose();

  // The refusal seen, it is removed.
  await refused.getByTestId('queued-dismiss').click();
  await expect(page.getByTestId('refused-outcome')).toHaveCount(0);
});

test('the same queue in two tabs coming online together is applied once', async ({ page, context, playwright }) => {
  await openRound(page);
  const other = await (context as BrowserContext).newPage();
  await other.goto(url('/compte/colis-expedies'));
  await context.setOffline(true);
  await record(page, codes[6], 'no_answer');
  // The second tab reads the same queue.
  await other.reload();
  await expect(other.getByTestId('offline-banner')).toContainText('Hors ligne · 1 en attente');

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 20_000 });
  await expect(other.getByTestId('offline-banner')).toBeHidden({ timeout: 20_000 });
  const admin = await apiClient(playwright, ADMIN);
  expect(await historyCount(admin, codes[6], 'no_answer')).toBe(1);
  await admin.request.dispose();
  await other.close();
});

test('an outcome kept while his session ended is counted on the sign-in page and sent as soon as he signs in, wherever he lands', async ({ page, context, playwright }) => {
  await openRound(page);
  await context.setOffline(true);
  await record(page, codes[7], 'no_answer');
  await expect(page.getByTestId('offline-banner')).toContainText('Hors ligne · 1 en attente');

  // Meanwhile his session ends on the server (signed out there, with the very cookies of his
  // phone): what the phone holds opens nothing any more.
  const phone = await playwright.request.newContext({ storageState: await context.storageState() });
  const xsrf = decodeURIComponent((await phone.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const signedOut = await phone.post(url('/api/logout'), { headers: { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' } });
  expect(signedOut.ok(), await signedOut.text()).toBe(true);
  expect((await phone.get(url('/api/user'), { headers: { Accept: 'application/json' } })).status()).toBe(401);
  await phone.dispose();

  // The network returns: the phone tries to send it, the server says the session is over, and the
  // sign-in page says what waits. Nothing was applied.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/compte\/connexion$/, { timeout: 30_000 });
  const waiting = page.getByTestId('login-queued');
  await expect(waiting).toContainText('1 résultat en attente d’envoi');
  await expect(waiting).toContainText('il sera envoyé dès que le livreur qui l’a saisi se connectera');
  const admin = await apiClient(playwright, ADMIN);
  expect((await admin.send('GET', `/api/parcels/${codes[7]}`)).data.status).not.toBe('no_answer');
  await screenshot(page, 'offline-session-ended-sign-in');

  // He signs in again: the guard lands him on « Tous les colis », not his round, and the outcome
  // goes at once, said in a notice that leads to his round.
  await page.locator('input[name="email"]').fill(DELIVERY.email);
  await page.locator('input[name="password"]').fill(DELIVERY.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/compte\/tous-les-colis$/, { timeout: 30_000 });
  const notice = page.getByTestId('outcome-sync-notice');
  await expect(notice).toContainText('1 résultat enregistré hors ligne a été envoyé.', { timeout: 20_000 });
  const toRound = notice.getByRole('link', { name: 'Voir ma tournée' });
  await expect(toRound).toHaveAttribute('href', '/compte/colis-expedies');
  await expect(page).toHaveURL(/\/compte\/tous-les-colis$/);
  await screenshot(page, 'offline-session-ended-sent');
  await toRound.click();
  await expect(page).toHaveURL(/\/compte\/colis-expedies$/);
  await expect(page.getByTestId('round-screen')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeHidden();

  // Applied, once.
  await expect.poll(async () => (await admin.send('GET', `/api/parcels/${codes[7]}`)).data.status).toBe('no_answer');
  expect(await historyCount(admin, codes[7], 'no_answer')).toBe(1);
  await admin.request.dispose();
  // The queue is empty: the sign-in page would have nothing more to say.
  const waitingLeft = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('colivra-offline', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const items = await new Promise<Array<{ state: string }>>((resolve) => {
      const request = db.transaction('outcomes').objectStore('outcomes').getAll();
      request.onsuccess = () => resolve(request.result as Array<{ state: string }>);
    });
    return items.filter((item) => item.state === 'pending').length;
  });
  expect(waitingLeft).toBe(0);
});

test('a round of 200 parcels reloads without a network, every page of it', async ({ page, context, playwright }) => {
  const round = await parcelsOutWithDemoDeliveryPerson(
    playwright,
    Array.from({ length: 200 }, (_, n) => ({ recipient_name: `Grande tournée ${RUN} ${n + 1}`, recipient_phone: `06${RUN}9${n % 10}`, cod_amount: 5_000 + n * 100 })),
  );
  await signIn(page, DELIVERY);
  await page.goto(url('/compte/colis-expedies'));
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect(card(page, round[199])).toBeVisible();
  // The next pages were fetched ahead and kept by the worker (25 parcels a page).
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('colivra-api')).keys()).filter((request) => request.url.includes('cursor=')).length), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(7);

  await context.setOffline(true);
  const started = Date.now();
  await page.reload();
  await expect(card(page, round[199])).toBeVisible();
  const reloadMs = Date.now() - started;
  console.log(`offline reload of a round of 200 parcels: ${reloadMs} ms (target 1,000 ms)`);
  // A measure, not a timed test (the suite shares two cores with the Rust tests): the target is
  // held only when measuring (`just measure-phone`).
  if (MEASURING) expect(reloadMs).toBeLessThan(1_000);
  // Every page opens offline, down to the first parcel of the 200.
  for (let n = 2; n <= 8; n += 1) {
    await page.getByTestId('round-next').click();
    await expect(page.getByTestId('round-card').first()).toBeVisible();
  }
  await expect(card(page, round[0])).toBeVisible();

  // Fifty outcomes waiting (as the app keeps them: its IndexedDB queue), sent when the network
  // returns: measured from « online » to an empty queue.
  const codesToSend = round.slice(150);
  await page.evaluate(async (parcels) => {
    const session = (await (await fetch('/api/user')).json()) as { user_data: { key: string } };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('colivra-offline', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const transaction = db.transaction('outcomes', 'readwrite');
    parcels.forEach((parcel, n) =>
      transaction.objectStore('outcomes').put({
        key: crypto.randomUUID(),
        user: session.user_data.key,
        parcel,
        status: 'no_answer',
        // No call placed for these: the reason goes with each (the server refuses one without).
        body: { parcel, status: 'no_answer', no_call_reason: 'Mesure de la file' },
        recordedAt: new Date(Date.now() + n).toISOString(),
        state: 'pending',
      }),
    );
    await new Promise((resolve) => (transaction.oncomplete = resolve));
  }, codesToSend);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText('Hors ligne · 50 en attente');
  const online = Date.now();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
  const syncMs = Date.now() - online;
  console.log(`a queue of 50 outcomes sent in ${syncMs} ms (target 5,000 ms)`);
  if (MEASURING) expect(syncMs).toBeLessThan(5_000);
  const admin = await apiClient(playwright, ADMIN);
  for (const code of [codesToSend[0], codesToSend[24], codesToSend[49]]) expect(await historyCount(admin, code, 'no_answer')).toBe(1);
  await admin.request.dispose();
});
