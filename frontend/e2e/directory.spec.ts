// Directory and pricing against the real server: cities, delivery people with per-city
// commissions, a merchant's shop, a price override, the merchant's Tarifs and his team.
import type { Locator, Page } from '@playwright/test';
import { ADMIN, MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { menuLinks, screenshot, signIn, url, validRib, wrongKeyRib } from './helpers';

// Unique per run: the tests can run again on the same database.
const RUN = Date.now().toString(36).slice(-6);
const CITY = `Ifrane ${RUN}`;
const DELIVERY_PERSON = { full_name: `Rachid Amrani ${RUN}`, email: `rachid.${RUN}@livreurs.ma`, phone: '0661234567' };
const SHOP = `Atelier Argane ${RUN}`;
const MEMBER = { first_name: 'Imane', last_name: `Chraibi${RUN}`, email: `imane.${RUN}@souk.ma`, password: 'Cedre-Ifrane-2026!' };

/** Unique per run (the last 12 digits of the clock). */
const RIB = validRib(`0117800000${String(Date.now()).slice(-12)}`);

function rowOf(page: Page, text: string): Locator {
  return page.getByTestId('table-row').filter({ hasText: text });
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByTestId('table-search').fill(text);
}

/** Picks an option of a server-searched autocomplete. */
async function pick(scope: Page | Locator, page: Page, name: string, typed: string, option: string | RegExp): Promise<void> {
  await scope.locator(`input[name="${name}"]`).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function submitDialog(dialog: Locator): Promise<void> {
  await dialog.getByTestId('form-submit').click();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ mode: 'serial' });

test('an admin adds a city and a delivery person who serves it, with his commissions', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/villes'));
  await expect(page.getByTestId('cities-screen')).toBeVisible();
  await page.getByTestId('create-button').click();
  let dialog = page.getByTestId('form-dialog');
  await dialog.locator('input[name="name"]').fill(CITY);
  await dialog.locator('input[name="delivery_fee"]').fill('30');
  await dialog.locator('input[name="return_fee"]').fill('10,50');
  await dialog.locator('input[name="refusal_fee"]').fill('15');
  await submitDialog(dialog);
  await search(page, CITY);
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  await expect(rowOf(page, CITY)).toContainText('30,00 DH');
  await expect(rowOf(page, CITY)).toContainText('10,50 DH');
  await screenshot(page, 'admin-cities');

  // Server validation shows under the field: a fee above the maximum.
  await page.getByTestId('create-button').click();
  dialog = page.getByTestId('form-dialog');
  await dialog.locator('input[name="name"]').fill(`${CITY} bis`);
  await dialog.locator('input[name="delivery_fee"]').fill('5000');
  await dialog.locator('input[name="return_fee"]').fill('10');
  await dialog.locator('input[name="refusal_fee"]').fill('10');
  await dialog.getByTestId('form-submit').click();
  await expect(dialog.locator('input[name="delivery_fee"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('field-delivery_fee')).toContainText('Entre 0 et');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(url('/compte/livreurs'));
  await expect(page.getByTestId('deliverymen-screen')).toBeVisible();
  await page.getByTestId('create-button').click();
  dialog = page.getByTestId('form-dialog');
  await dialog.locator('input[name="full_name"]').fill(DELIVERY_PERSON.full_name);
  await dialog.locator('input[name="phone"]').fill(DELIVERY_PERSON.phone);
  await dialog.locator('input[name="email"]').fill(DELIVERY_PERSON.email);
  await dialog.locator('input[name="password"]').fill('Moto-Ifrane-2026!');
  await dialog.locator('input[name="national_id"]').fill('AB123456');
  await dialog.locator('input[name="vehicle"]').fill('Moto');
  await submitDialog(dialog);
  // The server searches first name, last name, e-mail and phone one by one: search the e-mail.
  await search(page, DELIVERY_PERSON.email);
  await expect(page.getByTestId('table-row')).toHaveCount(1);

  await page.getByRole('button', { name: `Villes et commissions ${DELIVERY_PERSON.full_name}` }).click();
  const cities = page.getByTestId('delivery-cities-dialog');
  await expect(cities.getByTestId('delivery-cities-empty')).toBeVisible();
  await cities.getByTestId('delivery-city-add').click();
  const form = page.getByTestId('delivery-city-form');
  await pick(form, page, 'city', CITY, CITY);
  await form.locator('input[name="delivered_commission"]').fill('12');
  await form.locator('input[name="refused_commission"]').fill('5');
  await submitDialog(form);
  const row = cities.getByTestId('delivery-city-row').filter({ hasText: CITY });
  await expect(row).toContainText('12,00 DH');
  await expect(row).toContainText('5,00 DH');

  // Edit the commission in that city.
  await cities.getByRole('button', { name: `Modifier ${CITY}` }).click();
  await form.locator('input[name="delivered_commission"]').fill('13,5');
  await submitDialog(form);
  await expect(row).toContainText('13,50 DH');
  await screenshot(page, 'admin-delivery-cities');
  await cities.getByRole('button', { name: 'Fermer' }).click();
  await expect(rowOf(page, DELIVERY_PERSON.full_name)).toContainText(CITY);
});

test('a merchant creates a shop in that city, with his RIB', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/shops'));
  await expect(page.getByTestId('shops-screen')).toBeVisible();
  await page.getByTestId('create-button').click();
  const dialog = page.getByTestId('form-dialog');
  await dialog.locator('input[name="name"]').fill(SHOP);
  await dialog.locator('input[name="phone"]').fill('0522334455');
  await pick(dialog, page, 'city', CITY, CITY);
  await dialog.locator('textarea[name="address"]').fill('12, avenue Hassan II');
  // A wrong RIB key is refused under its field.
  await dialog.locator('input[name="bank_account"]').fill(wrongKeyRib(RIB));
  await dialog.getByTestId('form-submit').click();
  await expect(dialog.locator('input[name="bank_account"]')).toHaveAttribute('aria-invalid', 'true');
  await dialog.locator('input[name="bank_account"]').fill(RIB);
  await submitDialog(dialog);
  const row = rowOf(page, SHOP);
  await expect(row).toContainText(CITY);
  await expect(row).toContainText(RIB.slice(0, 4));
  await screenshot(page, 'client-shops');
});

test('the admin cannot delete the city a shop uses, and gives the merchant his own price there', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/villes'));
  await search(page, CITY);
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Supprimer ${CITY}` }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await confirm.getByTestId('confirm-submit').click();
  await expect(confirm.getByTestId('confirm-error')).toContainText(/désactiv/i);
  await confirm.getByRole('button', { name: 'Fermer' }).click();

  // The merchant's shops from the clients screen.
  await page.goto(url('/compte/clients'));
  await page.getByTestId('tab-activated').click();
  await search(page, MERCHANT.email);
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  await page.getByTestId('table-row').getByTestId('row-action-shops').click();
  await expect(page.getByTestId('client-shops-drawer').getByTestId('table-row').filter({ hasText: SHOP })).toHaveCount(1);
  // Once the drawer has slid in.
  await expect(page.getByTestId('client-shops-drawer').locator('.MuiDrawer-paper')).toHaveCSS('transform', 'none');
  await screenshot(page, 'admin-client-shops');
  await page.keyboard.press('Escape');

  await page.goto(url('/compte/couts'));
  await expect(page.getByTestId('costs-screen')).toBeVisible();
  await page.getByTestId('create-button').click();
  const dialog = page.getByTestId('form-dialog');
  await pick(dialog, page, 'client', MERCHANT.email, /client@colivra\.ma/);
  await pick(dialog, page, 'city', CITY, CITY);
  await dialog.locator('input[name="delivery_fee"]').fill('25');
  await dialog.locator('input[name="return_fee"]').fill('8');
  await dialog.locator('input[name="refusal_fee"]').fill('12,5');
  await submitDialog(dialog);

  // Filtered by that merchant, the override is listed.
  await pick(page.getByTestId('costs-client-filter'), page, 'client_filter', MERCHANT.email, /client@colivra\.ma/);
  const row = rowOf(page, CITY);
  await expect(row).toContainText('25,00 DH');
  await expect(row).toContainText('12,50 DH');
  await screenshot(page, 'admin-costs');
});

test('the merchant sees his own price on Tarifs, marked as such', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-pricing').click();
  await expect(page).toHaveURL(/\/compte\/pricing$/);
  await expect(page.getByTestId('pricing-screen')).toBeVisible();
  await search(page, CITY);
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  const row = rowOf(page, CITY);
  await expect(row).toContainText('25,00 DH');
  await expect(row).toContainText('8,00 DH');
  await expect(row.getByTestId('pricing-overridden')).toHaveText('Tarif personnalisé');
  // A city without an override shows the city's price, not marked.
  await search(page, 'Casablanca');
  await expect(rowOf(page, 'Casablanca')).toContainText('Tarif standard');
  await expect(page.getByTestId('pricing-overridden')).toHaveCount(0);
  await screenshot(page, 'client-pricing');
});

test('a merchant adds a team member with only the shops permission, who then sees only that entry', async ({
  page,
  browser,
}) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/staff'));
  await expect(page.getByTestId('staff-screen')).toHaveAttribute('data-scope', 'client');
  await page.getByTestId('create-button').click();
  const dialog = page.getByTestId('form-dialog');
  await dialog.locator('input[name="first_name"]').fill(MEMBER.first_name);
  await dialog.locator('input[name="last_name"]').fill(MEMBER.last_name);
  await dialog.locator('input[name="email"]').fill(MEMBER.email);
  await dialog.locator('input[name="password"]').fill(MEMBER.password);
  await dialog.getByRole('checkbox', { name: 'Boutiques' }).check();
  await screenshot(page, 'client-team-form');
  await submitDialog(dialog);
  await search(page, MEMBER.last_name);
  await expect(rowOf(page, MEMBER.last_name)).toContainText('1 rubrique');

  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });
  try {
    const member = await context.newPage();
    await signIn(member, MEMBER);
    await expect(member).toHaveURL(/\/compte\/shops$/);
    expect(await menuLinks(member)).toEqual(['/compte/shops']);
    // He works on his merchant's data.
    await expect(rowOf(member, SHOP)).toHaveCount(1);
    await member.goto(url('/compte/pricing'));
    await expect(member).toHaveURL(/\/compte\/not-found$/);
  } finally {
    await context.close();
  }
});
