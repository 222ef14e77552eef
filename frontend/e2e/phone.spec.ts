// Every role at phone size (390 × 844): lists are cards with their filters in a sheet, the home
// screens show the day's work, and the public pages and the sign-in form behave. The fixture fails
// a test on any console error. A quick round through the API first gives the demo delivery person
// a delivered parcel and an exit voucher, so his lists are not empty whatever ran before.
import type { Page } from '@playwright/test';
import { ADMIN, MERCHANT, DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, appTookOver, parcelsOutWithDemoDeliveryPerson, screenshot, search, signIn, url } from './helpers';

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

test.beforeAll(async ({ playwright }) => {
  const run = String(Date.now()).slice(-6);
  const codes = await parcelsOutWithDemoDeliveryPerson(playwright, [
    { recipient_name: `Téléphone ${run}`, recipient_phone: `06${run}66`, cod_amount: 12000 },
  ]);
  const deliveryPerson = await apiClient(playwright, DELIVERY);
  await deliveryPerson.send('POST', '/api/parcels/states', { parcel: codes[0], status: 'delivered' });
  await deliveryPerson.request.dispose();
});

/** Nothing on the page is wider than the phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The list on `path` is a list of cards with labelled values; its filters and sort are in a sheet; its empty message is whole. */
async function checkPhoneList(page: Page, path: string, name: string): Promise<void> {
  await page.goto(url(path));
  const cards = page.getByTestId('table-row');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('main table')).toHaveCount(0);
  // Each card heads with its first column and labels the others.
  await expect(cards.first().locator('dt').first()).toBeVisible();
  const box = await cards.first().boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await expectNoSidewaysScroll(page);
  await screenshot(page, `phone-${name}`);

  // The filters are not on the first screen: a button opens them, with the sort, in a sheet.
  await page.getByTestId('table-filters-button').click();
  const sheet = page.getByTestId('table-filters-sheet');
  await expect(sheet.getByRole('combobox', { name: 'Trier par' })).toBeVisible();
  await screenshot(page, `phone-${name}-filters`);
  await sheet.getByTestId('table-filters-done').click();
  await expect(sheet.getByRole('combobox', { name: 'Trier par' })).toBeHidden();

  // A search that finds nothing says so, in full.
  await search(page, 'ZQXJ-AUCUN-RESULTAT');
  const empty = page.getByTestId('table-empty');
  await expect(empty).toBeVisible();
  const cut = await empty.evaluate((element) => {
    const text = element.querySelector('p, span, div') ?? element;
    return text.scrollWidth > text.clientWidth || element.getBoundingClientRect().right > window.innerWidth;
  });
  expect(cut, 'the empty message is cut').toBe(false);
  await expectNoSidewaysScroll(page);
}

test('the public tracking page and the sign-in form, on a phone, without a session', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => calls.push(new URL(request.url()).pathname));
  await page.goto(url('/suivi'));
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  // A public page does not ask who is signed in (no 401 in the console).
  expect(calls).not.toContain('/api/user');
  expect((await page.request.get(url('/favicon.ico'))).status()).toBe(200);

  // An empty sign-in form is checked in the browser: it says what is missing and sends nothing.
  await page.goto(url('/compte/connexion'));
  await appTookOver(page);
  calls.length = 0;
  await page.getByRole('button', { name: 'Se connecter' }).click();
  // Under each field (exact: the form's live region says both in one sentence).
  await expect(page.getByText('Indiquez votre e-mail.', { exact: true })).toBeVisible();
  await expect(page.getByText('Indiquez votre mot de passe.', { exact: true })).toBeVisible();
  expect(calls).not.toContain('/api/login');
  await expectNoSidewaysScroll(page);
});

