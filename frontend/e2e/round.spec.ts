// The whole delivery round against the real server, across three signed-in users:
// the merchant creates three parcels for Casablanca and a pickup voucher; the admin receives it
// by scanning the three codes, then ships them to the demo delivery person; he delivers one,
// refuses one, postpones one, and makes a return voucher for the refused one; the admin
// receives it. Then each parcel's status and history are checked for the three users, and each
// printed voucher (pickup, exit, return) holds its parcels' tracking codes. Last, a « Pas de
// réponse » without a call: the sheet asks for one, he calls, it is saved, and the office sees
// the call in the history and on the delivery people screen.
import type { Locator, Page } from '@playwright/test';
import { ADMIN, MERCHANT, DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import {
  apiClient,
  chooseDemoShop,
  chooseLanguage,
  parcelsOutWithDemoDeliveryPerson,
  PHONE_POSITION,
  printedPdf,
  screenshot,
  search,
  signIn,
  tapCall,
  url,
} from './helpers';

// Unique per run: the test can run again on the same database.
const RUN = String(Date.now()).slice(-6);
/** Phones 06 + the run + 7 + the parcel's number: `06${RUN}7` finds the three. */
const PHONE_PREFIX = `06${RUN}7`;
const RECIPIENTS = ['Delivered', 'Refused', 'Postponed'].map((word) => `Tournée ${RUN} ${word}`);
const DELIVERY_PERSON = 'Hamid Ouazzani';
const REFUSAL = 'Le client ne veut plus la commande';

/** Tracking codes, in the order of RECIPIENTS: delivered, refused, postponed. */
const codes: string[] = [];
let pickupKey = '';
let exitKey = '';
let returnKey = '';

const [DELIVERED, REFUSED, POSTPONED] = [0, 1, 2];

/** What a barcode scanner does: the code typed fast into the focused field, then Enter. */
async function scan(field: Locator, code: string): Promise<void> {
  await expect(field).toBeFocused();
  await field.pressSequentially(code, { delay: 5 });
  await field.press('Enter');
}

/** Opens a parcel's drawer on tous-les-colis and checks its status and history (newest first). */
async function checkParcel(page: Page, code: string, status: string, history: string[]): Promise<Locator> {
  await page.goto(url(`/compte/tous-les-colis?colis=${code}`));
  const drawer = page.getByTestId('parcel-detail');
  await expect(drawer).toBeVisible();
  await expect(page.getByTestId('parcel-drawer-code')).toHaveText(code);
  await expect(drawer.getByTestId('parcel-status').first()).toHaveAttribute('data-status', status);
  const entries = drawer.getByTestId('history-entry');
  await expect(entries).toHaveCount(history.length);
  expect(await entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-status')))).toEqual(history);
  return drawer;
}

// Delivered, undone (a new row back to out_for_delivery), delivered again: the history keeps all three.
const DELIVERED_HISTORY = ['delivered', 'out_for_delivery', 'delivered', 'out_for_delivery', 'picked_up', 'awaiting_pickup', 'new'];
const REFUSED_HISTORY = ['returned', 'returning', 'refused', 'out_for_delivery', 'picked_up', 'awaiting_pickup', 'new'];
const POSTPONED_HISTORY = ['postponed', 'out_for_delivery', 'picked_up', 'awaiting_pickup', 'new'];

test.describe.configure({ mode: 'serial' });
// The phones give their position: each outcome goes with it, the office sees it in the history.
test.use(PHONE_POSITION);

test('the merchant creates three parcels for Casablanca and a pickup voucher with them, and prints it', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/ajouter-de-nouveaux-colis'));
  const form = page.getByTestId('parcel-form');
  await expect(form.locator('input[name="recipient_name"]')).toBeFocused();
  await chooseDemoShop(page, form);
  for (const [index, recipient] of RECIPIENTS.entries()) {
    await form.locator('input[name="recipient_name"]').fill(recipient);
    await form.locator('input[name="recipient_phone"]').fill(`${PHONE_PREFIX}${index + 1}`);
    if (index === 0) {
      await form.locator('input[name="city"]').fill('Casa');
      await expect(page.getByRole('option', { name: 'Casablanca' })).toBeVisible();
      await page.keyboard.press('Enter');
    }
    await expect(form.locator('input[name="city"]')).toHaveValue('Casablanca');
    await form.locator('input[name="address"]').fill(`${index + 10} rue Ibnou Mounir, Maarif`);
    await form.locator('input[name="cod_amount"]').fill(`${150 + index * 50}`);
    await form.locator('input[name="product"]').fill('Coffret de thé');
    await form.locator('input[name="product"]').press('Enter');
    const created = page.getByTestId('parcel-created');
    await expect(created).toContainText(`Colis `);
    await expect(form.locator('input[name="recipient_name"]')).toHaveValue('');
    const code = (/Colis ([A-Z0-9]+) créé/.exec((await created.textContent()) ?? '') ?? [])[1] ?? '';
    expect(code).toMatch(/^[A-Z0-9]{6,}$/);
    expect(codes).not.toContain(code);
    codes.push(code);
  }
  expect(codes).toHaveLength(3);

  // A pickup voucher of the three.
  await page.goto(url('/compte/bons-de-ramassage'));
  await expect(page.getByTestId('vouchers-screen')).toHaveAttribute('data-kind', 'pickup');
  await page.getByTestId('voucher-create').click();
  const dialog = page.getByTestId('pick-parcels-dialog');
  await expect(dialog.getByTestId('parcel-picker')).toBeVisible();
  await chooseDemoShop(page, dialog);
  await search(page, PHONE_PREFIX, dialog);
  await expect(dialog.getByTestId('table-row')).toHaveCount(3);
  await dialog.getByRole('checkbox', { name: 'Sélectionner les lignes de la page' }).check();
  await expect(dialog.getByTestId('picker-count')).toContainText('3 colis sélectionnés');
  await dialog.getByTestId('pick-submit').click();
  await expect(page.getByTestId('vouchers-notice')).toContainText('créé avec 3 colis');
  const drawer = page.getByTestId('voucher-detail');
  await expect(drawer).toBeVisible();
  pickupKey = ((await page.getByTestId('voucher-drawer-key').textContent()) ?? '').trim();
  expect(pickupKey).toMatch(/^BR[A-Z0-9]{8}$/);
  await expect(drawer.getByTestId('voucher-count')).toHaveText(/3$/);
  await expect(drawer.getByTestId('voucher-parcels').getByTestId('table-row')).toHaveCount(3);
  for (const code of codes) {
    await expect(drawer.getByTestId('voucher-parcels').locator(`[data-key="${code}"]`)).toContainText('En attente de ramassage');
  }
  await screenshot(page, 'client-pickup-voucher');

  const text = await printedPdf(page, () => drawer.getByTestId('voucher-print').click(), `/api/pickup-vouchers/${pickupKey}/pdf`);
  expect(text).toContain(pickupKey);
  for (const code of codes) expect(text).toContain(code);
});

test('the admin receives the pickup voucher by scanning its three parcels', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/nouveaux-bons-de-ramassage'));
  await search(page, pickupKey);
  const row = page.getByTestId('table-row').filter({ hasText: pickupKey });
  await expect(row).toHaveCount(1);
  await row.getByText(pickupKey).click();
  const panel = page.getByTestId('receive-panel');
  await expect(panel).toBeVisible();
  const field = panel.getByTestId('scan-input');
  await scan(field, codes[0]);
  await expect(panel.getByTestId('scan-feedback')).toHaveAttribute('data-outcome', 'hit');
  await expect(panel.getByTestId('scan-feedback')).toContainText(`${codes[0]} coché (1/3)`);
  // The same one again: a duplicate; a code of no parcel of the voucher: a miss.
  await scan(field, codes[0].toLowerCase());
  await expect(panel.getByTestId('scan-feedback')).toHaveAttribute('data-outcome', 'duplicate');
  await scan(field, 'CLVZZZZZZZZ');
  await expect(panel.getByTestId('scan-feedback')).toHaveAttribute('data-outcome', 'miss');
  await scan(field, codes[1]);
  await scan(field, codes[2]);
  await expect(panel.getByTestId('scan-feedback')).toContainText(`${codes[2]} coché (3/3)`);
  await expect(panel.getByTestId('receive-progress')).toHaveText('3 / 3 colis cochés');
  await screenshot(page, 'admin-receive-pickup-voucher');
  await panel.getByTestId('receive-button').click();
  const confirm = page.getByTestId('receive-confirm');
  await expect(confirm.getByTestId('receive-summary')).toHaveText('3 colis cochés passent à « Ramassé ».');
  await expect(confirm.getByTestId('receive-rest')).toHaveCount(0);
  await confirm.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('vouchers-notice')).toContainText(`Bon ${pickupKey} réceptionné.`);
  const detail = page.getByTestId('voucher-detail');
  await expect(detail).toHaveAttribute('data-status', 'received');
  for (const code of codes) {
    await expect(detail.getByTestId('voucher-parcels').locator(`[data-key="${code}"]`)).toContainText('Ramassé');
  }
});

