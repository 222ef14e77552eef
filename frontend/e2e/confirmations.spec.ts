// Orders confirmed before pickup (issue 40), against the real server. Through the API: the admin
// puts the demo merchant on the confirmation service (5 DH per confirmed parcel) and creates an
// agent holding only `confirmations`; the merchant creates a parcel, which waits « à confirmer ».
// In the browser, at phone size (390 × 844): the merchant finds it in « À confirmer »; the agent
// opens his queue, takes it (call and WhatsApp links), confirms it with a corrected address and
// finds the queue empty; the merchant then reads it as a new parcel with the corrected address,
// the confirmation's history and its fee, and no longer « à confirmer ». The merchant goes back
// off the service afterwards, for the specs that run after.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, DEMO_SHOP, screenshot, search, signIn, url } from './helpers';

// Unique per run: the test can run again on the same database.
const RUN = String(Date.now()).slice(-6);
const RECIPIENT = `Confirmation ${RUN}`;
const PHONE = `06${RUN}44`;
const ADDRESS = '5 rue Ibnou Mounir, Maarif';
const CORRECTED = `7 rue Ibnou Mounir, 3e étage, Maarif (${RUN})`;
const AGENT = {
  email: `agent.${RUN}@colivra.ma`,
  password: 'Appel-Confirme-Casa-2026!',
  first_name: 'Houda',
  last_name: `Bennis${RUN}`,
  phone: `07${RUN}55`,
};
const PHONE_SIZE = { width: 390, height: 844 };

let code = '';
let merchantKey = '';

/** Nothing on the page is wider than the phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_SIZE.width);
}

/**
 * No axe-core violation of impact serious or critical (WCAG 2.0 A and AA, 2.1 AA), nor of the
 * page's structure (one h1, headings in order, everything in a landmark), as the sweep of every
 * screen checks them (accessibility.spec.ts): here on the screen with an order in hand.
 */
async function expectAccessible(page: Page, where: string): Promise<void> {
  const axe = () => new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();
  const found = [
    ...(await axe().withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    ...(await axe().withRules(['landmark-one-main', 'region', 'page-has-heading-one', 'heading-order']).analyze()).violations,
  ];
  expect(
    found.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    `axe violations on ${where}`,
  ).toEqual([]);
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE_SIZE });

test.beforeAll(async ({ playwright }) => {
  const admin = await apiClient(playwright, ADMIN);
  const merchant = await apiClient(playwright, MERCHANT);
  try {
    const found = (await admin.send('GET', `/api/clients?status=all&q=${encodeURIComponent(MERCHANT.email)}`)).data.find(
      (row) => row.email === MERCHANT.email,
    );
    expect(found, 'the demo merchant').toBeDefined();
    merchantKey = String(found!.key);
    const updated = await admin.send('PUT', `/api/clients/${merchantKey}`, { confirmation_required: true, confirmation_fee: 500 });
    expect(updated.data).toMatchObject({ confirmation_required: true, confirmation_fee: 500 });
    // The agent: admin staff holding the confirmations screen only.
    await admin.send('POST', '/api/managers', { ...AGENT, permissions: ['confirmations'] });

    const shop = (await merchant.send('GET', '/api/shops?per_page=100')).data.find((candidate) => candidate.name === DEMO_SHOP);
    expect(shop, 'the demo shop').toBeDefined();
    const created = await merchant.send('POST', '/api/parcels', {
      shop: shop!.key,
      city: 'Casablanca',
      address: ADDRESS,
      product: 'Coffret de thé',
      quantity: 2,
      recipient_name: RECIPIENT,
      recipient_phone: PHONE,
      cod_amount: 18900,
    });
    code = String(created.data.key);
    expect(created.data.status).toBe('to_confirm');
    // Nothing else waits in the agents' queue: the agent is given this order.
    const figures = await admin.send('GET', '/api/confirmations/statistics');
    expect((figures.data as unknown as { queue: { waiting: number } }).queue.waiting, 'orders waiting « à confirmer »').toBe(1);
  } finally {
    await admin.request.dispose();
    await merchant.request.dispose();
  }
});

test.afterAll(async ({ playwright }) => {
  if (!merchantKey) return;
  const admin = await apiClient(playwright, ADMIN);
  try {
    await admin.send('PUT', `/api/clients/${merchantKey}`, { confirmation_required: false, confirmation_fee: 0 });
  } finally {
    await admin.request.dispose();
  }
});

