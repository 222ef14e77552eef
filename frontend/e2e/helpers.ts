import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, MERCHANT } from './accounts';
import { trackRequests } from './fixtures';
import { pdfText } from './pdf';

export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'e2e-artifacts');

export function baseUrl(): string {
  const url = process.env.COLIVRA_E2E_URL;
  if (!url) throw new Error('COLIVRA_E2E_URL is not set: the global setup did not run');
  return url;
}

export function url(pathname: string): string {
  return `${baseUrl()}${pathname}`;
}

/**
 * Waits until the app has replaced the plain sign-in form sent before the scripts (signin.html):
 * a press that begins on the plain button and ends on the app's, which replaced it in between, is
 * no click at all, and under the suite's load the app arrived in that very instant twice.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.getByTestId('early-sign-in')).toHaveCount(0, { timeout: 30_000 });
}

/** Signs in through the sign-in page and waits until the guard has moved on. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto(url('/compte/connexion'));
  await appTookOver(page);
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  // A sign-in hashes the password on purpose slowly (argon2, a debug build here): with the Rust
  // tests and schemathesis sharing two cores it once took longer than the usual 10 s.
  await expect(page).not.toHaveURL(/\/compte\/connexion$/, { timeout: 30_000 });
}

/**
 * Holds every request for the app's entry scripts until the returned function is called: the page
 * stays as the server sent it (the plain sign-in form of signin.html) for as long as a test needs.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(runtime|framework|main)\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

export async function signOutFromUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-sign-out').click();
  await expect(page).toHaveURL(/\/compte\/connexion$/);
}

/** hrefs of the side menu entries. */
export async function menuLinks(page: Page): Promise<string[]> {
  const nav = page.getByTestId('side-menu');
  await expect(nav).toBeAttached();
  return nav.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/** What shows while a screen loads (skeletons, spinners, progress bars). */
export const LOADING = '.MuiSkeleton-root, .MuiCircularProgress-root, .MuiLinearProgress-root';

/**
 * Waits until the screen has loaded what it shows: no request under way, no skeleton nor spinner
 * (LOADING), twice 150 ms apart (an answer often starts the next request: a list after its
 * filters). Unlike the browser's « network idle » (half a second of nothing after a page load),
 * it holds after a link followed in the page, and it does not wait when all is there.
 */
export async function settle(page: Page): Promise<void> {
  const pending = trackRequests(page);
  const idle = async () => pending.size === 0 && (await page.locator(LOADING).count()) === 0;
  await expect
    .poll(
      async () => {
        if (!(await idle())) return false;
        await page.waitForTimeout(150);
        return idle();
      },
      { timeout: 15_000, intervals: [50, 100, 200] },
    )
    .toBe(true);
}

/** Waits for the screen of `path` (not a redirection to the 404 or the sign-in page), loaded. */
export async function arrived(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { message: path }).toBe(path.split('?')[0]);
  await expect(page.locator('main#main-content')).toBeVisible();
  await settle(page);
}

/** Opens `path` from the address bar (the app loaded again) and waits for its screen. */
export async function visit(page: Page, path: string): Promise<void> {
  trackRequests(page);
  await page.goto(url(path));
  await arrived(page, path);
}

/** One's profile, from the user menu (every role has it). */
export const PROFILE = '/compte/profile';

/**
 * Goes to `path` without loading the app again, as a person does: the menu's link when there is
 * one (followed in the page: on a phone the menu is in its closed drawer), the user menu for the
 * profile, else the router's own history (a link from another screen). The sweeps over every
 * screen go from one to the next this way, each screen at its top.
 */
