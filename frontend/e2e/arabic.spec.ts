// Arabic at phone size (390 × 844): a merchant picks العربية in the settings menu; the page reads
// right to left (html dir="rtl" lang="ar"), the menu and his parcel list are in Arabic, an amount
// still reads « 135,00 DH » left to right, a reload keeps Arabic; the language is kept in his
// profile and follows him to another browser; he goes back to Français. The fixture fails a test
// on any console error.
import type { Locator, Page } from '@playwright/test';
import { MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, chooseLanguage, DEMO_SHOP, profileBackToFrench, screenshot, search, signIn, url } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

const RECIPIENT = `Arabe ${String(Date.now()).slice(-6)}`;

test.beforeAll(async ({ playwright }) => {
  // A new parcel of 135,00 DH to find in the list.
  const merchant = await apiClient(playwright, MERCHANT);
  try {
    const shop = (await merchant.send('GET', '/api/shops?per_page=100')).data.find((candidate) => candidate.name === DEMO_SHOP);
    expect(shop, 'the demo shop').toBeDefined();
    await merchant.send('POST', '/api/parcels', {
      shop: shop!.key,
      city: 'Casablanca',
      address: '5 rue Ibnou Mounir, Maarif',
      product: 'Coffret de thé',
      recipient_name: RECIPIENT,
      recipient_phone: '0612345678',
      cod_amount: 13500,
    });
  } finally {
    await merchant.request.dispose();
  }
});

/** The language kept in the merchant's profile (GET /api/user). */
async function profileLanguage(playwright: Parameters<typeof apiClient>[0]): Promise<unknown> {
  const merchant = await apiClient(playwright, MERCHANT);
  try {
    const session = (await merchant.send('GET', '/api/user')) as unknown as { language?: unknown };
    return session.language;
  } finally {
    await merchant.request.dispose();
  }
}

test.afterAll(async ({ playwright }) => {
  // Whatever happened above, the merchant's profile is French again for the other specs.
  await profileBackToFrench(playwright, MERCHANT);
});

async function expectPage(page: Page, lang: string, dir: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

/** Where « 135 » and « DH » are drawn in the amount: their left edges, in pixels. */
async function amountGlyphs(amount: Locator): Promise<{ digits: number; currency: number }> {
  return amount.evaluate((element) => {
    const text = element.firstChild?.nodeType === Node.TEXT_NODE ? (element.firstChild as Text) : null;
    if (!text) throw new Error('the amount has no text');
    const left = (part: string) => {
      const range = document.createRange();
      const start = text.data.indexOf(part);
      range.setStart(text, start);
      range.setEnd(text, start + part.length);
      return range.getBoundingClientRect().left;
    };
    return { digits: left('135'), currency: left('DH') };
  });
}

test('a merchant reads Colivra in Arabic on his phone, right to left, and goes back to French', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/tous-les-colis'));
  await expectPage(page, 'fr', 'ltr');

  await chooseLanguage(page, 'العربية');
  await expectPage(page, 'ar', 'rtl');
  await expect(page.getByRole('heading', { name: 'جميع الطرود' })).toBeVisible();

  // The menu, in Arabic.
  await page.getByTestId('nav-hamburger').click();
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByText('التاجر')).toBeVisible();
  await expect(menu.getByTestId('nav-section-parcels')).toContainText('الطرود');
  await screenshot(page, 'arabic-menu-phone');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // The parcel list, in Arabic, the amount one left-to-right unit: « 135,00 DH », never « DH 135,00 ».
  await search(page, RECIPIENT);
  const card = page.getByTestId('table-row').filter({ hasText: RECIPIENT });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('طرد جديد');
  await expect(page.getByTestId('table-pagination')).toContainText('من');
  const amount = card.getByText(/135,00/);
  expect(await amount.textContent()).toBe('\u2066135,00\u00a0DH\u2069');
  const glyphs = await amountGlyphs(amount);
  expect(glyphs.digits, 'the digits stand left of DH').toBeLessThan(glyphs.currency);
  // The card reads from the right: its first column (the code) starts at the right edge.
  const box = (await card.boundingBox())!;
  const code = (await card.getByTestId('parcel-code').boundingBox())!;
  expect(code.x + code.width).toBeGreaterThan(box.x + box.width / 2);
  await screenshot(page, 'arabic-parcels-phone');

  // A reload keeps Arabic.
  await page.reload();
  await expectPage(page, 'ar', 'rtl');
  await expect(page.getByRole('heading', { name: 'جميع الطرود' })).toBeVisible();

  // Back to French, left to right.
  await chooseLanguage(page, 'Français');
  await expectPage(page, 'fr', 'ltr');
  await expect(page.getByRole('heading', { name: 'Tous les colis' })).toBeVisible();
});

test('the language is kept in the merchant’s profile and follows him to another browser', async ({ page, browser, playwright }) => {
  await signIn(page, MERCHANT);
  await chooseLanguage(page, 'العربية');
  await expectPage(page, 'ar', 'rtl');

  // The profile says Arabic (GET /api/user).
  await expect.poll(() => profileLanguage(playwright)).toBe('ar');

  // Another browser, its storage empty: signed in, he reads Arabic.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', reducedMotion: 'reduce' });
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, MERCHANT);
    await expectPage(otherPage, 'ar', 'rtl');
    await expect(otherPage.getByTestId('settings-button')).toBeVisible();
    // He goes back to French there: the profile follows.
    await chooseLanguage(otherPage, 'Français');
    await expectPage(otherPage, 'fr', 'ltr');
  } finally {
    await other.close();
  }
  await expect.poll(() => profileLanguage(playwright)).toBe('fr');
});
