// The sign-in form in plain HTML (issue 24, a phone on slow 3G): a browser without a session gets
// it on / and /compte/connexion and can fill it before the app's scripts arrive; the app then takes
// over what was typed, where the focus was and a submission made meanwhile. The app's scripts are
// held back here (page.route) to make "before they arrive" last as long as the test needs.
import { MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { holdAppScripts, url } from './helpers';

test('the plain form is filled and submitted before the app arrives; the app signs in with it', async ({ page }) => {
  const release = await holdAppScripts(page);
  await page.goto(url('/compte/connexion'), { waitUntil: 'commit' });

  const plain = page.getByTestId('early-sign-in');
  await expect(plain).toBeVisible();
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Bienvenue sur Colivra');
  // Typed with the keyboard, as a person would, into the e-mail field that has the focus.
  await expect(plain.getByLabel('Adresse e-mail')).toBeFocused();
  await page.keyboard.type(MERCHANT.email);
  await plain.getByLabel('Mot de passe').fill(MERCHANT.password);
  await plain.getByLabel('Se souvenir de moi').check();
  await page.keyboard.press('Enter');
  await expect(page.locator('#early-sign-in-form')).toHaveAttribute('data-submitted', 'true');
  await expect(plain.getByRole('button', { name: 'Se connecter' })).toHaveAttribute('aria-busy', 'true');
  // Nothing went to the server yet, and the password is in no address.
  expect(page.url()).toBe(url('/compte/connexion'));

  const signedIn = page.waitForResponse((response) => response.url().endsWith('/api/login') && response.request().method() === 'POST');
  release();
  const login = await signedIn;
  expect(login.status()).toBe(200);
  expect(login.request().postDataJSON()).toEqual({ email: MERCHANT.email, password: MERCHANT.password, remember: true });
  await expect(page).not.toHaveURL(/\/compte\/connexion$/);
  await expect(page.getByTestId('side-menu')).toBeAttached();
  await expect(plain).toHaveCount(0);
});

test('the app takes over the values and the focus of a form not yet submitted', async ({ page }) => {
  const release = await holdAppScripts(page);
  await page.goto(url('/'), { waitUntil: 'commit' });
  const plain = page.getByTestId('early-sign-in');
  await plain.getByLabel('Adresse e-mail').fill(MERCHANT.email);
  await plain.getByLabel('Mot de passe').click();
  await page.keyboard.type('abc');
  release();

  const form = page.getByTestId('login-form');
  await expect(form).toBeVisible();
  await expect(plain).toHaveCount(0);
  await expect(form.locator('input[name="email"]')).toHaveValue(MERCHANT.email);
  const password = form.locator('input[name="password"]');
  await expect(password).toHaveValue('abc');
  await expect(password).toBeFocused();
  // The typing goes on in the app's field, after what was there.
  await page.keyboard.type('def');
  await expect(password).toHaveValue('abcdef');
  // Not submitted: nothing was sent.
  await expect(page).toHaveURL(/\/$/);
});

test('the plain form reads in the language and theme the browser kept, right to left in Arabic', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('colivra-language', 'ar');
    window.localStorage.setItem('colivra-theme', 'dark');
  });
  const release = await holdAppScripts(page);
  await page.goto(url('/compte/connexion'), { waitUntil: 'commit' });
  const plain = page.getByTestId('early-sign-in');
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText('مرحبًا بك في Colivra');
  await expect(plain.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveClass(/esi-dark/);
  // Pressed with nothing typed: the app performs it, and says what is missing, in Arabic.
  await plain.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.locator('#early-sign-in-form')).toHaveAttribute('data-submitted', 'true');
  release();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByTestId('login-form').locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(plain).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/esi-dark/);
});

test('a browser with a session cookie, and every other address, get the page without the plain form', async ({ page, playwright }) => {
  const anonymous = await playwright.request.newContext();
  try {
    for (const path of ['/', '/compte/connexion']) {
      // (The built page is minified: attribute values without quotes.)
      expect(await (await anonymous.get(url(path))).text(), path).toMatch(/id="?early-sign-in[" >]/);
    }
    for (const path of ['/compte/inscription', '/compte/tous-les-colis', '/suivi/X']) {
      expect(await (await anonymous.get(url(path))).text(), path).not.toContain('early-sign-in');
    }
  } finally {
    await anonymous.dispose();
  }
  const withCookie = await playwright.request.newContext({ extraHTTPHeaders: { cookie: 'colivra_session=anything' } });
  try {
    expect(await (await withCookie.get(url('/compte/connexion'))).text()).not.toContain('early-sign-in');
  } finally {
    await withCookie.dispose();
  }
  // Opening another screen first: the app shows it, and no plain form lingers.
  await page.goto(url('/compte/inscription'));
  await expect(page.getByTestId('register-card')).toBeVisible();
  await expect(page.getByTestId('early-sign-in')).toHaveCount(0);
});