export async function follow(page: Page, path: string): Promise<void> {
  const link = page.getByTestId('side-menu').locator(`a[href="${path}"]`);
  if (path === PROFILE) {
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-profile').click();
  } else if ((await link.count()) > 0) {
    await link.first().evaluate((element: HTMLElement) => element.click());
  } else {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
  await arrived(page, path);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Whether the sweeps over every screen save a screenshot of each (COLIVRA_E2E_SCREENSHOTS=1): a
 * person reviewing the layouts looks at them; `just test` does not need them, and each full-page
 * picture costs the 2-core machine about as much as the check it illustrates.
 */
export const SWEEP_SCREENSHOTS = process.env.COLIVRA_E2E_SCREENSHOTS === '1';

/** Saves what the window shows (or the whole page: `fullPage`) as e2e-artifacts/NAME.png. */
export async function screenshot(page: Page, name: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
}

/** A cookie-session API client signed in with the given account (Sanctum flow). */
export async function apiSession(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<{ xsrf: () => Promise<string> }> {
  const xsrf = async () => {
    const state = await request.storageState();
    const cookie = state.cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('no XSRF-TOKEN cookie');
    return decodeURIComponent(cookie.value);
  };
  expect((await request.get(url('/sanctum/csrf-cookie'))).status()).toBe(204);
  const login = await request.post(url('/api/login'), {
    data: { ...account, remember: false },
    headers: { 'X-XSRF-TOKEN': await xsrf(), Accept: 'application/json' },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { xsrf };
}

/** Picks the interface language in the top bar's settings (`name` as its button reads). */
export async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-language').getByRole('button', { name }).click();
  await page.keyboard.press('Escape');
}

/** Puts `account`'s profile language back to French, for the specs that run after. */
export async function profileBackToFrench(
  playwright: { request: { newContext: () => Promise<APIRequestContext> } },
  account: { email: string; password: string },
): Promise<void> {
  const request = await playwright.request.newContext();
  try {
    const { xsrf } = await apiSession(request, account);
    const reset = await request.put(url('/api/users/language'), {
      data: { language: 'fr' },
      headers: { 'X-XSRF-TOKEN': await xsrf(), Accept: 'application/json' },
    });
    expect(reset.status()).toBe(204);
  } finally {
    await request.dispose();
  }
}

/** Searches the list of the page (the table's search box), at once. */
export async function search(page: Page, text: string, scope: Page | Locator = page): Promise<void> {
  await scope.getByTestId('table-search').fill(text);
  await scope.getByTestId('table-search').press('Enter');
}

/** The demo merchant's shop; other tests may have given him more, then the forms ask which. */
export const DEMO_SHOP = 'Boutique Atlas';

/** Picks the demo shop in the shop select inside `scope`, when there is one (several shops). */
export async function chooseDemoShop(page: Page, scope: Locator): Promise<void> {
  // The form or panel shows once the merchant's shops have loaded (a skeleton until then): only
  // then does the absence of a shop choice mean he has one shop.
  await scope.first().waitFor();
  const select = scope.getByRole('combobox', { name: /^Boutique/ });
  if ((await select.count()) === 0) return;
  await select.click();
  await page.getByRole('option', { name: DEMO_SHOP, exact: true }).click();
}

/**
 * Clicks what opens a document in a pop-up or a new tab (a PDF, a RIB certificate); checks its
 * address and reads it again with the page's cookies: a 200 of the given type.
 */
export async function openedDocument(
  page: Page,
  click: () => Promise<void>,
  { prefix, pattern, contentType }: { prefix: string; pattern: RegExp; contentType: string },
): Promise<Buffer> {
  const popupOpened = page.waitForEvent('popup');
  await click();
  const popup = await popupOpened;
  const address = popup.url();
  expect(address).toContain(prefix);
  expect(address).toMatch(pattern);
  const response = await page.request.get(address);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain(contentType);
  await popup.close();
  return response.body();
}

/** Clicks what opens a document's PDF pop-up; reads the text of the PDF it shows. */
export async function printedPdf(page: Page, click: () => Promise<void>, prefix: string): Promise<string> {
  return pdfText(await openedDocument(page, click, { prefix, pattern: /\/pdf$/, contentType: 'application/pdf' }));
}

/** A signed-in API client of its own (its own cookies), for a quick round through the API. */
export async function apiClient(playwright: { request: { newContext: () => Promise<APIRequestContext> } }, account: { email: string; password: string }) {
  const request = await playwright.request.newContext();
  const { xsrf } = await apiSession(request, account);
  const send = async (method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => {
    const fetch = async () =>
      request.fetch(url(path), {
        method,
        data,
        headers: { 'X-XSRF-TOKEN': await xsrf(), Accept: 'application/json' },
      });
    // A kept-alive connection the server closes (idle for its keep-alive time) just as the
    // client reuses it is reset; a browser sends a GET again on a fresh one, and so does this
    // client (a GET only: a write may have been received).
    const response = await fetch().catch(async (error: unknown) => {
      if (method !== 'GET' || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
      return fetch();
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as { data: Record<string, unknown> & Array<Record<string, unknown>> };
  };
  return { request, send };
}

type NewParcel = {
  recipient_name: string;
  recipient_phone: string;
  cod_amount: number;
  address?: string;
  product?: string;
  /** A refund takes an item back from the recipient (`item_to_collect`). */
  kind?: 'standard' | 'refund';
  item_to_collect?: string;
};

/**
 * Parcels of the demo shop for Casablanca, on a pickup voucher of the merchant and picked up by
 * an admin, through the API as they would; returns their codes (the API clients stay open for
 * what follows, `then`).
 */
async function pickedUp<T>(
  playwright: { request: { newContext: () => Promise<APIRequestContext> } },
  parcels: NewParcel[],
  then: (codes: string[], admin: Awaited<ReturnType<typeof apiClient>>) => Promise<T>,
): Promise<T> {
  const merchant = await apiClient(playwright, MERCHANT);
  const admin = await apiClient(playwright, ADMIN);
  try {
    const shop = (await merchant.send('GET', '/api/shops?per_page=100')).data.find((candidate) => candidate.name === DEMO_SHOP);
    expect(shop, 'the demo shop').toBeDefined();
    const codes: string[] = [];
    // Eight at a time: a round of 200 is ready in seconds.
    for (let start = 0; start < parcels.length; start += 8) {
      const created = await Promise.all(
        parcels.slice(start, start + 8).map((parcel) =>
          merchant.send('POST', '/api/parcels', {
            shop: shop!.key,
            city: 'Casablanca',
            address: '5 rue Ibnou Mounir, Maarif',
            product: 'Coffret de thé',
            ...parcel,
          }),
        ),
      );
      codes.push(...created.map((answer) => String(answer.data.key)));
    }
    const voucher = await merchant.send('POST', '/api/pickup-vouchers', { parcels: codes });
    await admin.send('PUT', '/api/pickup-vouchers/pickup', { voucher: voucher.data.key, parcels: codes });
    return await then(codes, admin);
  } finally {
    await merchant.request.dispose();
    await admin.request.dispose();
  }
}

/** Parcels of the demo shop for Casablanca, picked up at the hub (to ship); returns their codes. */
export function parcelsPickedUp(playwright: { request: { newContext: () => Promise<APIRequestContext> } }, parcels: NewParcel[]): Promise<string[]> {
  return pickedUp(playwright, parcels, async (codes) => codes);
}

/**
 * Parcels of the demo shop for Casablanca, picked up and handed to the demo delivery person
 * (Hamid Ouazzani) through the API, as the merchant and an admin would; returns their codes.
 */
export function parcelsOutWithDemoDeliveryPerson(
  playwright: { request: { newContext: () => Promise<APIRequestContext> } },
  parcels: NewParcel[],
): Promise<string[]> {
  return pickedUp(playwright, parcels, async (codes, admin) => {
    const hamid = (await admin.send('GET', '/api/delivery-admins?q=Hamid')).data.find((person) => person.full_name === 'Hamid Ouazzani');
    expect(hamid, 'the demo delivery person').toBeDefined();
    await admin.send('PUT', '/api/parcels/delivery', { delivery_admin: hamid!.key, parcels: codes, force: true });
    return codes;
  });
}

/**
 * Taps a call button of the round (a `tel:` link) as the delivery person does: the app records the
 * call; the dialer, which the headless browser has not (it would complain in the console), is not
 * opened.
 */
export async function tapCall(link: Locator): Promise<void> {
  await expect(link).toHaveAttribute('href', /^tel:/);
  await link.evaluate((element) => element.addEventListener('click', (event) => event.preventDefault(), { once: true }));
  await link.click();
}

/** Where the test phones are (`test.use`): the outcomes of the round go with it, none waits for it. */
export const PHONE_POSITION = { permissions: ['geolocation'], geolocation: { latitude: 33.5731, longitude: -7.5898, accuracy: 20 } };

/** The recipient signs on the outcome sheet's pad: one stroke across it with the pointer. */
export async function drawSignature(page: Page, sheet: Locator): Promise<void> {
  const box = (await sheet.getByTestId('signature-pad').boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  for (const [dx, dy] of [[60, -50], [110, 20], [170, -40], [230, 30], [290, -20]]) {
    await page.mouse.move(box.x + dx, box.y + 80 + dy, { steps: 4 });
  }
  await page.mouse.up();
}

/** A 2×2 PNG: what the camera input hands the page in the tests. */
export const CAMERA_PHOTO = {
  name: 'photo.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64'),
};

/** A Moroccan RIB: the 22 digits given and the 2-digit key (01–97) that makes the whole a multiple of 97. */
export function validRib(body: string): string {
  let rest = 0;
  for (const digit of `${body}00`) rest = (rest * 10 + Number(digit)) % 97;
  return `${body}${String(97 - rest).padStart(2, '0')}`;
}

/** The same RIB with another key: one below the right one, or 02 when it is 01 (never the right one modulo 97). */
export function wrongKeyRib(rib: string): string {
  const key = Number(rib.slice(22));
  return `${rib.slice(0, 22)}${String(key > 1 ? key - 1 : 2).padStart(2, '0')}`;
}
