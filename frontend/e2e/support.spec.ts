// Support tickets and announcements against the real server (issue 15):
// - the merchant opens a ticket about one of his parcels from its detail (« Signaler un problème »);
//   the admin finds it, sees the parcel at hand and answers; the merchant sees the unread badge of
//   the support entry and the ticket's unread marker, reads the answer and replies; the admin
//   reads the reply and closes the ticket;
// - an announcement for the delivery people reaches the delivery person's home, and not the
//   merchant's dashboard.
import { ADMIN, MERCHANT, DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, DEMO_SHOP, screenshot, search, signIn, url } from './helpers';

// Unique per run: the tests can run again on the same database.
const RUN = String(Date.now()).slice(-6);
const SUBJECT = `Colis abîmé ${RUN}`;
const FIRST_MESSAGE = `Le carton du colis est arrivé déchiré (${RUN}).`;
const ANSWER = `Nous contactons le livreur et revenons vers vous (${RUN}).`;
const REPLY = `Merci, j’attends votre retour (${RUN}).`;
const ANNOUNCEMENT = `Départ des tournées à 7 h ${RUN}`;

let parcelCode = '';
let ticketKey = '';
let ticketCode = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const merchant = await apiClient(playwright, MERCHANT);
  const shop = (await merchant.send('GET', '/api/shops?per_page=100')).data.find((candidate) => candidate.name === DEMO_SHOP);
  expect(shop, 'the demo shop').toBeDefined();
  const created = await merchant.send('POST', '/api/parcels', {
    shop: shop!.key,
    recipient_name: `Support ${RUN}`,
    recipient_phone: `06${RUN}81`,
    city: 'Casablanca',
    address: '5 rue Ibnou Mounir, Maarif',
    cod_amount: 19900,
    product: 'Théière',
  });
  parcelCode = String(created.data.key);
  await merchant.request.dispose();
});

test('the merchant opens a ticket about a parcel from its detail', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url(`/compte/tous-les-colis?colis=${parcelCode}`));
  const detail = page.getByTestId('parcel-detail');
  await expect(detail).toBeVisible();
  const tickets = detail.getByTestId('parcel-tickets');
  await expect(tickets).toContainText('Aucun ticket sur ce colis.');
  await tickets.getByTestId('parcel-report-problem').click();

  const dialog = page.getByTestId('new-ticket-dialog');
  await expect(dialog.getByRole('combobox', { name: /^Colis/ })).toHaveValue(parcelCode);
  await dialog.locator('input[name="subject"]').fill(SUBJECT);
  await dialog.locator('textarea[name="message"]').fill(FIRST_MESSAGE);
  await dialog.getByTestId('form-submit').click();

  // The new ticket's conversation opens.
  const conversation = page.getByTestId('ticket-conversation');
  await expect(conversation.getByTestId('ticket-subject')).toHaveText(SUBJECT);
  await expect(page).toHaveURL(/\/compte\/support\?ticket=/);
  ticketKey = new URL(page.url()).searchParams.get('ticket') ?? '';
  expect(ticketKey).not.toBe('');
  ticketCode = ((await conversation.getByTestId('ticket-code').textContent()) ?? '').trim();
  expect(ticketCode).toMatch(/^TK[A-Z0-9]{6}$/);
  await expect(conversation.getByTestId('ticket-status')).toHaveAttribute('data-status', 'open');
  await expect(conversation.getByTestId('ticket-category')).toHaveText('Colis');
  await expect(conversation.getByTestId('ticket-parcel')).toContainText(parcelCode);
  await expect(conversation.getByTestId('ticket-message')).toHaveCount(1);
  await expect(conversation.getByTestId('ticket-message').first()).toContainText(FIRST_MESSAGE);
  // The first message of a ticket is never deletable.
  await expect(conversation.getByTestId('ticket-message-delete')).toHaveCount(0);

  // The parcel's detail now lists the ticket.
  await page.goto(url(`/compte/tous-les-colis?colis=${parcelCode}`));
  await expect(page.getByTestId('parcel-tickets').getByTestId('parcel-ticket')).toContainText(ticketCode);
});

