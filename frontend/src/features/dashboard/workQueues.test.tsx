import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, deliverySession } from '../../test/fixtures';
import { deferred, listReply } from '../../test/listReply';
import { mockServer, type MockReply } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { parcel, parcelPage, unappliedOutcome } from '../../components/parcel/testData';
import type { Statistics } from '../../components/dashboard/api';
import DashboardScreen from './DashboardScreen';
import { dueToday, localToday } from './TodayRound';

function statistics(cashHeld: number | null, money: Partial<NonNullable<Statistics['money']>> = {}): { status: number; body: { data: Statistics } } {
  return {
    status: 200,
    body: {
      data: {
        total: 40,
        by_status: [],
        cod_collected: 0,
        to_be_paid: 0,
        delivery_rate: null,
        daily: [],
        money: { cash_held: cashHeld, payouts_due: null, payouts_awaiting_cash: null, ready_to_transfer: null, paid_this_month: null, ...money },
      },
    },
  };
}

/** A day `offset` days from today, as the API writes it. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return localToday(date);
}

describe("the delivery person's round of the day", () => {
  it('shows the parcels to deliver, those postponed to today, the cash in hand, and opens the round in one tap', async () => {
    const user = userEvent.setup();
    const postponed = [
      parcel('K1', { status: 'postponed', postponed_to: day(0) }),
      parcel('K2', { status: 'scheduled', postponed_to: day(0) }),
      parcel('K3', { status: 'postponed', postponed_to: day(-2) }),
      parcel('K4', { status: 'postponed', postponed_to: day(1) }),
    ];
    const server = mockServer({
      'GET /api/statistics': statistics(40900, { balance: 1250 }),
      'GET /api/parcels': (call) => (call.query.status ? parcelPage(postponed) : parcelPage([parcel('K0')], { total: 17 })),
    });
    renderWithProviders(<DashboardScreen />, { session: deliverySession() });
    const card = await screen.findByTestId('today-round');
    expect(card).toHaveTextContent('Ma tournée du jour');
    expect(await within(card).findByTestId('today-to-deliver-count')).toHaveTextContent(/^17$/);
    expect(await within(card).findByTestId('today-postponed-count')).toHaveTextContent(/^2$/);
    expect(within(card).getByTestId('today-late')).toHaveTextContent('+1 dont la date est passée');
    expect(await within(card).findByTestId('today-cash-value')).toHaveTextContent(/^409,00\sDH$/);
    expect(within(card).queryByTestId('today-empty')).not.toBeInTheDocument();
    // What he owes the company: part of the cash he holds, shown on its own, leading to his invoices.
    expect(await within(card).findByTestId('today-balance-value')).toHaveTextContent(/^Vous devez 12,50\sDH$/);
    expect(within(within(card).getByTestId('today-balance')).getByRole('link')).toHaveAttribute('href', '/compte/factures');

    // Counted from his round (view=sent): one row for the total, one page of the postponed ones.
    const queries = server.callsTo('GET', '/api/parcels').map((call) => call.query);
    expect(queries).toContainEqual({ view: 'sent', page: '1', per_page: '1' });
    expect(queries).toContainEqual({ view: 'sent', status: 'postponed,scheduled', page: '1', per_page: '100' });

    // The cash leads to the declaration; the big button into the round.
    expect(within(within(card).getByTestId('today-cash')).getByRole('link')).toHaveAttribute('href', '/compte/creer-facture');
    const open = within(card).getByTestId('today-open-round');
    expect(open).toHaveTextContent('Ouvrir ma tournée');
    await user.click(open);
    expect(screen.getByTestId('location')).toHaveTextContent('/compte/colis-expedies');
  });

  it('shows skeletons while loading, then says when there is nothing to deliver', async () => {
    const held = deferred<MockReply>();
    mockServer({
      'GET /api/statistics': statistics(0, { balance: 0 }),
      'GET /api/parcels': () => held.promise,
    });
    renderWithProviders(<DashboardScreen />, { session: deliverySession() });
    const card = await screen.findByTestId('today-round');
    expect(within(card).getByTestId('today-to-deliver-count-loading')).toBeInTheDocument();
    expect(within(card).getByTestId('today-postponed-count-loading')).toBeInTheDocument();
    held.resolve(parcelPage([]));
    expect(await within(card).findByTestId('today-empty')).toHaveTextContent('Aucun colis à livrer pour le moment.');
    expect(within(card).getByTestId('today-to-deliver-count')).toHaveTextContent(/^0$/);
    expect(within(card).getByTestId('today-postponed-count')).toHaveTextContent(/^0$/);
    expect(await within(card).findByTestId('today-cash-value')).toHaveTextContent(/^0,00\sDH$/);
    expect(within(card).getByTestId('today-balance-value')).toHaveTextContent(/^Aucun écart$/);
    expect(within(card).queryByTestId('today-late')).not.toBeInTheDocument();
    // The button is there even on an empty day.
    expect(within(card).getByTestId('today-open-round')).toHaveAttribute('href', '/compte/colis-expedies');
  });

  it('counts the postponed parcels of today and those whose day passed', () => {
    const rows = [{ postponed_to: '2026-03-10' }, { postponed_to: '2026-03-10' }, { postponed_to: '2026-03-09' }, { postponed_to: '2026-03-11' }, { postponed_to: null }];
    expect(dueToday(rows, '2026-03-10')).toEqual({ today: 2, late: 1 });
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe("the admin's work queues", () => {
  const routes = {
    'GET /api/statistics': statistics(0, { balances_owed: 3550, couriers_owing: 2 }),
    'GET /api/delivery-admins/balances': (call: { query: Record<string, string> }) => listReply([], call.query, 2),
    'GET /api/pickup-vouchers': (call: { query: Record<string, string> }) => listReply([], call.query, 4),
    'GET /api/parcels': (call: { query: Record<string, string> }) =>
      call.query.view === 'pickup' ? parcelPage([parcel('K1')], { total: 1000, capped: true }) : parcelPage([parcel('K2')], { total: 3 }),
    'GET /api/return-vouchers': (call: { query: Record<string, string> }) => listReply([], call.query, 0),
    'GET /api/delivery-admins/invoices': (call: { query: Record<string, string> }) => listReply([], call.query, 2),
    'GET /api/shops/bank-account-changes': (call: { query: Record<string, string> }) => listReply([], call.query, 5),
    'GET /api/tickets/unread': { status: 200, body: { data: { count: 3 } } },
    // Two open: a « Livré » of 249,00 DH he may hold, a refund of 50,00 DH he paid out.
    'GET /api/parcels/outcomes/unapplied': (call: { query: Record<string, string> }) =>
      listReply([unappliedOutcome('RN1'), unappliedOutcome('RN2', { cash_at_stake: -5000 })], call.query, 2),
  };

  it("shows the day's queues with their counts, each opening its screen", async () => {
    const user = userEvent.setup();
    const server = mockServer(routes);
    renderWithProviders(<DashboardScreen />, { session: adminSession() });
    const queues = await screen.findByTestId('work-queues');
    expect(queues).toHaveTextContent('Le travail du jour');
    const expected = [
      ['pickups', 'Ramassages à réceptionner', /^4$/, '/compte/nouveaux-bons-de-ramassage'],
      ['to-ship', 'Colis à expédier', /^1\s000\+$/, '/compte/bons-de-sortie'],
      ['to-return', 'Retours à préparer', /^3$/, '/compte/colis-a-retourner'],
      ['returns', 'Retours à réceptionner', /^0$/, '/compte/bons-de-retour-livreur'],
      ['cash', 'Espèces à compter', /^2$/, '/compte/factures-livreurs'],
      ['balances', 'Écarts à régulariser', /^2$/, '/compte/ecarts-livreurs?owing=true'],
      ['rib-changes', 'Changements de RIB', /^5$/, '/compte/changements-de-rib'],
      // Outcomes the server refused from the phones.
      ['unapplied', 'Résultats à régler', /^2$/, '/compte/resultats-a-regler'],
      // Merchants waiting for an answer: a queue like the others, not only a dot on the menu.
      ['tickets', 'Tickets à répondre', /^3$/, '/compte/support'],
    ] as const;
    for (const [id, label, count, href] of expected) {
      const card = within(queues).getByTestId(`queue-${id}`);
      expect(card, id).toHaveTextContent(label);
      expect(await within(card).findByTestId(`queue-${id}-count`), id).toHaveTextContent(count);
      expect(within(card).getByRole('link'), id).toHaveAttribute('href', href);
    }

    // Counts of the list endpoints, one row each, with the filters of the queues.
    expect(server.callsTo('GET', '/api/pickup-vouchers')[0].query).toEqual({ page: '1', per_page: '1', status: 'new' });
    expect(server.callsTo('GET', '/api/parcels').map((call) => call.query)).toEqual(
      expect.arrayContaining([
        { page: '1', per_page: '1', view: 'pickup' },
        { page: '1', per_page: '1', view: 'to-be-returned' },
      ]),
    );
    expect(server.callsTo('GET', '/api/return-vouchers')[0].query).toEqual({ page: '1', per_page: '1', status: 'new' });
    expect(server.callsTo('GET', '/api/delivery-admins/invoices')[0].query).toEqual({ page: '1', per_page: '1', status: 'draft' });
    // Those who owe, and how much they owe together (the dashboard's figures).
    expect(server.callsTo('GET', '/api/delivery-admins/balances')[0].query).toEqual({ page: '1', per_page: '1', owing: 'true' });
    await waitFor(() => expect(within(queues).getByTestId('queue-balances')).toHaveTextContent(/35,50\sDH dus par les livreurs/));
    expect(server.callsTo('GET', '/api/shops/bank-account-changes')[0].query).toEqual({ page: '1', per_page: '1', status: 'pending' });
    // Counted with one row; the cash at stake from the one page holding them all.
    expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied')[0].query).toEqual({ page: '1', per_page: '1', status: 'open' });
    await waitFor(() =>
      expect(within(queues).getByTestId('queue-unapplied')).toHaveTextContent(/Espèces en jeu : 249,00\sDH encaissés, 50,00\sDH versés/),
    );
    expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied').map((call) => call.query)).toContainEqual({ page: '1', per_page: '100', status: 'open' });

    await user.click(within(within(queues).getByTestId('queue-to-ship')).getByRole('link'));
    expect(screen.getByTestId('location')).toHaveTextContent('/compte/bons-de-sortie');
  });

  it('shows only the queues whose screen the admin holds, and asks nothing for the others', async () => {
    const server = mockServer(routes);
    renderWithProviders(<DashboardScreen />, { session: adminSession(['dashboard', 'new-pickup-vouchers']) });
    const queues = await screen.findByTestId('work-queues');
    expect(await within(queues).findByTestId('queue-pickups-count')).toHaveTextContent(/^4$/);
    for (const id of ['to-ship', 'to-return', 'returns', 'cash', 'balances', 'rib-changes', 'unapplied', 'tickets']) expect(within(queues).queryByTestId(`queue-${id}`), id).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/api/statistics')).toHaveLength(1));
    expect(server.callsTo('GET', '/api/parcels')).toHaveLength(0);
    expect(server.callsTo('GET', '/api/return-vouchers')).toHaveLength(0);
    expect(server.callsTo('GET', '/api/delivery-admins/balances')).toHaveLength(0);
    expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied')).toHaveLength(0);
  });

  it('counts the open refused outcomes for an admin holding a parcel screen, the cash at stake once known', async () => {
    let open = [unappliedOutcome('RN2', { cash_at_stake: -5000 })];
    let total = 1;
    const server = mockServer({
      ...routes,
      'GET /api/parcels/outcomes/unapplied': (call) => listReply(open, call.query, total),
    });
    const { unmount } = renderWithProviders(<DashboardScreen />, { session: adminSession(['dashboard', 'refunds']) });
    const card = await screen.findByTestId('queue-unapplied');
    expect(await within(card).findByTestId('queue-unapplied-count')).toHaveTextContent(/^1$/);
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/compte/resultats-a-regler');
    // One open: its own row says what is at stake, nothing more is asked.
    await waitFor(() => expect(card).toHaveTextContent(/Espèces en jeu : 50,00\sDH versés/));
    expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied')).toHaveLength(1);
    unmount();

    // More than a page: the amount is not known, the plain hint stays.
    open = [unappliedOutcome('RN1')];
    total = 140;
    renderWithProviders(<DashboardScreen />, { session: adminSession(['dashboard', 'sent-parcels']) });
    const many = await screen.findByTestId('queue-unapplied');
    expect(await within(many).findByTestId('queue-unapplied-count')).toHaveTextContent(/^140$/);
    expect(many).toHaveTextContent('Résultats hors ligne refusés par le serveur, à appliquer ou écarter.');
    expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied').map((call) => call.query.per_page)).not.toContain('100');
  });

  it('shows the merchants who owe and how much, from the figures, only when some owe', async () => {
    const server = mockServer({ ...routes, 'GET /api/statistics': statistics(0, { merchants_owing: 3, merchant_debts: 12000 }) });
    const owing = renderWithProviders(<DashboardScreen />, { session: adminSession(['dashboard', 'client-returned-invoices']) });
    const card = await screen.findByTestId('queue-merchant-debts');
    expect(card).toHaveTextContent('Marchands débiteurs');
    expect(within(card).getByTestId('queue-merchant-debts-count')).toHaveTextContent(/^3$/);
    expect(card).toHaveTextContent(/120,00\sDH dus par les marchands/);
    // The owing tab of the accounts screen.
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/compte/comptes-marchands?owing=true');
    // Counted by the figures: no list is asked for it.
    expect(server.callsTo('GET', '/api/clients/balances')).toHaveLength(0);
    owing.unmount();

    // Nobody owes: no card, the other queues as usual.
    mockServer({ ...routes, 'GET /api/statistics': statistics(0, { merchants_owing: 0, merchant_debts: 0 }) });
    renderWithProviders(<DashboardScreen />, { session: adminSession(['dashboard', 'client-delivered-invoices', 'new-pickup-vouchers']) });
    const queues = await screen.findByTestId('work-queues');
    expect(await within(queues).findByTestId('queue-pickups-count')).toHaveTextContent(/^4$/);
    await screen.findByTestId('dashboard-stats');
    expect(within(queues).queryByTestId('queue-merchant-debts')).not.toBeInTheDocument();
  });

  it('shows the orders an agent may call now, from the confirmation figures, only while some are due', async () => {
    const figures = (due: number) => ({
      status: 200,
      body: { data: { from: '2026-11-04', to: '2026-12-03', queue: { waiting: due + 4, due, held: 1 }, agents: [], merchants: [] } },
    });
    mockServer({ ...routes, 'GET /api/confirmations/statistics': figures(7) });
    const due = renderWithProviders(<DashboardScreen />, { session: adminSession(['dashboard', 'confirmations']) });
    const card = await screen.findByTestId('queue-to-confirm');
    expect(card).toHaveTextContent('Commandes à confirmer');
    expect(await within(card).findByTestId('queue-to-confirm-count')).toHaveTextContent(/^7$/);
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/compte/confirmations');
    due.unmount();

    // None due: no card; without the permission, not asked at all.
    const server = mockServer({ ...routes, 'GET /api/confirmations/statistics': figures(0) });
    renderWithProviders(<DashboardScreen />, { session: adminSession(['dashboard', 'confirmations', 'new-pickup-vouchers']) });
    const queues = await screen.findByTestId('work-queues');
    expect(await within(queues).findByTestId('queue-pickups-count')).toHaveTextContent(/^4$/);
    await waitFor(() => expect(server.callsTo('GET', '/api/confirmations/statistics')).toHaveLength(1));
    expect(within(queues).queryByTestId('queue-to-confirm')).not.toBeInTheDocument();
  });

  it('shows no queue at all to an admin holding none of their screens', async () => {
    mockServer(routes);
    renderWithProviders(<DashboardScreen />, { session: adminSession(['dashboard']) });
    await screen.findByTestId('dashboard-stats');
    expect(screen.queryByTestId('work-queues')).not.toBeInTheDocument();
  });
});
