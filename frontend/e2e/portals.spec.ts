import { expect, test } from './fixtures';
import { ADMIN, MERCHANT, DELIVERY, STAFF } from './accounts';
import { gradientPng } from './png';
import { apiSession, menuLinks, screenshot, signIn, signOutFromUserMenu, url } from './helpers';

const NEW_MERCHANT = {
  first_name: 'Salma',
  last_name: 'Berrada',
  email: `salma.${Date.now()}@souk-digital.ma`,
  phone: '0612345678',
  company: 'Souk Digital',
  city: 'Rabat',
  password: 'Argan-Tajine-Fes-2026',
};

test.describe.configure({ mode: 'serial' });

test('a merchant registers, waits for validation, is activated by an admin and sees the client menu', async ({
  page,
  playwright,
}) => {
  // Registered on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url('/compte/inscription'));
  for (const [name, value] of Object.entries(NEW_MERCHANT)) {
    if (name !== 'city') await page.locator(`input[name="${name}"]`).fill(value);
  }
  await page.locator('input[name="password_confirmation"]').fill(NEW_MERCHANT.password);
  // The city is one the company serves, picked in the list (typed without its capital).
  const city = page.locator('input[name="city"]');
  await city.fill(NEW_MERCHANT.city.slice(0, 3).toLowerCase());
  await expect(page.getByRole('option')).toHaveText([NEW_MERCHANT.city]);
  await screenshot(page, 'register-city-phone');
  await page.getByRole('option', { name: NEW_MERCHANT.city }).click();
  await expect(city).toHaveValue(NEW_MERCHANT.city);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: "S'inscrire" }).click();

  await expect(page).toHaveURL(/\/compte\/activation$/);
  await expect(page.getByTestId('activation-card')).toContainText('Votre compte est en attente de validation');
  await expect(page.getByTestId('activation-card')).toContainText('BERRADA SALMA');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Refresh while still pending says so.
  await page.getByTestId('activation-refresh').click();
  await expect(page.getByTestId('activation-notice')).toBeVisible();

  // An admin activates him through the API, with the admin's own session.
  const merchant = await (await page.request.get(url('/api/user'))).json();
  expect(merchant.active).toBe(false);
  const adminApi = await playwright.request.newContext();
  const { xsrf } = await apiSession(adminApi, ADMIN);
  const activation = await adminApi.put(url(`/api/clients/${merchant.user_data.key}`), {
    data: { active: true },
    headers: { 'X-XSRF-TOKEN': await xsrf(), Accept: 'application/json' },
  });
  expect(activation.status(), await activation.text()).toBe(200);
  await adminApi.dispose();

  // He signs out, signs in again and lands on his dashboard with the client menu.
  await page.getByTestId('activation-sign-out').click();
  await expect(page).toHaveURL(/\/compte\/connexion$/);
  await signIn(page, NEW_MERCHANT);
  await expect(page).toHaveURL(/\/compte\/accueille$/);
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-role', 'client');
  await expect(page.getByTestId('dashboard-greeting')).toContainText('BERRADA SALMA');
  const links = await menuLinks(page);
  // The specification's 19 entries and « À décider » (issue 40).
  expect(links).toHaveLength(20);
  expect(links[0]).toBe('/compte/accueille');
  expect(links).toContain('/compte/pricing');
  await expect(page.getByTestId('side-menu')).toContainText('MARCHAND');
  await expect(page.getByTestId('footer')).toContainText(`© ${new Date().getFullYear()} Colivra`);
});

