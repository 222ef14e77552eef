// The admin's stock desk on a 390 × 844 phone, in French then in Arabic: its tab bar shows every
// tab without scrolling sideways (no scroll arrows, all in the window), and the scan field of the
// entries to receive shows its label whole (it was cut), the codes it takes said under it. The
// admin's profile is put back in French at the end.
import type { Page } from '@playwright/test';
import { ADMIN } from './accounts';
import { expect, test } from './fixtures';
import { layoutProblems } from './layout';
import { chooseLanguage, profileBackToFrench, screenshot, signIn, visit } from './helpers';

const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ playwright }) => {
  await profileBackToFrench(playwright, ADMIN);
});

/** Every tab of the stock desk in the window, the bar not scrolling. */
async function expectTabsFit(page: Page): Promise<void> {
  const bar = page.getByTestId('stock-tabs');
  await expect(bar).toBeVisible();
  const tabs = bar.getByRole('tab');
  await expect(tabs).toHaveCount(5);
  for (const box of await tabs.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(PHONE.width + 0.5);
  }
  const scroller = await bar.locator('.MuiTabs-scroller').evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(scroller.scroll, 'the tab bar does not scroll sideways').toBeLessThanOrEqual(scroller.client + 1);
  await expect(bar.locator('.MuiTabScrollButton-root')).toHaveCount(0);
  // Each tab's words whole.
  for (const size of await tabs.evaluateAll((elements) => elements.map((element) => ({ text: element.textContent, scroll: element.scrollWidth, client: element.clientWidth })))) {
    expect(size.scroll, `« ${size.text} »`).toBeLessThanOrEqual(size.client + 1);
  }
}

/** The scan field's label whole: not cut by an ellipsis, inside the field. */
async function expectScanLabelWhole(page: Page): Promise<string> {
  const field = page.getByTestId('scan-field');
  await expect(field).toBeVisible();
  const label = field.locator('label');
  const size = await label.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const box = element.closest('.MuiFormControl-root')!.getBoundingClientRect();
    return { text: element.textContent ?? '', scroll: element.scrollWidth, client: element.clientWidth, left: rect.left, right: rect.right, boxLeft: box.left, boxRight: box.right };
  });
  expect(size.scroll, `the label « ${size.text} » is cut`).toBeLessThanOrEqual(size.client + 1);
  expect(size.left).toBeGreaterThanOrEqual(size.boxLeft - 0.5);
  expect(size.right).toBeLessThanOrEqual(size.boxRight + 0.5);
  return size.text;
}

test('on a phone the stock desk’s tabs all fit and the scan field’s label reads whole, in French and in Arabic', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN);
  await visit(page, '/compte/gestion-des-stocks');
  await expectTabsFit(page);
  expect(await layoutProblems(page)).toEqual([]);
  await screenshot(page, 'stock-phone-tabs');

  await page.getByTestId('stock-tab-entries').click();
  await expect(page.getByTestId('stock-tab-entries')).toHaveAttribute('aria-selected', 'true');
  expect(await expectScanLabelWhole(page)).toMatch(/code/i);
  // The codes it takes, under it.
  await expect(page.getByTestId('scan-field')).toContainText('BE…');
  expect(await layoutProblems(page)).toEqual([]);
  await screenshot(page, 'stock-phone-scan');

  await page.getByTestId('stock-tab-returns').click();
  await expect(page.getByTestId('stock-tab-returns')).toHaveAttribute('aria-selected', 'true');
  await expectScanLabelWhole(page);

  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectTabsFit(page);
  await page.getByTestId('stock-tab-entries').click();
  expect(await expectScanLabelWhole(page)).toMatch(/[\u0600-\u06FF]/);
  expect(await layoutProblems(page)).toEqual([]);
  await screenshot(page, 'stock-phone-scan-arabic');
});