test('the admin ships the three parcels to the demo delivery person; the exit voucher prints', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/bons-de-sortie'));
  const panel = page.getByTestId('ship-panel');
  await panel.getByLabel(/^Livreur/).fill('Hamid');
  await page.getByRole('option', { name: new RegExp(DELIVERY_PERSON) }).click();
  await expect(panel.getByTestId('delivery-person-cities')).toContainText('Casablanca');
  const field = panel.getByTestId('scan-input');
  for (const [index, code] of codes.entries()) {
    await field.click();
    await scan(field, code);
    await expect(panel.getByTestId('scan-feedback')).toContainText(`${code} ajouté (${index + 1})`);
  }
  const list = panel.getByTestId('ship-list');
  await expect(list.getByTestId('ship-count')).toHaveText('À expédier : 3 colis');
  await expect(list.getByTestId('out-of-zone')).toHaveCount(0);
  await screenshot(page, 'admin-ship-parcels');

  // A confirmation names the count, the person and the cash to collect (150 + 200 + 250 DH).
  await list.getByTestId('ship-submit').click();
  const confirm = page.getByTestId('ship-confirm');
  await expect(confirm).toContainText(`Remettre 3 colis à ${DELIVERY_PERSON}`);
  await expect(confirm.getByTestId('ship-confirm-cash-collect-value')).toHaveText(/^600,00\sDH$/);
  await expect(confirm.getByTestId('ship-confirm-cash-net-value')).toHaveText(/^600,00\sDH$/);
  const text = await printedPdf(page, () => confirm.getByTestId('confirm-submit').click(), '/api/exit-vouchers/BS');
  const notice = page.getByTestId('vouchers-notice');
  await expect(notice).toContainText(`3 colis remis à ${DELIVERY_PERSON}`);
  exitKey = (/Bon de sortie (BS[A-Z0-9]{8})/.exec((await notice.textContent()) ?? '') ?? [])[1] ?? '';
  expect(exitKey).toMatch(/^BS[A-Z0-9]{8}$/);
  expect(text).toContain(exitKey);
  for (const code of codes) expect(text).toContain(code);
  await expect(page.getByTestId('vouchers-table').getByTestId('table-row').filter({ hasText: exitKey })).toHaveCount(1);
});

