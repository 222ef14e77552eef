// What a phone actually downloads: bytes on the wire as the browser received them
// (encodedDataLength from the DevTools protocol, compressed as sent, headers included), not the
// size of the files on disk. Cold cache: nothing is kept from earlier tests.
import type { CDPSession, Page } from '@playwright/test';
import { MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { url } from './helpers';

const KB = 1024;
const SIGN_IN_SCRIPT_BUDGET = 200 * KB;
const SCREEN_SCRIPT_BUDGET = 120 * KB;

interface Received {
  url: string;
  type: string;
  encoding: string | undefined;
  bytes: number;
}

/** Records every response of the page until `take()` hands them over and starts again. */
async function recordTransfers(page: Page): Promise<{ take: () => Received[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let seen = new Map<string, Omit<Received, 'bytes'>>();
  let finished: Received[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    seen.set(event.requestId, { url: event.response.url, type: event.type, encoding: headers['content-encoding'] });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = seen.get(event.requestId);
    if (response) finished.push({ ...response, bytes: event.encodedDataLength });
  });
  return {
    cdp,
    take: () => {
      const taken = finished;
      finished = [];
      seen = new Map();
      return taken;
    },
  };
}

const scripts = (received: Received[]) => received.filter((r) => r.type === 'Script');
const total = (received: Received[]) => received.reduce((sum, r) => sum + r.bytes, 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

test('the sign-in page and the screens after it stay within their transfer budgets', async ({ page }) => {
  const { take } = await recordTransfers(page);

  await page.goto(url('/compte/connexion'));
  await expect(page.locator('input[name="email"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const signIn = take();
  const signInScripts = scripts(signIn);
  console.log(`sign-in page: ${kb(total(signInScripts))} of JavaScript, ${kb(total(signIn))} in all (${signIn.length} responses)`);
  expect(signInScripts.length).toBeGreaterThan(0);
  // Every script worth compressing went out in brotli (app-config.js is a few bytes).
  for (const script of signInScripts.filter((s) => s.bytes > 2 * KB)) expect(script.encoding, script.url).toBe('br');
  expect(total(signInScripts)).toBeLessThanOrEqual(SIGN_IN_SCRIPT_BUDGET);

  // Signing in opens the merchant's home: the layout and the dashboard come on top.
  await page.locator('input[name="email"]').fill(MERCHANT.email);
  await page.locator('input[name="password"]').fill(MERCHANT.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('side-menu')).toBeAttached();
  // The dashboard's figures drawn: its chunks were asked for (« networkidle » alone returned
  // before them on a busy machine, and the list was then charged with the home's scripts).
  await expect(page.getByTestId('dashboard-stats')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const home = take();
  console.log(`home screen: ${kb(total(scripts(home)))} more JavaScript, ${kb(total(home))} in all`);
  expect(total(scripts(home))).toBeLessThanOrEqual(SCREEN_SCRIPT_BUDGET);
  for (const response of home.filter((r) => r.url.includes('/api/') && r.bytes > 2 * KB)) {
    expect(response.encoding, response.url).toMatch(/^(br|gzip)$/);
  }

  // A list screen, opened inside the app (no reload), as the menu does.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/compte/tous-les-colis');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('table-search')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const list = take();
  console.log(`parcel list: ${kb(total(scripts(list)))} more JavaScript, ${kb(total(list))} in all`);
  expect(total(scripts(list))).toBeLessThanOrEqual(SCREEN_SCRIPT_BUDGET);
});
