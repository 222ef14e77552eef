// One's sessions and read-only tokens on /compte/profile, against the real server: the same
// merchant signed in from two browsers ends the other one; a read-only token shows its rights.
import { MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { screenshot, signIn, url } from './helpers';

test.describe.configure({ mode: 'serial' });

test('a merchant signed in twice sees both sessions and ends the other one', async ({ page, browser }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, MERCHANT);
  await signIn(page, MERCHANT);

  await page.goto(url('/compte/profile'));
  const card = page.getByTestId('sessions-card');
  await expect(card.getByTestId('session-row').first()).toBeVisible();
  expect(await card.getByTestId('session-row').count()).toBeGreaterThanOrEqual(2);
  await expect(card.getByTestId('session-current')).toHaveCount(1);
  // The current session comes first, with its device and address.
  await expect(card.getByTestId('session-row').first()).toContainText('Cette session');
  await expect(card.getByTestId('session-row').first()).toContainText('127.0.0.1');

  await card.getByTestId('sessions-end-others').click();
  const dialog = page.getByTestId('session-end-dialog');
  await expect(dialog).toContainText('autres sessions');
  await dialog.getByRole('button', { name: 'Terminer' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('session-row')).toHaveCount(1);
  await expect(card.getByTestId('sessions-end-others')).toBeHidden();

  // The other browser is signed out at its next step.
  await otherPage.goto(url('/compte/profile'));
  await expect(otherPage).toHaveURL(/\/compte\/connexion/);
  await other.close();

  // At phone size the section fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'profile-sessions-phone');
});

test('a read-only token shows its rights and its expiry', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/profile'));
  const card = page.getByTestId('tokens-card');
  const name = `Lecture ${Date.now().toString(36)}`;
  await card.locator('input[name="name"]').fill(name);
  await card.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Lecture seule' }).click();
  await card.getByRole('button', { name: 'Créer un jeton' }).click();
  const created = page.getByTestId('new-token-dialog');
  await expect(created.getByTestId('new-token-value')).toHaveValue(/^clv_/);
  await created.getByRole('button', { name: "J'ai copié mon jeton" }).click();
  const row = card.getByTestId('token-row').filter({ hasText: name });
  await expect(row.getByTestId('token-abilities-cell')).toHaveText('Lecture seule');
  // 90 days ahead by default: the expiry is a date, not "Sans expiration".
  await expect(row).not.toContainText('Sans expiration');
});