test('the delivery person, on his phone, delivers one parcel, refuses one, postpones one', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, DELIVERY);
  // His exit voucher.
  await page.goto(url('/compte/bons-de-sortie'));
  await expect(page.getByTestId('vouchers-table').getByTestId('table-row').filter({ hasText: exitKey })).toHaveCount(1);

  await page.goto(url('/compte/colis-expedies'));
  await expect(page.getByTestId('round-screen')).toBeVisible();
  await search(page, PHONE_PREFIX);
  const card = (index: number) => page.getByTestId('round-card').filter({ hasText: codes[index] });
  await expect(page.getByTestId('round-card')).toHaveCount(3);
  await expect(card(DELIVERED)).toContainText(RECIPIENTS[DELIVERED]);
  await expect(card(DELIVERED)).toContainText('Casablanca');
  await expect(card(DELIVERED).getByTestId('round-call')).toHaveAttribute('href', `tel:${PHONE_PREFIX}1`);
  await expect(card(DELIVERED).getByTestId('round-amount')).toContainText('150,00');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, 'delivery-round-phone');

  // Delivered: two taps.
  await card(DELIVERED).getByTestId('round-outcome').click();
  const sheet = page.getByTestId('outcome-body');
  await expect(sheet).toBeVisible();
  await screenshot(page, 'delivery-round-outcomes');
  await expect(sheet.getByTestId('outcome-amount')).toContainText(/À encaisser : 150,00\sDH/);
  await sheet.getByTestId('outcome-delivered').click();
  await expect(page.getByTestId('round-notice')).toContainText(`Colis ${codes[DELIVERED]} : Livré.`);
  await expect(card(DELIVERED)).toHaveCount(0);
  // A wrong tap is undone from the notice: the parcel is back in the round, then delivered again.
  await page.getByTestId('round-undo').click();
  await expect(page.getByTestId('round-notice')).toContainText(`le colis ${codes[DELIVERED]} est de nouveau`);
  await expect(card(DELIVERED)).toHaveCount(1);
  await card(DELIVERED).getByTestId('round-outcome').click();
  await sheet.getByTestId('outcome-delivered').click();
  await expect(page.getByTestId('round-notice')).toContainText(`Colis ${codes[DELIVERED]} : Livré.`);
  await expect(card(DELIVERED)).toHaveCount(0);

  // Refused, with the reason.
  await card(REFUSED).getByTestId('round-outcome').click();
  await sheet.getByTestId('outcome-refused').click();
  await sheet.getByTestId('outcome-comment').fill(REFUSAL);
  await sheet.getByTestId('outcome-submit').click();
  await expect(page.getByTestId('round-notice')).toContainText(`Colis ${codes[REFUSED]} : Refusé.`);
  await expect(card(REFUSED)).toHaveCount(0);

  // Postponed, to tomorrow (the date offered first).
  await card(POSTPONED).getByTestId('round-outcome').click();
  await sheet.getByTestId('outcome-postponed').click();
  await expect(sheet.getByTestId('outcome-date')).not.toHaveValue('');
  await sheet.getByTestId('outcome-submit').click();
  await expect(page.getByTestId('round-notice')).toContainText(`Colis ${codes[POSTPONED]} : Reporté.`);
  await expect(card(POSTPONED).getByTestId('parcel-status')).toHaveText('Reporté');
});