test('the demo merchant: dashboard, the support menu entry, Tarifs in the user menu, API tokens', async ({ page }) => {
  await signIn(page, MERCHANT);
  await expect(page).toHaveURL(/\/compte\/accueille$/);
  await expect(page.getByTestId('user-display-name')).toHaveText('EL AMRANI YOUSSEF');
  await page.getByTestId('nav-section-help').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Support' }).click();
  await expect(page).toHaveURL(/\/compte\/support$/);
  // Every menu entry has its screen now: support lists the demo ticket.
  await expect(page.getByTestId('table-row').filter({ hasText: 'Date de ramassage' })).toBeVisible();
  await expect(page.getByTestId('not-available-yet')).toHaveCount(0);
  await page.goto(url('/compte/accueille'));
  await expect(page.getByTestId('dashboard-shortcuts')).toBeVisible();
  await screenshot(page, 'client-dashboard');

  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu-pricing')).toHaveText('Tarifs');
  await page.getByTestId('user-menu-profile').click();
  await expect(page).toHaveURL(/\/compte\/profile$/);

  // Create a token, see it once, revoke it.
  const form = page.getByTestId('token-form');
  await form.locator('input[name="name"]').fill('Boutique WooCommerce');
  await form.getByRole('button', { name: 'Créer un jeton' }).click();
  const dialog = page.getByTestId('new-token-dialog');
  await expect(dialog).toBeVisible();
  const plain = await dialog.getByTestId('new-token-value').inputValue();
  expect(plain.length).toBeGreaterThan(20);
  await dialog.getByRole('button', { name: "J'ai copié mon jeton" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('token-row').filter({ hasText: 'Boutique WooCommerce' });
  await expect(row).toHaveCount(1);
  await expect(page.getByText(plain)).toHaveCount(0);
  await row.getByRole('button', { name: /Révoquer/ }).click();
  await page.getByTestId('revoke-dialog').getByRole('button', { name: 'Révoquer' }).click();
  await expect(row).toHaveCount(0);

  // Profile update: phone and a photo, reduced in the browser to at most 256×256 JPEG.
  const profile = page.getByTestId('profile-form');
  await profile.locator('input[name="phone"]').fill('0700112233');
  await page.getByTestId('profile-avatar-input').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: gradientPng(800, 500),
  });
  const preview = page.getByTestId('profile-avatar').locator('img');
  await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  const size = await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([256, 160]);
  await profile.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('profile-saved')).toBeVisible();

  // Kept by the server: after a reload the session carries the new phone and photo.
  await page.reload();
  await expect(page.getByTestId('profile-form').locator('input[name="phone"]')).toHaveValue('0700112233');
  await expect(page.getByTestId('user-menu-button').locator('img')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);

  // A wrong current password is refused by the server, under its field.
  const password = page.getByTestId('password-form');
  await password.locator('input[name="current_password"]').fill('not-my-password');
  await password.locator('input[name="password"]').fill('Cedre-Ifrane-Atlas-2026');
  await password.locator('input[name="password_confirmation"]').fill('Cedre-Ifrane-Atlas-2026');
  await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(password.locator('input[name="current_password"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('password-saved')).toHaveCount(0);

  // And the photo can be removed (null).
  await page.getByTestId('profile-avatar-remove').click();
  await page.getByTestId('profile-form').getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('profile-saved')).toBeVisible();
  await expect(page.getByTestId('user-menu-button').locator('img')).toHaveCount(0);
});

test('an admin sees the whole admin menu', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/compte\/tableau-de-bord$/);
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-role', 'admin');
  const links = await menuLinks(page);
  // The specification's 29 entries (confirmations among them), « À décider » (issue 40) and
  // « Messages envoyés » (issue 41).
  expect(links).toHaveLength(31);
  expect(links).toEqual(expect.arrayContaining(['/compte/villes', '/compte/livreurs', '/compte/annonces']));
  await expect(page.getByTestId('side-menu')).toContainText('ADMINISTRATION');
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu-pricing')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('dashboard-shortcuts')).toBeVisible();
  await screenshot(page, 'admin-dashboard');
});