test('the merchant finds his new order « à confirmer », before pickup', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/colis-a-confirmer'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('À confirmer');
  await search(page, RECIPIENT);
  const card = page.getByTestId('table-row').filter({ hasText: code });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('parcel-status')).toHaveText('À confirmer');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-client-to-confirm');
});

test('an agent takes the order on his phone and confirms it with a corrected address', async ({ page }) => {
  await signIn(page, AGENT);
  // His only screen, in his menu.
  await expect(page.getByTestId('side-menu').locator('a[href="/compte/confirmations"]')).toHaveCount(1);
  await page.goto(url('/compte/confirmations'));
  const task = page.getByTestId('confirmation-task');
  await expect(task).toHaveAttribute('data-parcel', code);
  await expect(task.getByTestId('confirmation-recipient')).toHaveText(RECIPIENT);
  await expect(task.getByTestId('confirmation-call')).toHaveAttribute('href', `tel:${PHONE}`);
  const whatsapp = await task.getByTestId('confirmation-whatsapp').getAttribute('href');
  expect(whatsapp).toMatch(new RegExp(`^https://wa\\.me/212${PHONE.slice(1)}\\?text=`));
  const summary = decodeURIComponent(whatsapp!.split('?text=')[1]);
  expect(summary).toContain('Coffret de thé × 2');
  expect(summary).toContain(`Code de suivi : ${code}.`);
  await expect(task.getByTestId('confirmation-order')).toContainText(ADDRESS);
  await expect(task.getByTestId('confirmation-lease')).toContainText('Réservée pour vous encore');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the order in hand');
  await screenshot(page, 'phone-agent-confirmation-task', { fullPage: true });

  await page.getByTestId('outcome-confirmed').click();
  const dialog = page.getByTestId('call-dialog-confirmed');
  await expect(dialog.getByRole('textbox', { name: /^Téléphone du destinataire/ })).toHaveValue(PHONE);
  await dialog.getByRole('textbox', { name: /^Adresse/ }).fill(CORRECTED);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-agent-confirm-dialog');
  const put = page.waitForResponse((response) => response.url().endsWith(`/api/confirmations/${code}`) && response.request().method() === 'PUT');
  await dialog.getByTestId('form-submit').click();
  const response = await put;
  expect(response.status()).toBe(200);
  // Only what changed is sent.
  expect(response.request().postDataJSON()).toEqual({ outcome: 'confirmed', address: CORRECTED });
  expect((await response.json()).data.parcel).toMatchObject({ status: 'new', address: CORRECTED, confirmation_fee: 500 });

  await expect(page.getByTestId('confirmation-notice')).toContainText(`Commande ${code} confirmée.`);
  // At once the next one: none waiting.
  await expect(page.getByTestId('confirmation-empty')).toContainText('Aucune commande à confirmer pour l’instant');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-agent-confirmation-empty');

  // His call counts in the figures of the last 30 days.
  await page.getByTestId('confirmations-tab-statistics').click();
  await expect(page).toHaveURL(/\/compte\/confirmations\?onglet=statistics$/);
  const mine = page.getByTestId('confirmation-agents').getByTestId('table-row').filter({ hasText: `${AGENT.first_name} ${AGENT.last_name}` });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('100');
  await expect(page.getByTestId('stat-queue-waiting')).toContainText('0');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the figures');
  await screenshot(page, 'phone-agent-confirmation-statistics', { fullPage: true });
});

test('the merchant reads it as a new parcel with the corrected address, no longer « à confirmer »', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/colis-a-confirmer'));
  await search(page, RECIPIENT);
  await expect(page.getByTestId('table-empty')).toBeVisible();

  await page.goto(url('/compte/nouveaux-colis'));
  await search(page, RECIPIENT);
  const card = page.getByTestId('table-row').filter({ hasText: code });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('parcel-status')).toHaveText('Nouveau colis');
  await card.click();
  const detail = page.getByTestId('parcel-detail');
  await expect(detail).toContainText(CORRECTED);
  await expect(detail.getByTestId('parcel-fee-confirmation')).toContainText('5,00');
  const notes = detail.getByTestId('history-note');
  await expect(notes.filter({ hasText: 'Commande confirmée par téléphone.' })).toHaveCount(1);
  await expect(notes.filter({ hasText: `Corrigé à la confirmation : ${CORRECTED}, ${PHONE}` })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-client-confirmed-parcel');
});