test('the delivery person makes a return voucher for the refused parcel; it prints', async ({ page }) => {
  await signIn(page, DELIVERY);
  await page.goto(url('/compte/colis-a-retourner'));
  await search(page, codes[REFUSED]);
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  await expect(page.getByTestId('table-row')).toContainText('Refusé');
  await page.getByRole('checkbox', { name: `Sélectionner ${codes[REFUSED]}` }).check();
  await page.getByTestId('return-create').click();
  const confirm = page.getByTestId('return-confirm');
  await expect(confirm).toContainText('Créer un bon de retour pour 1 colis ?');
  const text = await printedPdf(page, () => confirm.getByTestId('confirm-submit').click(), '/api/return-vouchers/BT');
  const notice = page.getByTestId('vouchers-notice');
  await expect(notice).toContainText('créé avec 1 colis');
  returnKey = (/Bon de retour (BT[A-Z0-9]{8})/.exec((await notice.textContent()) ?? '') ?? [])[1] ?? '';
  expect(returnKey).toMatch(/^BT[A-Z0-9]{8}$/);
  expect(text).toContain(returnKey);
  expect(text).toContain(codes[REFUSED]);
  await expect(page.getByTestId('table-empty')).toBeVisible();

  await page.goto(url('/compte/bons-de-retour'));
  await expect(page.getByTestId('vouchers-table').getByTestId('table-row').filter({ hasText: returnKey })).toHaveCount(1);
});

test('the admin receives the return voucher by scanning the parcel', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/bons-de-retour-livreur'));
  await search(page, returnKey);
  const row = page.getByTestId('table-row').filter({ hasText: returnKey });
  await expect(row).toContainText(DELIVERY_PERSON);
  await row.getByText(returnKey).click();
  const panel = page.getByTestId('receive-panel');
  await scan(panel.getByTestId('scan-input'), codes[REFUSED]);
  await expect(panel.getByTestId('receive-progress')).toHaveText('1 / 1 colis coché');
  await panel.getByTestId('receive-button').click();
  const confirm = page.getByTestId('receive-confirm');
  await expect(confirm.getByTestId('receive-summary')).toHaveText('1 colis passe à « Retourné ».');
  await confirm.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('vouchers-notice')).toContainText(`Bon ${returnKey} réceptionné.`);
  await expect(page.getByTestId('voucher-detail')).toHaveAttribute('data-status', 'received');
  await expect(page.getByTestId('voucher-parcels').locator(`[data-key="${codes[REFUSED]}"]`)).toContainText('Retourné');
});

for (const [role, account] of [
  ['merchant', MERCHANT],
  ['admin', ADMIN],
  ['delivery person', DELIVERY],
] as const) {
  test(`the ${role} sees each parcel's status and history`, async ({ page }) => {
    await signIn(page, account);
    await checkParcel(page, codes[DELIVERED], 'delivered', DELIVERED_HISTORY);
    const refused = await checkParcel(page, codes[REFUSED], 'returned', REFUSED_HISTORY);
    await expect(refused.getByTestId('history-entry').filter({ hasText: 'Refusé' })).toContainText(REFUSAL);
    const postponed = await checkParcel(page, codes[POSTPONED], 'postponed', POSTPONED_HISTORY);
    await expect(postponed.getByTestId('history-entry').first()).toContainText('Date :');
    await screenshot(page, `${role.replace(' ', '-')}-round-history`);
  });
}

