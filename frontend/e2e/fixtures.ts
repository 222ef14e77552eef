import { expect, test as base, type Page } from '@playwright/test';

/** Requests under way in each page (the API calls a screen makes, its lazily loaded code). */
const inFlight = new WeakMap<Page, Set<unknown>>();

/** Starts counting `page`'s requests under way (once per page); the fixture's pages from their start. */
export function trackRequests(page: Page): Set<unknown> {
  const known = inFlight.get(page);
  if (known) return known;
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return pending;
}

/**
 * `page` that fails the test on a JavaScript error or a console.error in the app. The browser's
 * own "Failed to load resource" lines (an expected 401 of the session restore) are ignored.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    trackRequests(page);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (text.startsWith('Failed to load resource')) return;
      problems.push(`console.error: ${text}`);
    });
    await use(page);
    expect(problems, 'errors in the browser console').toEqual([]);
  },
});

export { expect };
