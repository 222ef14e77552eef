import { defineConfig } from '@playwright/test';

/** The sweeps over every screen of every role: accessibility; layouts and wide lists. */
const ACCESSIBILITY = /accessibility\.spec\.ts$/;
const SCREENS = /(layouts|wideLists)\.spec\.ts$/;
const SWEEPS = /(accessibility|layouts|wideLists)\.spec\.ts$/;
// COLIVRA_E2E_PART: part of the tests, each run with its own server and database, so that
// `just test` runs several side by side (scripts/test-all.sh; the flows also split with
// Playwright's --shard): sweeps (accessibility + screens), accessibility, screens or flows;
// unset: all. COLIVRA_E2E_RUN names the run's output folder (failure screenshots), so that runs
// side by side do not clear each other's.
const part = process.env.COLIVRA_E2E_PART;
const PARTS: Record<string, { testMatch?: RegExp; testIgnore?: RegExp }> = {
  sweeps: { testMatch: SWEEPS },
  accessibility: { testMatch: ACCESSIBILITY },
  screens: { testMatch: SCREENS },
  flows: { testIgnore: SWEEPS },
};
if (part !== undefined && !(part in PARTS)) {
  throw new Error(`COLIVRA_E2E_PART=${part}: one of ${Object.keys(PARTS).join(', ')}`);
}

// Browser tests against the real server (started by e2e/global-setup.ts on a fresh SQLite
// database), driving Debian's Chromium. Never `npx playwright install`.
export default defineConfig({
  testDir: './e2e',
  ...(part !== undefined ? PARTS[part] : {}),
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: `./test-results/${process.env.COLIVRA_E2E_RUN ?? part ?? 'all'}`,
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'fr-FR',
    // The app honours "reduce motion" (no transitions, no ripples): the tests read the screens,
    // not their animations, and each animation frame costs the 2-core CI machine.
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
