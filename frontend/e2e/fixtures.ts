import { expect, test as base } from '@playwright/test';

/**
 * `page` that fails the test on a JavaScript error or a console.error in the app. The browser's
 * own "Failed to load resource" lines (an expected 401 of the session restore) are ignored.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
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
