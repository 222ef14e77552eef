import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, DELIVERY, MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, follow, holdAppScripts, menuLinks, PROFILE, screenshot, settle, signIn, url, visit } from './helpers';

// Every screen of every role's menu, the sign-in, registration, password, STOP and public tracking
// pages, through axe-core (WCAG 2.0 A and AA, 2.1 AA) in light and dark theme, on a laptop and on a
// phone: a violation of impact serious or critical fails, listed with its rule, its targets and the route.
// On the laptop in the light theme, the page's structure too (axe's landmark and heading rules,
// "best practices" of moderate impact): one main, one h1, headings in order, everything in a
// landmark. Then the keyboard on the key flows: sign-in by keyboard alone, Tab reaching the menu and a list's
// primary action with a visible focus, a dialog (and the phone's menu drawer) keeping the focus
// and closing on Escape.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
const VIEWPORTS = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;
/** Landmarks and headings: any violation of these fails, whatever its impact. */
const STRUCTURE = [
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-main-is-top-level',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-unique',
  'region',
  'page-has-heading-one',
  'heading-order',
];
type Mode = (typeof THEMES)[number];

/** Serious and critical violations (any of the structure rules'), by rule and target, with where they were seen. */
class Findings {
  private readonly seen = new Map<string, { rule: string; impact: string; help: string; details: Set<string>; target: string; where: string[] }>();

  async audit(page: Page, where: string, { structure = false } = {}): Promise<void> {
    await settleAnimations(page);
    // axe.run in the page itself ("legacy mode"), not partial runs finished in a new blank page
    // each time: the app has no frames. Violations only: the passes' details are not read.
    // (options() first: it replaces what withTags and withRules set.)
    const axe = () => new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();
    const { violations } = await axe().withTags(TAGS).analyze();
    if (structure) violations.push(...(await axe().withRules(STRUCTURE).analyze()).violations);
    for (const violation of violations) {
      const serious = violation.impact === 'serious' || violation.impact === 'critical';
      if (!serious && !STRUCTURE.includes(violation.id)) continue;
      for (const node of violation.nodes) {
        const target = node.target.map(String).join(' ');
        const key = `${violation.id} ${target}`;
        const entry = this.seen.get(key) ?? { rule: violation.id, impact: violation.impact ?? '', help: violation.help, details: new Set(), target, where: [] };
        if (node.failureSummary) entry.details.add(node.failureSummary.replace(/^Fix (all|any) of the following:\s*/, '').replace(/\s+/g, ' '));
        entry.where.push(where);
        this.seen.set(key, entry);
      }
    }
  }

  report(): string[] {
    return [...this.seen.values()].map(
      (entry) =>
        `${entry.rule} (${entry.impact}) at ${entry.target}: ${entry.help}\n    ${[...entry.details].join('\n    ')}\n    on ${entry.where.join(', ')}`,
    );
  }
}

/** Waits for what moves (a menu opening, a drawer sliding) to end: colours are measured at rest. */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** The theme as a user sets it: the top bar's (or the sign-in page's) light/dark button, kept in the settings. */
async function chooseTheme(page: Page, mode: Mode): Promise<void> {
  const toggle = page.getByTestId('theme-toggle');
  if ((await toggle.getAttribute('data-theme-mode')) !== mode) await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-mode', mode);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

/** Opens the top bar's search and types `query`: waits for what it finds (pages, parcels, people…). */
async function openSearch(page: Page, query: string): Promise<void> {
  await page.getByTestId('search-open').click();
  const input = page.getByTestId('search-input');
  await expect(input).toBeFocused();
  await input.fill(query);
  await settle(page);
}

/** Every route of the signed-in role's menu and the profile, in both themes and both sizes. */
async function auditMenu(page: Page, role: string): Promise<string[]> {
  const findings = new Findings();
  const routes = await menuLinks(page);
  expect(routes.length).toBeGreaterThan(0);
  await visit(page, routes[0]);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const mode of THEMES) {
      await chooseTheme(page, mode);
      // The first route last: the overlays are audited over it.
      for (const route of [...routes.slice(1), PROFILE, routes[0]]) {
        await follow(page, route);
        await findings.audit(page, `${route} [${role}, ${viewport.name}, ${mode}]`, { structure: viewport.name === 'laptop' && mode === 'light' });
      }
      // What opens over the screens: the phone's menu drawer, the settings panel, the user menu.
      const where = `${routes[0]} %s [${role}, ${viewport.name}, ${mode}]`;
      if (viewport.name === 'phone') {
        await page.getByTestId('nav-hamburger').click();
        await expect(page.getByTestId('side-menu')).toBeVisible();
        await findings.audit(page, where.replace('%s', 'menu drawer'));
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('side-menu')).toBeHidden();
      }
      await page.getByTestId('settings-button').click();
      await expect(page.getByTestId('settings-panel')).toBeVisible();
      await findings.audit(page, where.replace('%s', 'settings panel'));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('settings-panel')).toBeHidden();
      await page.getByTestId('user-menu-button').click();
      await expect(page.getByTestId('user-menu-sign-out')).toBeVisible();
      await findings.audit(page, where.replace('%s', 'user menu'));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('user-menu-sign-out')).toBeHidden();
      // The top bar's search with results: a list box of options the input points at.
      await openSearch(page, 'co');
      await findings.audit(page, where.replace('%s', 'search dialog'));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('search-dialog')).toBeHidden();
    }
  }
  return findings.report();
}