test('in English, the statuses and the notes of the history are in English', async ({ page }) => {
  await page.goto(url('/compte/connexion'));
  await page.getByRole('button', { name: 'EN' }).click();
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/compte\/connexion$/);
  // The language kept in his profile (another spec may have saved French there) wins over the
  // sign-in page's: English is chosen again, then French is put back at the end.
  await chooseLanguage(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const drawer = await checkParcel(page, codes[DELIVERED], 'delivered', DELIVERED_HISTORY);
  await expect(drawer.getByTestId('parcel-status').first()).toHaveText('Delivered');
  const entries = drawer.getByTestId('history-entry');
  // The server's notes, rendered in English: the exit voucher, the undone delivery.
  await expect(entries.filter({ hasText: `Exit voucher ${exitKey}` })).toHaveCount(1);
  await expect(entries.filter({ hasText: '“Delivered” undone' })).toHaveCount(1);
  await expect(drawer).not.toContainText('Bon de sortie');
  await screenshot(page, 'admin-history-english');
  await page.keyboard.press('Escape');
  await chooseLanguage(page, 'Français');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('a « Pas de réponse » without a call asks for one first; called from the sheet, it is saved, and the office sees the call', async ({ page, browser, playwright }) => {
  const [code] = await parcelsOutWithDemoDeliveryPerson(playwright, [{ recipient_name: `Tournée ${RUN} Appel`, recipient_phone: `${PHONE_PREFIX}9`, cod_amount: 9900 }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DELIVERY);
  await page.goto(url('/compte/colis-expedies'));
  await search(page, code);
  const card = page.locator(`[data-testid="round-card"][data-key="${code}"]`);
  await card.getByTestId('round-outcome').click();
  const sheet = page.getByTestId('outcome-body');
  await sheet.getByTestId('outcome-no_answer').click();

  // Not saved: he is asked to call first, the call button at hand, or to say why he could not.
  await expect(sheet.getByTestId('outcome-call-first')).toContainText('Appelez d’abord le destinataire : « Pas de réponse » doit suivre un appel');
  await expect(sheet.getByTestId('outcome-submit')).toHaveCount(0);
  await expect(sheet.getByTestId('outcome-cannot-call')).toBeVisible();
  await expect(card.getByTestId('parcel-status')).toHaveText('Mis en distribution');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'delivery-call-first');
  await tapCall(sheet.getByTestId('outcome-call'));
  await expect(sheet.getByTestId('outcome-called')).toBeVisible();
  await sheet.getByTestId('outcome-submit').click();
  await expect(page.getByTestId('round-notice')).toContainText(`Colis ${code} : Pas de réponse.`);
  await expect(card.getByTestId('parcel-status')).toHaveText('Pas de réponse');

  // The office: « Appel avant : oui » on the attempt in the history, with where the phone was.
  const officeContext = await browser.newContext({ locale: 'fr-FR', reducedMotion: 'reduce' });
  const office = await officeContext.newPage();
  try {
    await signIn(office, ADMIN);
    await office.goto(url(`/compte/tous-les-colis?colis=${code}`));
    const attempt = office.locator('[data-testid="history-entry"][data-status="no_answer"]');
    await expect(attempt.getByTestId('history-call')).toHaveText('Appel avant : oui');
    await expect(attempt.getByTestId('history-position')).toContainText('33.57310, -7.58980 (± 20 m)');
    await expect(attempt.getByTestId('history-position-link')).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=33\.5731&mlon=-7\.5898#map=17\//);

    // And his share of failed attempts without a call, as the server counts it, on the delivery
    // people screen.
    const admin = await apiClient(playwright, ADMIN);
    // The screen's period: the last 30 days, today included.
    const day = (back: number) => {
      const date = new Date();
      date.setDate(date.getDate() - back);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    };
    const checks = (await admin.send('GET', `/api/delivery-admins/calls?from=${day(29)}&to=${day(0)}`)).data as unknown as {
      rows: Array<{ name: string; without_call_percent: number; calls: number }>;
    };
    await admin.request.dispose();
    const hamid = checks.rows.find((row) => row.name === DELIVERY_PERSON);
    expect(hamid, 'the demo delivery person has failed attempts in the last 30 days').toBeDefined();
    expect(hamid!.calls).toBeGreaterThanOrEqual(1);
    await office.goto(url('/compte/livreurs'));
    await office.getByTestId('delivery-people-tab-calls').click();
    const row = office.getByTestId('call-checks-table').getByTestId('table-row').filter({ hasText: DELIVERY_PERSON });
    await expect(row).toContainText(new RegExp(`${hamid!.without_call_percent}\\s%`));
    await screenshot(office, 'admin-call-checks');
  } finally {
    await officeContext.close();
  }
});
