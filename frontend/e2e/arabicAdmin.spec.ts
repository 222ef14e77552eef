// The admin's screens read right to left (issue 38), on a 1366 px screen and a 390 px phone: every
// side-menu entry shows whole in Arabic (« وصولات إرجاع عمال التوصيل » wraps, it is not cut), the
// dashboard's 30-day chart is mirrored as a whole (its first day's bars on the right, above their
// date, as left to right they are on the left), and a merchant's negative account reads
// « −X DH » with its minus before the digits, inside the left-to-right isolate. Through the API
// first: a parcel of the demo merchant refused, brought back and put on a validated returned-type
// invoice, so his account owes its fee; the spec settles it and puts the admin back in French.
// The fixture fails a test on any console error.
import type { Locator, Page } from '@playwright/test';
import { ADMIN, DELIVERY, MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, chooseLanguage, DEMO_SHOP, profileBackToFrench, screenshot, signIn, url } from './helpers';

const RUN = String(Date.now()).slice(-6);
const LONG_ENTRY = 'وصولات إرجاع عمال التوصيل';
const LRI = '\u2066';
const PDI = '\u2069';
const MINUS = '\u2212';

let merchantKey = '';
/** What the merchant owes, positive centimes. */
let owed = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const merchant = await apiClient(playwright, MERCHANT);
  const admin = await apiClient(playwright, ADMIN);
  const deliveryPerson = await apiClient(playwright, DELIVERY);
  try {
    const shop = (await merchant.send('GET', '/api/shops?per_page=100')).data.find((candidate) => candidate.name === DEMO_SHOP);
    expect(shop, 'the demo shop').toBeDefined();
    const created = await merchant.send('POST', '/api/parcels', {
      shop: shop!.key,
      recipient_name: `Retour RTL ${RUN}`,
      recipient_phone: `+2126${RUN}93`,
      city: 'Casablanca',
      address: '14 rue Ibnou Mounir, Maarif',
      cod_amount: 16000,
      product: 'Plateau en cuivre',
    });
    const code = String(created.data.key);
    const voucher = await merchant.send('POST', '/api/pickup-vouchers', { parcels: [code] });
    await admin.send('PUT', '/api/pickup-vouchers/pickup', { voucher: voucher.data.key, parcels: [code] });
    const hamid = (await admin.send('GET', '/api/delivery-admins?q=Hamid')).data[0];
    await admin.send('PUT', '/api/parcels/delivery', { delivery_admin: hamid.key, parcels: [code], force: true });
    await deliveryPerson.send('POST', '/api/parcels/states', { parcel: code, status: 'refused', comment: 'Le client refuse' });
    const back = await deliveryPerson.send('POST', '/api/return-vouchers', { parcels: [code] });
    await admin.send('PUT', `/api/return-vouchers/${back.data.key}/receive`, {});
    const draft = await admin.send('POST', '/api/clients/invoices', { shop: shop!.key, type: 'returned', parcels: [code] });
    await admin.send('PUT', `/api/clients/invoices/${draft.data.key}`, { status: 'validated' });
    const figures = await merchant.send('GET', '/api/statistics');
    const account = (figures.data.money as { account: { key: string; balance: number } }).account;
    merchantKey = String(account.key);
    owed = -Number(account.balance);
    expect(owed).toBeGreaterThan(0);
  } finally {
    for (const session of [merchant, admin, deliveryPerson]) await session.request.dispose();
  }
});

test.afterAll(async ({ playwright }) => {
  // Whatever happened above: the merchant's account back at zero, the admin's profile in French.
  const admin = await apiClient(playwright, ADMIN);
  try {
    if (merchantKey && owed > 0) {
      await admin.send('POST', `/api/clients/${merchantKey}/balance`, { kind: 'payment', amount: owed, reference: `RTL-${RUN}` });
    }
  } finally {
    await admin.request.dispose();
  }
  await profileBackToFrench(playwright, ADMIN);
});