/**
 * Where the focused element is, and whether it shows a focus indicator: an outline or a box shadow
 * on it or on the control it is part of (MUI marks it Mui-focusVisible: a switch's hidden input),
 * or the 2 px border of a focused outlined text field.
 */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const ring = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    const field = element.closest('.MuiInputBase-root.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
    return {
      testId: element.dataset.testid ?? '',
      name: element.getAttribute('name') ?? '',
      tag: element.tagName.toLowerCase(),
      href: element.getAttribute('href') ?? '',
      inMenu: Boolean(element.closest('[data-testid="side-menu"]')),
      inMain: Boolean(element.closest('main')),
      id: element.id,
      inDialog: Boolean(element.closest('[role="dialog"]')),
      inDrawer: Boolean(element.closest('[data-testid="nav-drawer-temporary"]')),
      focusVisible: element.matches(':focus-visible'),
      indicator:
        ring(element) ||
        ring(element.closest('.Mui-focusVisible')) ||
        (field ? parseFloat(getComputedStyle(field).borderTopWidth) >= 2 : false),
    };
  });
}

/** Presses Tab (or Shift+Tab) until `found` holds for the focused element; at most `limit` presses. */
async function tabTo(page: Page, found: (element: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean, limit: number, key = 'Tab') {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press(key);
    const element = await focused(page);
    if (element && found(element)) return element;
  }
  throw new Error(`${key} never reached the element looked for in ${limit} presses`);
}

test.describe('accessibility (axe-core: WCAG 2.1 AA, serious and critical)', () => {
  test('sign-in, registration, password, STOP and public tracking pages', async ({ page, playwright }) => {
    test.setTimeout(180_000);
    // A real tracking code of the demo merchant, for the tracking page's result.
    const merchant = await apiClient(playwright, MERCHANT);
    const parcels = (await merchant.send('GET', '/api/parcels?per_page=1')).data;
    await merchant.request.dispose();
    const code = parcels.length > 0 ? String(parcels[0].key) : null;

    const findings = new Findings();
    // The new-password page without its e-mail's token shows its « lien plus valable » panel; the
    // recipients' STOP page shows its question and button whatever the key (nothing is sent on load).
    const pages = ['/compte/connexion', '/compte/inscription', '/mot-de-passe-oublie', '/reinitialiser-mot-de-passe', '/desinscription/A11Y', '/suivi', ...(code ? [`/suivi/${code}`] : [])];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const mode of THEMES) {
        for (const [index, path] of pages.entries()) {
          await visit(page, path);
          if (index === 0) await chooseTheme(page, mode);
          if (path.startsWith('/suivi/')) await expect(page.getByTestId('tracking-result')).toBeVisible();
          await findings.audit(page, `${path} [visitor, ${viewport.name}, ${mode}]`, { structure: viewport.name === 'laptop' && mode === 'light' });
        }
        // The sign-in form showing its errors (fields left empty).
        await visit(page, '/compte/connexion');
        await page.getByRole('button', { name: 'Se connecter' }).click();
        await expect(page.locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true');
        await findings.audit(page, `/compte/connexion with errors [visitor, ${viewport.name}, ${mode}]`);
      }
    }
    expect(findings.report(), 'axe violations (serious, critical)').toEqual([]);
  });

  test('the plain sign-in form sent before the scripts (signin.html)', async ({ browser }) => {
    const findings = new Findings();
    for (const viewport of VIEWPORTS) {
      for (const mode of THEMES) {
        // A new browser each time: no session cookie, the theme kept as the app keeps it.
        const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
        try {
          await context.addInitScript((theme) => window.localStorage.setItem('colivra-theme', theme), mode);
          const page = await context.newPage();
          await holdAppScripts(page);
          await page.goto(url('/compte/connexion'), { waitUntil: 'commit' });
          await expect(page.getByTestId('early-sign-in')).toBeVisible();
          await findings.audit(page, `plain sign-in form [visitor, ${viewport.name}, ${mode}]`, { structure: true });
        } finally {
          await context.close();
        }
      }
    }
    expect(findings.report(), 'axe violations (serious, critical)').toEqual([]);
  });

  for (const [role, account] of [
    ['client', MERCHANT],
    ['admin', ADMIN],
    ['delivery-admin', DELIVERY],
  ] as const) {
    test(`every menu route of the ${role} role`, async ({ page }) => {
      test.setTimeout(420_000);
      await signIn(page, account);
      expect(await auditMenu(page, role), 'axe violations (serious, critical)').toEqual([]);
    });
  }
});

