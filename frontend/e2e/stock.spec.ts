// The stock round against the real server (issue 14). The merchant's stock service is set up
// through the API (asked by the merchant, activated by the admin) with two products of this run;
// then in the browser: the merchant declares an entry of both and prints its slip; the admin
// scans the slip's code (the queue narrows to its two lines) and receives each, one short with
// a comment the merchant then reads (« 4 reçus sur 5 »); the merchant creates a parcel from stock
// (reserved: the product lists it). A quick round through the API ships it with a second one
// (the stock goes down) and brings the refused one back on a return voucher; the admin puts the
// returned item back in stock by scanning the parcel's tracking code; the merchant sees his stock.
import type { Locator, Page } from '@playwright/test';
import { ADMIN, MERCHANT, DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, chooseDemoShop, DEMO_SHOP, printedPdf, screenshot, search, signIn, signOutFromUserMenu, url } from './helpers';

// Unique per run: the test can run again on the same database.
const RUN = String(Date.now()).slice(-6);
const SKU = `THE-${RUN}`;
const NAME = `Thé vert ${RUN}`;
/** The second product of the slip, received short. */
const SKU2 = `SAV-${RUN}`;
const NAME2 = `Savon noir ${RUN}`;
const DECLARED2 = 5;
const RECEIVED2 = 4;
const SHORT_COMMENT = 'Un savon écrasé dans le carton';
const DELIVERY_PERSON = 'Hamid Ouazzani';
/** Quantities: declared and received, packed in the first (delivered) and second (refused) parcel. */
const DECLARED = 10;
const FIRST_QTY = 2;
const SECOND_QTY = 1;

let productKey = '';
let entryCode = '';
let entryCode2 = '';
let slipCode = '';
/** Tracking codes: the parcel made in the browser (delivered), the one made through the API (refused). */
const codes: string[] = [];

interface Stock {
  on_hand: number;
  reserved: number;
  available: number;
}

type Api = Awaited<ReturnType<typeof apiClient>>;

/** The product's quantities as the server counts them. */
async function stockOf(session: Api): Promise<Stock> {
  const { data } = await session.send('GET', `/api/inventories/${productKey}`);
  return { on_hand: Number(data.on_hand), reserved: Number(data.reserved), available: Number(data.available) };
}

/** What a barcode scanner does: the code typed fast into the focused field, then Enter. */
async function scan(field: Locator, code: string): Promise<void> {
  await expect(field).toBeFocused();
  await field.pressSequentially(code, { delay: 5 });
  await field.press('Enter');
}

/** Picks one of the run's products in a product picker (typed SKU, then its option). */
async function pickProduct(page: Page, box: Locator, sku = SKU, name = NAME): Promise<void> {
  await box.click();
  await box.fill(sku);
  await page.getByRole('option', { name: new RegExp(`^${sku} — `) }).click();
  await expect(box).toHaveValue(`${sku} — ${name}`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const merchant = await apiClient(playwright, MERCHANT);
  const admin = await apiClient(playwright, ADMIN);
  // The demo merchant's stock service: asked once (409 afterwards), activated by the admin.
  let rows = (await merchant.send('GET', '/api/inventory/clients')).data;
  if (rows.length === 0) {
    await merchant.send('POST', '/api/inventory/clients');
    rows = (await merchant.send('GET', '/api/inventory/clients')).data;
  }
  expect(rows).toHaveLength(1);
  if (rows[0].status !== 'active') {
    const decided = await admin.send('PUT', `/api/inventory/clients/${String(rows[0].key)}`, { status: 'active' });
    expect(decided.data.status).toBe('active');
  }
  const created = await merchant.send('POST', '/api/inventories', { sku: SKU, name: NAME, alert_threshold: 3 });
  productKey = String(created.data.key);
  expect(await stockOf(merchant)).toEqual({ on_hand: 0, reserved: 0, available: 0 });
  await merchant.send('POST', '/api/inventories', { sku: SKU2, name: NAME2 });
  for (const session of [merchant, admin]) await session.request.dispose();
});