test("the merchant's parcel lists are cards on a phone", async ({ page }) => {
  await signIn(page, MERCHANT);
  await checkPhoneList(page, '/compte/tous-les-colis', 'client-parcels');

  // On "Nouveaux colis" he ticks a parcel and makes a pickup voucher of it, then opens it.
  await page.goto(url('/compte/nouveaux-colis'));
  const card = page.getByTestId('table-row').first();
  await expect(card).toBeVisible();
  const code = (await card.getAttribute('data-key')) ?? '';
  await card.getByRole('checkbox', { name: `Sélectionner ${code}` }).check();
  await page.getByTestId('bulk-pickup').click();
  const notice = page.getByTestId('parcels-notice');
  await expect(notice).toContainText('créé avec 1 colis');
  await screenshot(page, 'phone-client-pickup-from-selection');
  await notice.getByTestId('pickup-voucher-link').click();
  await expect(page).toHaveURL(/\/compte\/bons-de-ramassage\?bon=BR/);
  await expect(page.getByTestId('voucher-parcels').locator(`[data-key="${code}"]`)).toBeVisible();
});

test("the admin's lists are cards on a phone, and his home shows the day's work queues", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/tableau-de-bord'));
  const queues = page.getByTestId('work-queues');
  await expect(queues.getByTestId('queue-to-ship')).toBeVisible();
  await expect(queues.getByTestId('queue-to-ship-count')).toHaveText(/^\d[\d\s]*\+?$/);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-admin-dashboard');
  await queues.getByTestId('queue-to-ship').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/compte\/bons-de-sortie/);

  await checkPhoneList(page, '/compte/tous-les-colis', 'admin-parcels');
  await checkPhoneList(page, '/compte/villes', 'admin-cities');
  await checkPhoneList(page, '/compte/livreurs', 'admin-deliverymen');
});

test("the delivery person's home shows today's round, and his lists are cards on a phone", async ({ page }) => {
  await signIn(page, DELIVERY);
  await page.goto(url('/compte/accueille'));
  const today = page.getByTestId('today-round');
  await expect(today).toBeVisible();
  await expect(page.getByTestId('today-cash-value')).toContainText('DH');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-delivery-home');
  await page.getByTestId('today-open-round').click();
  await expect(page).toHaveURL(/\/compte\/colis-expedies/);
  await expect(page.getByTestId('round-screen')).toBeVisible();

  await checkPhoneList(page, '/compte/bons-de-sortie', 'delivery-exit-vouchers');
  await checkPhoneList(page, '/compte/colis-livres', 'delivery-delivered');
  await checkPhoneScreen(page, '/compte/guide', 'guides-screen', 'delivery-guides');
});

/** A screen of `path` shows its content (`ready`) and nothing on it is wider than the phone. */
async function checkPhoneScreen(page: Page, path: string, ready: string, name: string): Promise<void> {
  await page.goto(url(path));
  await expect(page.getByTestId(ready).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page);
  await screenshot(page, `phone-${name}`);
}

test('stock, support, guides, announcements and the activity log fit a phone', async ({ page }) => {
  await signIn(page, MERCHANT);
  // The demo merchant has the stock service, a ticket with its answer and guides to read.
  await checkPhoneScreen(page, '/compte/gestion-des-stocks', 'table-row', 'client-stock');
  // His profile, with the proof of delivery he requires.
  await checkPhoneScreen(page, '/compte/profile', 'delivery-proof-card', 'client-profile');
  await expect(page.locator('main table')).toHaveCount(0);
  await checkPhoneScreen(page, '/compte/support', 'table-row', 'client-support');
  await page.getByTestId('table-row').first().click();
  await expect(page.getByTestId('ticket-message').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-client-ticket');
  await checkPhoneScreen(page, '/compte/guide', 'guides-screen', 'client-guides');

  await page.context().clearCookies();
  await signIn(page, ADMIN);
  await checkPhoneScreen(page, '/compte/gestion-des-stocks', 'table-row', 'admin-stock');
  await checkPhoneScreen(page, '/compte/support', 'table-row', 'admin-support');
  await checkPhoneScreen(page, '/compte/annonces', 'table-row', 'admin-announcements');
  await checkPhoneScreen(page, '/compte/activites', 'table-row', 'admin-activities');
  await checkPhoneScreen(page, '/compte/guide', 'guides-screen', 'admin-guides');
});
