import { defineConfig } from '@playwright/test';

/** The sweeps over every screen of every role (accessibility, layouts, wide lists). */
const SWEEPS = /(accessibility|layouts|wideLists)\.spec\.ts$/;
// COLIVRA_E2E_PART=sweeps or flows: half of the tests, each half with its own server and
// database, so that `just test` runs the two side by side (scripts/test-all.sh); unset: all.
const part = process.env.COLIVRA_E2E_PART;

// Browser tests against the real server (started by e2e/global-setup.ts on a fresh SQLite
// database), driving Debian's Chromium. Never `npx playwright install`.
export default defineConfig({
  testDir: './e2e',
  ...(part === 'sweeps' ? { testMatch: SWEEPS } : {}),
  ...(part === 'flows' ? { testIgnore: SWEEPS } : {}),
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
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