test('the merchant declares an entry of his two products and prints the entry slip', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/gestion-des-stocks'));
  await expect(page.getByTestId('inventory-screen')).toHaveAttribute('data-service', 'active');
  await search(page, SKU);
  const row = page.getByTestId('table-row').filter({ hasText: SKU });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(NAME);

  await page.getByTestId('declare-entry').click();
  const dialog = page.getByTestId('declare-entry-dialog');
  await pickProduct(page, dialog.getByRole('combobox'));
  await dialog.locator('input[name="lines.0.quantity"]').fill(String(DECLARED));
  await dialog.getByTestId('add-line').click();
  await pickProduct(page, dialog.getByRole('combobox').nth(1), SKU2, NAME2);
  await dialog.locator('input[name="lines.1.quantity"]').fill(String(DECLARED2));
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/inventories/entries') && response.request().method() === 'POST');
  await dialog.getByTestId('form-submit').click();
  const response = await posted;
  expect(response.status()).toBe(201);
  const slip = (await response.json()).data as { key: string; code: string; movements: Array<{ code: string; quantity: number; state: string }> };
  expect(slip.movements).toHaveLength(2);
  expect(slip.movements[0]).toMatchObject({ quantity: DECLARED, state: 'pending' });
  expect(slip.movements[1]).toMatchObject({ quantity: DECLARED2, state: 'pending' });
  entryCode = slip.movements[0].code;
  entryCode2 = slip.movements[1].code;
  slipCode = slip.code;
  expect(slipCode).toMatch(/^BE/);
  await expect(dialog.getByTestId('entry-declared')).toContainText('2 lignes en attente de réception');
  await expect(dialog).toContainText(entryCode);
  await screenshot(page, 'client-entry-slip');

  const text = await printedPdf(page, () => dialog.getByTestId('print-slip').click(), `/api/inventories/entries/${slip.key}/pdf`);
  expect(text).toContain(SKU);
  expect(text).toContain(SKU2);
  await dialog.getByTestId('declare-close').click();

  // Expected, not on hand yet.
  await expect(row).toContainText(String(DECLARED));
});

test("the admin scans the slip's code: its two lines, received one by one, one short with a comment", async ({ page, playwright }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN);
  await page.goto(url('/compte/gestion-des-stocks?onglet=entries'));
  await expect(page.getByTestId('stock-tab-entries')).toHaveAttribute('aria-selected', 'true');
  const field = page.getByTestId('scan-input');
  // The slip's code, as a scanner might type it: the queue narrows to its lines.
  await scan(field, slipCode.toLowerCase());
  const narrowed = page.getByTestId('scan-filter');
  await expect(narrowed).toContainText(`2 mouvements pour ${slipCode} : validez-les un à un.`);
  const rows = page.getByTestId('table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: entryCode })).toContainText(SKU);
  await expect(rows.filter({ hasText: entryCode2 })).toContainText(SKU2);
  await expect(page.getByTestId('validate-dialog')).toHaveCount(0);
  await screenshot(page, 'admin-scan-slip-code');

  // The first line by its own barcode: received as declared.
  await scan(field, entryCode);
  const dialog = page.getByTestId('validate-dialog');
  await expect(dialog).toContainText(`Recevoir l’entrée ${entryCode}`);
  await expect(dialog.locator('input[name="quantity"]')).toHaveValue(String(DECLARED));
  await screenshot(page, 'admin-receive-entry');
  await dialog.getByTestId('form-submit').click();
  await expect(page.getByTestId('resource-notice')).toContainText(`${entryCode} validé`);
  await expect(rows.filter({ hasText: entryCode })).toHaveCount(0);
  await expect(rows).toHaveCount(1);

  // The second one short: the comment is required, and said why before sending.
  await scan(field, entryCode2);
  await expect(dialog).toContainText(`Recevoir l’entrée ${entryCode2}`);
  await dialog.locator('input[name="quantity"]').fill(String(RECEIVED2));
  await expect(dialog.getByTestId('field-comment')).toContainText(`Obligatoire : la quantité reçue n’est pas celle déclarée (${DECLARED2}).`);
  await dialog.getByTestId('form-submit').click();
  await expect(dialog.getByTestId('field-comment')).toContainText('Dites pourquoi la quantité reçue diffère de celle déclarée.');
  await dialog.locator('textarea[name="comment"]').fill(SHORT_COMMENT);
  await screenshot(page, 'admin-receive-short');
  await dialog.getByTestId('form-submit').click();
  await expect(page.getByTestId('resource-notice')).toContainText(`${entryCode2} validé`);
  await expect(rows).toHaveCount(0);
  // Back to the whole queue.
  await narrowed.getByTestId('scan-filter-clear').click();
  await expect(narrowed).toHaveCount(0);

  const admin = await apiClient(playwright, ADMIN);
  expect(await stockOf(admin)).toEqual({ on_hand: DECLARED, reserved: 0, available: DECLARED });
  const short = (await admin.send('GET', `/api/inventories/movements?code=${entryCode2}`)).data;
  expect(short[0]).toMatchObject({ state: 'validated', quantity: DECLARED2, received_quantity: RECEIVED2, decision_comment: SHORT_COMMENT });
  await admin.request.dispose();
});