test('an admin staff member with two permissions sees only those two entries, and what they open', async ({ page }) => {
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/compte\/tableau-de-bord$/);
  // « Messages envoyés » opens with the dashboard permission.
  expect(await menuLinks(page)).toEqual(['/compte/tableau-de-bord', '/compte/villes', '/compte/messages']);
  await page.goto(url('/compte/clients'));
  await expect(page).toHaveURL(/\/compte\/not-found$/);
  await page.goto(url('/compte/tableau-de-bord'));
  await expect(page.getByTestId('dashboard-greeting')).toContainText('TAZI NADIA');
  await screenshot(page, 'admin-staff-dashboard');
});

test('a delivery person lands on all-parcels with the delivery menu', async ({ page }) => {
  await signIn(page, DELIVERY);
  await expect(page).toHaveURL(/\/compte\/tous-les-colis$/);
  const links = await menuLinks(page);
  expect(links).toHaveLength(12);
  expect(links[0]).toBe('/compte/accueille');
  expect(links[11]).toBe('/compte/guide');
  await expect(page.getByTestId('side-menu')).toContainText('LIVREUR');
  await expect(page.getByTestId('user-display-name')).toHaveText('Hamid Ouazzani');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Accueil' }).click();
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-role', 'delivery-admin');
  await expect(page.getByTestId('dashboard-shortcuts')).toBeVisible();
  await screenshot(page, 'delivery-home');
  // His guides: those for everyone and for delivery people, not the merchants' ones.
  await page.goto(url('/compte/guide'));
  const guides = page.getByTestId('guide-row');
  await expect(guides.first()).toBeVisible();
  const screen = page.getByTestId('guides-screen');
  await expect(screen).toContainText('Livrer, encaisser, remettre les espèces');
  await expect(screen).not.toContainText('Bien préparer un colis');
  await expect(screen).not.toContainText('API marchand');
});

test('unknown /compte paths show the 404 page', async ({ page }) => {
  await page.goto(url('/compte/cette-page-nexiste-pas'));
  await expect(page).toHaveURL(/\/compte\/not-found$/);
  await expect(page.getByTestId('not-found')).toContainText('Page introuvable');
  await expect(page.getByTestId('layout-blank')).toBeVisible();
});

test('a visitor on a protected page goes to sign-in; sign-out returns to /compte/connexion', async ({ page }) => {
  await page.goto(url('/compte/profile'));
  await expect(page).toHaveURL(/\/compte\/connexion$/);
  await signIn(page, MERCHANT);
  await signOutFromUserMenu(page);
  // The session is gone on the server too.
  expect((await page.request.get(url('/api/user'))).status()).toBe(401);
  await page.goto(url('/compte/accueille'));
  await expect(page).toHaveURL(/\/compte\/connexion$/);
});

test('dark mode survives a reload', async ({ page }) => {
  await page.goto(url('/compte/connexion'));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('login-card')).toBeVisible();
  const background = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
  expect(background).toBe('rgb(40, 36, 61)');
  await screenshot(page, 'sign-in-dark');
});

test('English can be picked and is kept', async ({ page }) => {
  await page.goto(url('/compte/connexion'));
  await expect(page.getByTestId('login-card')).toContainText('Bienvenue sur Colivra');
  await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.getByTestId('login-card')).toContainText('Welcome to Colivra');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByTestId('login-card')).toContainText('Welcome to Colivra');
});

test.describe('phone-sized viewport', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the temporary drawer behind the hamburger', async ({ page }) => {
    await signIn(page, MERCHANT);
    await expect(page).toHaveURL(/\/compte\/accueille$/);
    await expect(page.getByTestId('nav-drawer-permanent')).toHaveCount(0);
    await expect(page.getByTestId('side-menu')).toBeHidden();
    await page.getByTestId('nav-hamburger').click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    // Wait for the slide-in to finish before the screenshot.
    await expect(page.getByTestId('nav-drawer-temporary').locator('.MuiDrawer-paper')).toHaveCSS('transform', 'none');
    await screenshot(page, 'client-phone-drawer');
    await page.getByTestId('side-menu').getByRole('link', { name: 'Tableau de bord' }).click();
    await expect(page.getByTestId('side-menu')).toBeHidden();
  });
});
