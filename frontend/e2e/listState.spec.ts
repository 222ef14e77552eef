// A list's state in the address: a person chosen in the top-bar search opens his list filtered
// to him (his row there, whatever his status), and the tab, the search and the page survive a
// reload and the back button.
import type { Page } from '@playwright/test';
import { ADMIN, DELIVERY, MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { apiSession, menuLinks, screenshot, signIn, url } from './helpers';

/** The first and last name of an account, as the server has them. */
async function nameOf(playwright: { request: { newContext: () => Promise<import('@playwright/test').APIRequestContext> } }, account: { email: string; password: string }) {
  const request = await playwright.request.newContext();
  try {
    await apiSession(request, account);
    const session = (await (await request.get(url('/api/user'), { headers: { Accept: 'application/json' } })).json()) as {
      user_data: { first_name: string; last_name: string };
    };
    return `${session.user_data.first_name} ${session.user_data.last_name}`;
  } finally {
    await request.dispose();
  }
}

async function choosePerson(page: Page, name: string): Promise<void> {
  await page.getByTestId('search-open').click();
  await page.getByTestId('search-input').fill(name);
  await page.getByTestId('search-person').filter({ hasText: name }).first().click();
  await expect(page.getByTestId('search-dialog')).toBeHidden();
}

test('a person chosen in the top-bar search opens his list filtered to him, which a reload and the back button keep', async ({ page, playwright }) => {
  const merchantName = await nameOf(playwright, MERCHANT);
  const deliveryName = await nameOf(playwright, DELIVERY);
  await signIn(page, ADMIN);

  // The demo merchant is activated: the list opens on « Tous » (not on the new accounts).
  await choosePerson(page, merchantName);
  await expect(page).toHaveURL(/\/compte\/clients\?status=all&q=/);
  const merchantRow = page.getByTestId('table-row').filter({ hasText: MERCHANT.email });
  await expect(merchantRow).toBeVisible();
  await expect(page.getByTestId('tab-all')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('table-search')).toHaveValue(merchantName);
  await screenshot(page, 'list-state-merchant-found');

  await page.reload();
  await expect(merchantRow).toBeVisible();
  await expect(page.getByTestId('tab-all')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('table-search')).toHaveValue(merchantName);

  // Another tab goes into the address; another screen, then back: the same list.
  await page.getByTestId('tab-activated').click();
  await expect(page).toHaveURL(/\/compte\/clients\?.*status=activated/);
  await expect(merchantRow).toBeVisible();
  const cities = (await menuLinks(page)).find((href) => href.endsWith('/villes'))!;
  await page.goto(url(cities));
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/compte\/clients\?.*status=activated/);
  await expect(page.getByTestId('tab-activated')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('table-search')).toHaveValue(merchantName);
  await expect(merchantRow).toBeVisible();

  // A delivery person, chosen from the merchants list: his own list, filtered to him.
  await choosePerson(page, deliveryName);
  await expect(page).toHaveURL(/\/compte\/livreurs\?q=/);
  await expect(page.getByTestId('table-row').filter({ hasText: DELIVERY.email })).toBeVisible();
  await expect(page.getByTestId('table-search')).toHaveValue(deliveryName);
});