async function inArabic(page: Page): Promise<void> {
  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
}

/** The words of the side menu's entries in sight, with their widths (laid out and shown). */
function entryWidths(menu: Locator) {
  return menu.evaluate((element) =>
    [...element.querySelectorAll<HTMLElement>('.MuiListItemText-primary')]
      .filter((text) => text.getClientRects().length > 0 && getComputedStyle(text).visibility !== 'hidden')
      .map((text) => ({ text: text.textContent ?? '', scroll: text.scrollWidth, client: text.clientWidth, overflow: getComputedStyle(text).textOverflow })),
  );
}

/**
 * Opens each section of the side menu in turn (one open at a time) and checks that every entry in
 * sight shows whole: no text cut by an ellipsis, nothing wider than its box. Returns the entries.
 */
async function expectEveryEntryWhole(menu: Locator): Promise<string[]> {
  const seen = new Set<string>();
  const check = async () => {
    for (const entry of await entryWidths(menu)) {
      seen.add(entry.text);
      expect(entry.scroll, `« ${entry.text} » is cut`).toBeLessThanOrEqual(entry.client);
      expect(entry.overflow, `« ${entry.text} »`).not.toBe('ellipsis');
    }
  };
  await check();
  const sections = menu.locator('[data-testid^="nav-section-"][aria-expanded]');
  for (let index = 0; index < (await sections.count()); index += 1) {
    const section = sections.nth(index);
    if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
    await expect(section).toHaveAttribute('aria-expanded', 'true');
    await check();
  }
  return [...seen];
}

/** The long entry shows whole, on more than one line, inside the menu. */
async function expectLongEntryWhole(page: Page, menu: Locator, drawer: Locator): Promise<void> {
  const section = menu.getByTestId('nav-section-deliveryVouchers');
  if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
  const entry = menu.getByRole('link', { name: LONG_ENTRY });
  await expect(entry).toBeVisible();
  await entry.scrollIntoViewIfNeeded();
  const text = entry.locator('.MuiListItemText-primary');
  await expect(text).toHaveText(LONG_ENTRY);
  const size = await text.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(size.scroll).toBeLessThanOrEqual(size.client);
  // Inside the drawer, from edge to edge.
  const entryBox = (await entry.boundingBox())!;
  const drawerBox = (await drawer.boundingBox())!;
  expect(entryBox.x).toBeGreaterThanOrEqual(drawerBox.x);
  expect(entryBox.x + entryBox.width).toBeLessThanOrEqual(drawerBox.x + drawerBox.width + 0.5);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/** Where the first and last days of the chart are drawn: their created-parcels bars and their date labels. */
async function chartEnds(page: Page) {
  const chart = page.getByTestId('stats-chart');
  await expect(chart).toBeVisible();
  const bars = await chart.evaluate((svg) => {
    const days = [...svg.querySelectorAll('[data-testid="stats-day"]')];
    const bar = (day: Element) => {
      const box = day.querySelectorAll('rect')[1].getBoundingClientRect();
      return box.left + box.width / 2;
    };
    return { count: days.length, first: bar(days[0]), last: bar(days[days.length - 1]) };
  });
  const labels = chart.locator('xpath=following-sibling::*[1]/*');
  await expect(labels).toHaveCount(2);
  const center = async (label: Locator) => {
    const box = (await label.boundingBox())!;
    return box.x + box.width / 2;
  };
  return { ...bars, firstLabel: await center(labels.first()), lastLabel: await center(labels.last()) };
}

/** The first day's bars sit on the given side, above the first date's label. */
function expectChartReads(ends: Awaited<ReturnType<typeof chartEnds>>, firstSide: 'left' | 'right') {
  expect(ends.count).toBeGreaterThan(1);
  if (firstSide === 'right') {
    expect(ends.first, 'the first day’s bar right of the last day’s').toBeGreaterThan(ends.last);
    expect(ends.firstLabel, 'the first date right of the last').toBeGreaterThan(ends.lastLabel);
  } else {
    expect(ends.first).toBeLessThan(ends.last);
    expect(ends.firstLabel).toBeLessThan(ends.lastLabel);
  }
  // Each end's bar is nearer its own date than the other one.
  expect(Math.abs(ends.first - ends.firstLabel)).toBeLessThan(Math.abs(ends.first - ends.lastLabel));
  expect(Math.abs(ends.last - ends.lastLabel)).toBeLessThan(Math.abs(ends.last - ends.firstLabel));
}

/** Where the minus and the first digit of an amount are drawn: their left edges, in pixels. */
async function signGlyphs(amount: Locator): Promise<{ minus: number; digits: number }> {
  return amount.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode() as Text | null;
    if (!text) throw new Error('the amount has no text');
    const left = (start: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, start + 1);
      return range.getBoundingClientRect().left;
    };
    const minus = text.data.indexOf('\u2212');
    return { minus: left(minus), digits: left(minus + 1) };
  });
}