test.describe('keyboard', () => {
  test('the sign-in form is filled and submitted with the keyboard alone', async ({ page }) => {
    await page.goto(url('/compte/connexion'));
    await expect(page.locator('input[name="email"]')).toBeVisible();
    await tabTo(page, (element) => element.name === 'email', 15);
    await page.keyboard.type(MERCHANT.email);
    await tabTo(page, (element) => element.name === 'password', 5);
    await page.keyboard.type(MERCHANT.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/compte\/accueille$/);
  });

  test('Tab reaches the menu and the list’s primary action with a visible focus; a dialog keeps the focus and closes on Escape', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, ADMIN);
    await page.goto(url('/compte/villes'));
    await expect(page.getByTestId('cities-screen')).toBeVisible();
    await settle(page);

    const menuLink = await tabTo(page, (element) => element.inMenu && element.tag === 'a', 40);
    expect(menuLink.focusVisible, `menu link ${menuLink.href}`).toBe(true);
    expect(menuLink.indicator, `focus indicator of the menu link ${menuLink.href}`).toBe(true);
    const create = await tabTo(page, (element) => element.testId === 'create-button', 80);
    expect(create.focusVisible).toBe(true);
    expect(create.indicator, 'focus indicator of the list’s primary action').toBe(true);

    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('form-dialog');
    await expect(dialog).toBeVisible();
    // The form dialog of the shared resource screens passes axe too.
    const findings = new Findings();
    await findings.audit(page, '/compte/villes create dialog [admin, laptop, light]');
    expect(findings.report(), 'axe violations (serious, critical)').toEqual([]);
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let press = 0; press < 12; press += 1) {
        await page.keyboard.press(key);
        const element = await focused(page);
        expect(element?.inDialog, `${key} ×${press + 1} stays in the dialog`).toBe(true);
        expect(element?.indicator, `${key} ×${press + 1}: ${element?.tag} ${element?.name} ${element?.testId} shows its focus`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect((await focused(page))?.testId, 'the focus back on the button that opened the dialog').toBe('create-button');
  });

  test('from the top of « Tous les colis », Tab reaches « Aller au contenu », which skips to the list; a focused row shows its ring', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, ADMIN);
    await page.goto(url('/compte/tous-les-colis'));
    await expect(page.getByTestId('parcels-screen')).toBeVisible();
    await expect(page.getByTestId('table-row').nth(1)).toBeVisible();
    await settle(page);

    // First in the tab order, out of sight until then, shown once focused.
    await expect(page.getByTestId('skip-link')).not.toBeInViewport();
    await page.keyboard.press('Tab');
    const skip = await focused(page);
    expect(skip?.testId, 'the first Tab').toBe('skip-link');
    expect(skip?.indicator, 'focus indicator of the skip link').toBe(true);
    await expect(page.getByTestId('skip-link')).toHaveText('Aller au contenu');
    await expect(page.getByTestId('skip-link')).toBeInViewport({ ratio: 1 });
    const box = (await page.getByTestId('skip-link').boundingBox())!;
    expect(box.width, 'the skip link is drawn, not a 1 px box').toBeGreaterThan(60);

    await page.keyboard.press('Enter');
    expect((await focused(page))?.id, 'the focus on the main content').toBe('main-content');
    await expect(page).toHaveURL(/\/compte\/tous-les-colis$/);
    // The next Tab is in the list's screen, past the top bar and the menu (33 Tabs from the top
    // bar to the first row before the skip link)…
    await page.keyboard.press('Tab');
    const next = await focused(page);
    expect(next?.inMain, `the Tab after the skip link: ${next?.tag} ${next?.testId}`).toBe(true);
    // …and the list's search box within a handful.
    const search = next?.testId === 'table-search' ? next : await tabTo(page, (element) => element.testId === 'table-search', 4);
    expect(search.indicator, 'focus indicator of the list’s search box').toBe(true);
    // The filters (a date field is four stops), the sort headers, then the rows.
    const row = await tabTo(page, (element) => element.testId === 'table-row', 25);
    expect(row.indicator, 'focus indicator of the focused row').toBe(true);

    // The focused row does not look like the others.
    const looks = await page.getByTestId('table-row').evaluateAll((rows) => {
      const look = (row: Element) => {
        const style = getComputedStyle(row);
        return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.backgroundColor}`;
      };
      const focusedRow = rows.find((candidate) => candidate === document.activeElement)!;
      const other = rows.find((candidate) => candidate !== document.activeElement)!;
      return { focused: look(focusedRow), other: look(other), outline: getComputedStyle(focusedRow).outlineStyle };
    });
    expect(looks.outline).toBe('solid');
    expect(looks.focused).not.toBe(looks.other);
    await screenshot(page, 'admin-parcels-focused-row');

    // In the dark theme too: the ring is the theme's primary colour, not the default one.
    await chooseTheme(page, 'dark');
    await page.getByTestId('table-row').first().focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const dark = await page.evaluate(() => {
      const row = document.activeElement as HTMLElement;
      return { testId: row.dataset.testid, outline: getComputedStyle(row).outlineStyle, visible: row.matches(':focus-visible') };
    });
    expect(dark).toEqual({ testId: 'table-row', outline: 'solid', visible: true });
  });

  test('the top bar’s search: its results are a list box of options that the input points at', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, ADMIN);
    await settle(page);
    await openSearch(page, 'co');
    const input = page.getByTestId('search-input');
    await expect(input).toHaveAttribute('role', 'combobox');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    await expect(input).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
    const options = listbox.getByRole('option');
    expect(await options.count()).toBeGreaterThan(1);
    await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');

    const findings = new Findings();
    await findings.audit(page, 'search dialog, pages [admin, laptop, light]');
    // Parcels and people too: groups of options with their chips.
    await input.fill('Berrada');
    await settle(page);
    await expect(page.getByTestId('search-parcel').first()).toBeVisible();
    await findings.audit(page, 'search dialog, parcels and people [admin, laptop, light]');
    expect(findings.report(), 'axe violations (serious, critical)').toEqual([]);
    await input.fill('co');
    await settle(page);
    await page.keyboard.press('ArrowDown');

    // Enter opens the highlighted result.
    const before = page.url();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('search-dialog')).toBeHidden();
    expect(page.url()).not.toBe(before);
  });

  test('on a phone, the menu button opens the menu drawer, which keeps the focus and closes on Escape', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, MERCHANT);
    await settle(page);
    const hamburger = await tabTo(page, (element) => element.testId === 'nav-hamburger', 10);
    expect(hamburger.indicator, 'focus indicator of the menu button').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    const link = await tabTo(page, (element) => element.inMenu && element.tag === 'a', 10);
    expect(link.indicator, `focus indicator of the menu link ${link.href}`).toBe(true);
    for (let press = 0; press < 40; press += 1) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page))?.inDrawer ?? false, `Shift+Tab ×${press + 1} stays in the drawer`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('side-menu')).toBeHidden();
    expect((await focused(page))?.testId, 'the focus back on the menu button').toBe('nav-hamburger');
  });
});
