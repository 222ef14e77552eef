// A phone on a slow network, measured (issues 23 and 24): the cold sign-in page and a list screen
// with the CPU slowed 4× and 400 kbit/s down (DevTools protocol), time until each is usable.
// A measure, not a timed test (CI machines vary): it runs when COLIVRA_MEASURE=1
// (`just measure-phone`) and prints its figures; the target is 4 s for each.
import type { Page } from '@playwright/test';
import { MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { url } from './helpers';

test.skip(!process.env.COLIVRA_MEASURE, 'a measure: COLIVRA_MEASURE=1 (just measure-phone)');

/** 400 kbit/s down, 400 kbit/s up, 400 ms of round trip: a slow 3G phone. */
async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

test.use({ viewport: { width: 390, height: 844 } });

test('the sign-in page and a list screen on a slow 3G phone', async ({ page }) => {
  test.setTimeout(120_000);
  await slowPhone(page);

  // Usable: the e-mail field is there and takes typing.
  const started = Date.now();
  await page.goto(url('/compte/connexion'), { waitUntil: 'commit' });
  await expect(page.locator('input[name="email"]')).toBeEditable({ timeout: 60_000 });
  const signIn = Date.now() - started;

  await page.locator('input[name="email"]').fill(MERCHANT.email);
  await page.locator('input[name="password"]').fill(MERCHANT.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('side-menu')).toBeAttached({ timeout: 60_000 });

  // A list screen opened cold (a reload on its address, as a shared link would): usable when its
  // rows (or its empty state) show.
  const listStarted = Date.now();
  await page.goto(url('/compte/tous-les-colis'), { waitUntil: 'commit' });
  await expect(page.getByTestId('table-row').first().or(page.getByTestId('table-empty'))).toBeVisible({ timeout: 60_000 });
  const list = Date.now() - listStarted;

  console.log(`slow 3G phone (CPU ×4, 400 kbit/s, 400 ms): sign-in usable in ${(signIn / 1000).toFixed(2)} s, parcel list in ${(list / 1000).toFixed(2)} s (target 4 s each)`);
});