test('the admin finds the ticket, sees the parcel at hand and answers', async ({ page }) => {
  await signIn(page, ADMIN);
  // A ticket to answer is a card of his day's work, which opens the support screen.
  await page.goto(url('/compte/tableau-de-bord'));
  const queue = page.getByTestId('queue-tickets');
  await expect(queue.getByTestId('queue-tickets-count')).toHaveText(/^[1-9]\d*$/);
  await queue.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/compte\/support$/);
  await search(page, ticketCode);
  const row = page.locator(`[data-testid="table-row"][data-key="${ticketKey}"]`);
  await expect(row).toContainText(SUBJECT);
  await expect(row.getByTestId('ticket-unread')).toBeVisible();
  await row.getByText(SUBJECT).click();

  const conversation = page.getByTestId('ticket-conversation');
  await expect(conversation.getByTestId('ticket-subject')).toHaveText(SUBJECT);
  await expect(conversation.getByTestId('ticket-parcel')).toContainText(parcelCode);
  await expect(conversation.getByTestId('ticket-parcel-link')).toHaveAttribute('href', new RegExp(`colis=${parcelCode}$`));
  await expect(conversation.getByTestId('ticket-message').first()).toContainText(FIRST_MESSAGE);
  await conversation.getByTestId('ticket-reply-input').fill(ANSWER);
  await conversation.getByTestId('ticket-reply-send').click();
  await expect(conversation.getByTestId('ticket-message')).toHaveCount(2);
  await expect(conversation.getByTestId('ticket-message').nth(1)).toContainText(ANSWER);
  await expect(conversation.getByTestId('ticket-status')).toHaveAttribute('data-status', 'answered');
  // His own answer is deletable while the merchant has not written after it.
  await expect(conversation.getByTestId('ticket-message').nth(1).getByTestId('ticket-message-delete')).toBeVisible();
  await screenshot(page, 'admin-ticket-answered');
});

test('the merchant sees the unread badge, reads the answer and replies', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/support'));
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('support-unread-badge')).toBeVisible();
  await search(page, ticketCode);
  const row = page.locator(`[data-testid="table-row"][data-key="${ticketKey}"]`);
  await expect(row.getByTestId('ticket-unread')).toBeVisible();
  await expect(row.getByTestId('ticket-status')).toHaveAttribute('data-status', 'answered');
  await row.getByText(SUBJECT).click();

  const conversation = page.getByTestId('ticket-conversation');
  await expect(conversation.getByTestId('ticket-message')).toHaveCount(2);
  await expect(conversation.getByTestId('ticket-message').nth(1)).toContainText(ANSWER);
  // The admin's answer is not his to delete.
  await expect(conversation.getByTestId('ticket-message').nth(1).getByTestId('ticket-message-delete')).toHaveCount(0);
  await conversation.getByTestId('ticket-reply-input').fill(REPLY);
  await conversation.getByTestId('ticket-reply-send').click();
  await expect(conversation.getByTestId('ticket-message')).toHaveCount(3);
  await expect(conversation.getByTestId('ticket-status')).toHaveAttribute('data-status', 'open');
  await expect(conversation.getByTestId('ticket-message').nth(2).getByTestId('ticket-message-delete')).toBeVisible();

  // Read: the list no longer marks it.
  await conversation.getByTestId('ticket-back').click();
  await search(page, ticketCode);
  await expect(row).toContainText(REPLY.slice(0, 20));
  await expect(row.getByTestId('ticket-unread')).toHaveCount(0);
});

test('the admin reads the reply and closes the ticket', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url(`/compte/support?ticket=${ticketKey}`));
  const conversation = page.getByTestId('ticket-conversation');
  await expect(conversation.getByTestId('ticket-message')).toHaveCount(3);
  await expect(conversation.getByTestId('ticket-message').nth(2)).toContainText(REPLY);
  // The merchant wrote after it: the admin's answer can no longer be deleted.
  await expect(conversation.getByTestId('ticket-message').nth(1).getByTestId('ticket-message-delete')).toHaveCount(0);
  await conversation.getByTestId('ticket-close').click();
  await expect(conversation.getByTestId('ticket-status')).toHaveAttribute('data-status', 'closed');
  await expect(conversation.getByTestId('ticket-closed-note')).toBeVisible();
  await expect(conversation.getByTestId('ticket-reply')).toHaveCount(0);
});

test('an announcement for the delivery people reaches the delivery person’s home, not the merchant’s dashboard', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/annonces'));
  await page.getByTestId('create-button').click();
  const dialog = page.getByTestId('form-dialog');
  await dialog.locator('input[name="title"]').fill(ANNOUNCEMENT);
  await dialog.locator('textarea[name="body"]').fill('Rendez-vous au dépôt de Casablanca à 7 h, demain.');
  await dialog.getByRole('combobox', { name: /^Destinataires/ }).click();
  await page.getByRole('option', { name: 'Livreurs', exact: true }).click();
  await dialog.getByTestId('form-submit').click();
  const row = page.getByTestId('table-row').filter({ hasText: ANNOUNCEMENT });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('announcement-audience')).toHaveAttribute('data-audience', 'delivery');

  await page.context().clearCookies();
  await signIn(page, DELIVERY);
  await page.goto(url('/compte/accueille'));
  const board = page.getByTestId('announcement-board');
  await expect(board.getByTestId('announcement').filter({ hasText: ANNOUNCEMENT })).toBeVisible();
  await screenshot(page, 'delivery-home-announcement');

  await page.context().clearCookies();
  await signIn(page, MERCHANT);
  const announcements = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/announcements');
  await page.goto(url('/compte/accueille'));
  await expect(page.getByTestId('dashboard')).toBeVisible();
  expect((await announcements).status()).toBe(200);
  await expect(page.getByTestId('announcement').filter({ hasText: ANNOUNCEMENT })).toHaveCount(0);
});