test('on a 1366 px screen the admin reads Arabic: whole menu entries, the chart from the right, « −X DH »', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN);
  await page.goto(url('/compte/tableau-de-bord'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  // Left to right, as it was: the first day on the left.
  expectChartReads(await chartEnds(page), 'left');

  await inArabic(page);
  // Right to left, bars and dates together: the first day on the right.
  expectChartReads(await chartEnds(page), 'right');
  await screenshot(page, 'arabic-admin-dashboard');

  const drawer = page.getByTestId('nav-drawer-permanent').locator('.MuiDrawer-paper');
  const menu = page.getByTestId('side-menu');
  const entries = await expectEveryEntryWhole(menu);
  expect(entries).toContain(LONG_ENTRY);
  await expectLongEntryWhole(page, menu, drawer);
  await screenshot(page, 'arabic-admin-menu');

  // A merchant's negative account: the minus before the digits, inside the isolate.
  await page.goto(url(`/compte/comptes-marchands?marchand=${merchantKey}`));
  const detail = page.getByTestId('balance-detail');
  const amount = detail.getByTestId('balance-amount').locator('span');
  await expect(amount).toHaveText(new RegExp(`^${LRI}${MINUS}\\d`));
  const text = (await amount.textContent())!;
  expect(text).toMatch(new RegExp(`^${LRI}${MINUS}\\d{1,3}(\\u202f\\d{3})*,\\d{2}\\u00a0DH${PDI}$`));
  const glyphs = await signGlyphs(amount);
  expect(glyphs.minus, 'the minus stands left of the digits').toBeLessThan(glyphs.digits);
  // The entry of the returned invoice: its fee taken from the account, signed the same way.
  const entry = detail.getByTestId('balance-entry-amount').first();
  expect(await entry.textContent()).toMatch(new RegExp(`${LRI}${MINUS}\\d[^${PDI}]*DH${PDI}`));
  await screenshot(page, 'arabic-admin-merchant-account');
});

test('on a 390 px phone the admin’s menu shows its long Arabic entries whole, and the chart reads from the right', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await page.goto(url('/compte/tableau-de-bord'));
  await inArabic(page);
  expectChartReads(await chartEnds(page), 'right');

  await page.getByTestId('nav-hamburger').click();
  const drawer = page.getByTestId('nav-drawer-temporary').locator('.MuiDrawer-paper');
  await expect(drawer).toBeVisible();
  const menu = drawer.getByTestId('side-menu');
  const entries = await expectEveryEntryWhole(menu);
  expect(entries).toContain(LONG_ENTRY);
  await expectLongEntryWhole(page, menu, drawer);
  // The drawer is on the right in Arabic, within the screen, and scrolls only up and down.
  const box = (await drawer.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390.5);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(await menu.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await screenshot(page, 'arabic-admin-menu-phone');
});