test('the merchant reads « 4 reçus sur 5 » and the comment, on his phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/gestion-des-stocks?onglet=movements'));
  await search(page, SKU2);
  const card = page.getByTestId('table-row').filter({ hasText: entryCode2 });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${RECEIVED2} reçus sur ${DECLARED2}`);
  await expect(card.getByTestId('receipt-comment')).toContainText(SHORT_COMMENT);
  await screenshot(page, 'client-movement-receipt-comment-phone');

  // And on the product's movements.
  await page.getByTestId('stock-tab-products').click();
  await search(page, SKU2);
  await page.getByTestId('table-row').filter({ hasText: SKU2 }).getByText(NAME2).click();
  const drawer = page.getByTestId('product-drawer');
  const line = drawer.getByTestId('movement-line').filter({ hasText: entryCode2 });
  await expect(line).toContainText(`${RECEIVED2} reçus sur ${DECLARED2}`);
  await expect(line.getByTestId('receipt-comment')).toContainText(SHORT_COMMENT);
  await expect(drawer.getByTestId('figure-on_hand')).toContainText(String(RECEIVED2));
  await expect(drawer.getByTestId('no-reservations')).toBeVisible();
});

test('the merchant creates a parcel from stock: the quantity is reserved', async ({ page, playwright }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/ajouter-de-nouveaux-colis'));
  const form = page.getByTestId('parcel-form');
  await expect(form.locator('input[name="recipient_name"]')).toBeFocused();
  await chooseDemoShop(page, form);
  await form.locator('input[name="recipient_name"]').fill(`Stock ${RUN} Livré`);
  await form.locator('input[name="recipient_phone"]').fill(`06${RUN}91`);
  await form.locator('input[name="city"]').fill('Casa');
  await page.getByRole('option', { name: 'Casablanca' }).click();
  await form.locator('input[name="address"]').fill('5 rue Ibnou Mounir, Maarif');
  await form.locator('input[name="cod_amount"]').fill('180');
  await form.locator('input[name="product"]').fill(NAME);

  const section = form.getByTestId('parcel-stock');
  await expect(section).toContainText('Articles du stock');
  await section.getByTestId('add-line').click();
  await pickProduct(page, section.getByRole('combobox'));
  await expect(section).toContainText(`disponible : ${DECLARED}`);
  // More than available: the server's message under the quantity, nothing created.
  await section.locator('input[name="lines.0.quantity"]').fill(String(DECLARED + 1));
  await form.getByTestId('save-another').click();
  await expect(section).toContainText(`Stock insuffisant : ${DECLARED} disponible(s).`);
  await expect(page.getByTestId('parcel-created')).toHaveCount(0);

  await section.locator('input[name="lines.0.quantity"]').fill(String(FIRST_QTY));
  await form.getByTestId('save-another').click();
  const created = page.getByTestId('parcel-created');
  await expect(created).toContainText('Colis ');
  const code = (/Colis ([A-Z0-9]+) créé/.exec((await created.textContent()) ?? '') ?? [])[1] ?? '';
  expect(code).toMatch(/^[A-Z0-9]{6,}$/);
  codes.push(code);
  await screenshot(page, 'client-parcel-from-stock');

  // Its drawer lists the stock line.
  await page.goto(url(`/compte/tous-les-colis?colis=${code}`));
  await expect(page.getByTestId('parcel-stock-lines')).toContainText(`${NAME} × ${FIRST_QTY}`);

  // The product lists the parcel holding its reserved units; its code opens the parcel (on a phone).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url('/compte/gestion-des-stocks'));
  await search(page, SKU);
  await page.getByTestId('table-row').filter({ hasText: SKU }).getByText(NAME).click();
  const product = page.getByTestId('product-drawer');
  await expect(product.getByTestId('figure-reserved')).toContainText(String(FIRST_QTY));
  const reservation = product.getByTestId('reservation').filter({ hasText: code });
  await expect(reservation).toContainText(`× ${FIRST_QTY}`);
  await expect(reservation).toContainText(`Stock ${RUN} Livré`);
  await expect(reservation.getByTestId('parcel-status')).toBeVisible();
  await screenshot(page, 'client-product-reservations-phone');
  await reservation.getByRole('button', { name: `Ouvrir le colis ${code}` }).click();
  await expect(page.getByTestId('parcel-drawer-code')).toHaveText(code);
  await expect(page.getByTestId('parcel-stock-lines')).toContainText(`${NAME} × ${FIRST_QTY}`);

  const merchant = await apiClient(playwright, MERCHANT);
  expect(await stockOf(merchant)).toEqual({ on_hand: DECLARED, reserved: FIRST_QTY, available: DECLARED - FIRST_QTY });
  await merchant.request.dispose();
});

test('the round ships both parcels (stock goes down); the refused one comes back on a return voucher', async ({ playwright }) => {
  const merchant = await apiClient(playwright, MERCHANT);
  const admin = await apiClient(playwright, ADMIN);
  const deliveryPerson = await apiClient(playwright, DELIVERY);
  const shop = (await merchant.send('GET', '/api/shops?per_page=100')).data.find((candidate) => candidate.name === DEMO_SHOP);
  expect(shop, 'the demo shop').toBeDefined();
  const second = await merchant.send('POST', '/api/parcels', {
    shop: shop!.key,
    recipient_name: `Stock ${RUN} Refusé`,
    recipient_phone: `06${RUN}92`,
    city: 'Casablanca',
    address: '6 rue Ibnou Mounir, Maarif',
    cod_amount: 9000,
    product: NAME,
    stock_lines: [{ inventory: productKey, quantity: SECOND_QTY }],
  });
  codes.push(String(second.data.key));
  expect(second.data.stock_lines).toEqual([{ inventory: { key: productKey, sku: SKU, name: NAME }, quantity: SECOND_QTY }]);
  expect(await stockOf(merchant)).toEqual({ on_hand: DECLARED, reserved: FIRST_QTY + SECOND_QTY, available: DECLARED - FIRST_QTY - SECOND_QTY });

  const voucher = await merchant.send('POST', '/api/pickup-vouchers', { parcels: codes });
  await admin.send('PUT', '/api/pickup-vouchers/pickup', { voucher: voucher.data.key, parcels: codes });
  const hamid = (await admin.send('GET', '/api/delivery-admins?q=Hamid')).data.find((person) => person.full_name === DELIVERY_PERSON);
  expect(hamid, 'the demo delivery person').toBeDefined();
  await admin.send('PUT', '/api/parcels/delivery', { delivery_admin: hamid!.key, parcels: codes, force: true });

  // Out for delivery: the stock left the hub, an exit movement per parcel.
  const shipped = DECLARED - FIRST_QTY - SECOND_QTY;
  expect(await stockOf(merchant)).toEqual({ on_hand: shipped, reserved: 0, available: shipped });
  const exits = (await merchant.send('GET', `/api/inventories/movements?inventory=${productKey}&type=exit`)).data;
  expect(exits.map((movement) => [(movement.parcel as { code: string }).code, movement.quantity, movement.state]).sort()).toEqual(
    [
      [codes[0], FIRST_QTY, 'validated'],
      [codes[1], SECOND_QTY, 'validated'],
    ].sort(),
  );

  await deliveryPerson.send('POST', '/api/parcels/states', { parcel: codes[0], status: 'delivered' });
  await deliveryPerson.send('POST', '/api/parcels/states', { parcel: codes[1], status: 'refused', comment: 'Ne veut plus la commande' });
  const back = await deliveryPerson.send('POST', '/api/return-vouchers', { parcels: [codes[1]] });
  await admin.send('PUT', `/api/return-vouchers/${String(back.data.key)}/receive`);

  // Back at the hub: a pending return, not in stock until checked.
  const returns = (await admin.send('GET', `/api/inventories/movements?type=return&state=pending&parcel=${codes[1]}`)).data;
  expect(returns).toHaveLength(1);
  expect(returns[0]).toMatchObject({ quantity: SECOND_QTY, state: 'pending' });
  expect(await stockOf(merchant)).toEqual({ on_hand: shipped, reserved: 0, available: shipped });
  for (const session of [merchant, admin, deliveryPerson]) await session.request.dispose();
});

test("the admin puts the returned item back in stock by scanning the parcel's code; the merchant sees it", async ({ page, playwright }) => {
  const admin = await apiClient(playwright, ADMIN);
  const pending = (await admin.send('GET', `/api/inventories/movements?type=return&state=pending&parcel=${codes[1]}`)).data;
  const returnCode = String(pending[0].code);

  await signIn(page, ADMIN);
  await page.goto(url('/compte/tableau-de-bord'));
  // The dashboard's card opens the returns tab.
  const card = page.getByTestId('queue-stock-returns');
  await expect(card.getByTestId('queue-stock-returns-count')).not.toHaveText('0');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/gestion-des-stocks\?onglet=returns$/);
  await expect(page.getByTestId('table-row').filter({ hasText: returnCode })).toContainText(codes[1]);
  // A code no pending return has: the miss says which codes the box takes.
  await scan(page.getByTestId('scan-input'), 'BEINCONNU');
  await expect(page.getByTestId('scan-feedback')).toContainText('BEINCONNU : aucun mouvement en attente avec ce code. Scannez le code du mouvement, du colis ou du bon d’entrée.');
  // The returned parcel's label: its one product's return opens.
  await scan(page.getByTestId('scan-input'), codes[1]);
  const dialog = page.getByTestId('validate-dialog');
  await expect(dialog).toContainText(`Remettre en stock le retour ${returnCode}`);
  await expect(dialog.locator('input[name="quantity"]')).toHaveValue(String(SECOND_QTY));
  await dialog.getByTestId('form-submit').click();
  await expect(page.getByTestId('resource-notice')).toContainText(`${returnCode} validé`);

  const back = DECLARED - FIRST_QTY;
  expect(await stockOf(admin)).toEqual({ on_hand: back, reserved: 0, available: back });
  await admin.request.dispose();

  // The merchant's product: its figures and its history.
  await signOutFromUserMenu(page);
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/gestion-des-stocks'));
  await search(page, SKU);
  const row = page.getByTestId('table-row').filter({ hasText: SKU });
  await expect(row).toHaveCount(1);
  await row.getByText(NAME).click();
  const drawer = page.getByTestId('product-drawer');
  await expect(drawer.getByTestId('figure-on_hand')).toContainText(String(back));
  await expect(drawer.getByTestId('figure-reserved')).toContainText('0');
  await expect(drawer.getByTestId('movement-line')).toHaveCount(4);
  await screenshot(page, 'client-product-drawer');
});
