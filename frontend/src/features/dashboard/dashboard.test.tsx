import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, merchantSession, deliverySession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { Statistics } from '../../components/dashboard/api';
import { parcelPage } from '../../components/parcel/testData';
import { accountEntry, merchantAccount } from '../../components/invoice/testData';
import DashboardScreen from './DashboardScreen';
import { formatRate } from '../../components/moneyFormat';

/** An admin holding the dashboard and the money screens, none of the work queues. */
const STATS_ONLY = ['dashboard', 'create-delivery-invoice', 'create-client-invoice', 'client-delivered-invoices'];

function statistics(overrides: Partial<Statistics> = {}): Statistics {
  const daily = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 1, 1 + index));
    return { date: day.toISOString().slice(0, 10), created: index % 5, delivered: index % 3 };
  });
  return {
    total: 1234,
    by_status: [
      { status: 'new', status_label: 'Nouveau colis', count: 12 },
      { status: 'delivered', status_label: 'Livré', count: 980 },
      { status: 'refused', status_label: 'Refusé', count: 0 },
    ],
    cod_collected: 12345600,
    to_be_paid: 9876500,
    delivery_rate: 87.46,
    daily,
    money: { cash_held: null, payouts_due: null, payouts_awaiting_cash: null, ready_to_transfer: null, paid_this_month: null },
    ...overrides,
  };
}

describe('dashboard figures', () => {
  it("shows a merchant's totals, cash collected, what he is owed, the delivery rate and 30 days of bars", async () => {
    const server = mockServer({ 'GET /api/statistics': { status: 200, body: { data: statistics() } } });
    renderWithProviders(<DashboardScreen />, { session: merchantSession() });
    const stats = await screen.findByTestId('dashboard-stats');
    expect(server.callsTo('GET', '/api/statistics')).toHaveLength(1);
    expect(within(stats).getByTestId('stat-total')).toHaveTextContent(/^Colis1\s234$/);
    expect(within(stats).getByTestId('stat-cod')).toHaveTextContent(/^Montant encaissé123\s456,00\sDH$/);
    expect(within(stats).getByTestId('stat-to-be-paid')).toHaveTextContent(/98\s765,00\sDH/);
    expect(within(stats).getByTestId('stat-rate').textContent).toMatch(/87,5\s%/);
    expect(within(stats).getAllByTestId('stats-day')).toHaveLength(30);
    const chart = within(stats).getByTestId('stats-chart');
    // 0+1+2+3+4 six times = 60 created; 0+1+2 ten times = 30 delivered.
    expect(chart).toHaveAttribute('aria-label', 'Sur 30 jours : 60 colis créés, 30 livrés.');
    expect(within(stats).getAllByTestId('stats-day')[4]).toHaveTextContent(/^5 févr?\. : 4 créés, 1 livré$/);
    // Statuses with parcels only.
    expect(within(stats).getByTestId('stats-by-status')).toHaveTextContent('Nouveau colis · 12');
    expect(within(stats).getByTestId('stats-by-status')).not.toHaveTextContent('Refusé');
  });

  it('shows no "to be paid" figure to admins, and says so when no round ended yet', async () => {
    mockServer({ 'GET /api/statistics': { status: 200, body: { data: statistics({ delivery_rate: null, total: 0, daily: [] }) } } });
    renderWithProviders(<DashboardScreen />, { session: adminSession(STATS_ONLY) });
    const stats = await screen.findByTestId('dashboard-stats');
    expect(within(stats).queryByTestId('stat-to-be-paid')).not.toBeInTheDocument();
    expect(within(stats).getByTestId('stat-rate')).toHaveTextContent('—');
    // The role in the sentence, lowercase, "que" elided before a vowel.
    expect(screen.getByText(/Vous êtes connecté en tant qu'administrateur\./)).toBeInTheDocument();
  });

  it('names the role of a merchant and of a delivery person in lowercase', async () => {
    mockServer({ 'GET /api/statistics': { status: 200, body: { data: statistics() } } });
    const merchant = renderWithProviders(<DashboardScreen />, { session: merchantSession() });
    expect(await screen.findByText(/Vous êtes connecté en tant que marchand\./)).toBeInTheDocument();
    merchant.unmount();
    renderWithProviders(<DashboardScreen />, { session: deliverySession() });
    expect(await screen.findByText(/Vous êtes connecté en tant que livreur\./)).toBeInTheDocument();
  });

  it("tells a delivery person it is the cash he collected, and offers a retry when the figures fail", async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/statistics': [{ status: 503, body: { message: 'Base de données indisponible.' } }, { status: 200, body: { data: statistics() } }],
      'GET /api/parcels': parcelPage([]),
    });
    renderWithProviders(<DashboardScreen />, { session: deliverySession() });
    const error = await screen.findByTestId('stats-error');
    expect(error).toHaveTextContent('Base de données indisponible.');
    await user.click(within(error).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('stat-cod')).toHaveTextContent('Montant encaissé par vous');
  });

  it('shows each role the money of the invoices: cash held, payouts due, awaiting the cash, ready to transfer, paid this month', async () => {
    const money = { cash_held: 125000, payouts_due: 987650, payouts_awaiting_cash: 64000, ready_to_transfer: 43000, paid_this_month: 210000 };
    mockServer({ 'GET /api/statistics': { status: 200, body: { data: statistics({ money }) } } });
    const admin = renderWithProviders(<DashboardScreen />, { session: adminSession(STATS_ONLY) });
    let row = await screen.findByTestId('stats-money');
    expect(within(row).getByTestId('stat-cash-held')).toHaveTextContent(/^Espèces chez les livreurs1\s250,00\sDH/);
    expect(within(row).getByTestId('stat-payouts-due')).toHaveTextContent(/À verser aux marchands9\s876,50\sDH/);
    // Delivered, but not payable yet: the delivery people still hold the cash.
    expect(within(row).getByTestId('stat-payouts-awaiting-cash')).toHaveTextContent(/^Livré, espèces chez les livreurs640,00\sDH/);
    expect(within(within(row).getByTestId('stat-payouts-awaiting-cash')).getByRole('link')).toHaveAttribute('href', '/compte/creer-facture-livreur');
    expect(within(row).getByTestId('stat-ready-to-transfer')).toHaveTextContent(/Prêt à virer430,00\sDH/);
    expect(within(row).getByTestId('stat-paid-this-month')).toHaveTextContent(/Versé ce mois2\s100,00\sDH/);
    // Each leads to where that money is settled.
    expect(within(within(row).getByTestId('stat-cash-held')).getByRole('link')).toHaveAttribute('href', '/compte/creer-facture-livreur');
    expect(within(within(row).getByTestId('stat-ready-to-transfer')).getByRole('link')).toHaveAttribute('href', '/compte/factures-clients-livrees');
    admin.unmount();

    mockServer({ 'GET /api/statistics': { status: 200, body: { data: statistics({ money: { cash_held: null, payouts_due: 54300, payouts_awaiting_cash: 21450, ready_to_transfer: null, paid_this_month: 37900 } }) } } });
    const merchant = renderWithProviders(<DashboardScreen />, { session: merchantSession() });
    row = await screen.findByTestId('stats-money');
    expect(within(row).getByTestId('stat-payouts-due')).toHaveTextContent(/À vous verser543,00\sDH/);
    const awaiting = within(row).getByTestId('stat-payouts-awaiting-cash');
    expect(awaiting).toHaveTextContent(/^Espèces chez le livreur214,50\sDH/);
    expect(awaiting).toHaveTextContent('versé dès que le livreur a remis les espèces');
    // Beside « À vous verser », leading to his delivered parcels.
    expect(within(row).getAllByTestId(/^stat-/).map((card) => card.dataset.testid)).toEqual(['stat-payouts-due', 'stat-payouts-awaiting-cash', 'stat-paid-this-month']);
    expect(within(awaiting).getByRole('link')).toHaveAttribute('href', '/compte/colis-livres');
    expect(within(row).getByTestId('stat-paid-this-month')).toHaveTextContent(/Versé ce mois379,00\sDH/);
    expect(within(row).queryByTestId('stat-cash-held')).not.toBeInTheDocument();
    // "À vous verser" shows once: the invoices' figure replaces the older one.
    expect(screen.queryByTestId('stat-to-be-paid')).not.toBeInTheDocument();
    merchant.unmount();

    // The delivery person's cash is on his round of the day, not repeated below.
    mockServer({
      'GET /api/statistics': { status: 200, body: { data: statistics({ money: { cash_held: 40900, payouts_due: null, payouts_awaiting_cash: null, ready_to_transfer: null, paid_this_month: null } }) } },
      'GET /api/parcels': parcelPage([]),
    });
    renderWithProviders(<DashboardScreen />, { session: deliverySession() });
    await screen.findByTestId('dashboard-stats');
    expect(screen.queryByTestId('stats-money')).not.toBeInTheDocument();
    expect(await screen.findByTestId('today-cash-value')).toHaveTextContent(/^409,00\sDH$/);
  });

  it('formats the delivery rate', () => {
    expect(formatRate(100, 'en')).toBe('100\u00a0%');
    expect(formatRate(null, 'fr')).toBe('—');
  });
});

describe("the merchant's account", () => {
  const money = { cash_held: null, payouts_due: 54300, payouts_awaiting_cash: null, ready_to_transfer: null, paid_this_month: null };

  it('says what he owes, taken from his next payout, and shows its entries on demand', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/statistics': { status: 200, body: { data: statistics({ money: { ...money, account: { key: 'M1', balance: -3000 } } }) } },
      'GET /api/clients/M1/balance': {
        status: 200,
        body: { data: merchantAccount(-3000, [accountEntry('CE2', 'deduction', 2000), accountEntry('CE1', 'fees', -5000)]) },
      },
    });
    renderWithProviders(<DashboardScreen />, { session: merchantSession() });
    const card = await screen.findByTestId('my-account');
    expect(server.callsTo('GET', '/api/clients/M1/balance')).toHaveLength(1);
    expect(card).toHaveTextContent('Mon compte');
    expect(within(card).getByTestId('my-account-value')).toHaveTextContent(/^Vous devez 30,00\sDH$/);
    expect(within(card).getByTestId('my-account-explain')).toHaveTextContent('Déduits de votre prochain versement');
    expect(within(card).queryByTestId('my-account-entries')).not.toBeInTheDocument();
    await user.click(within(card).getByTestId('my-account-toggle'));
    const entries = await within(card).findByTestId('my-account-entries');
    const rows = within(entries).getAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Déduit d’un versement');
    expect(within(rows[0]).getByTestId('balance-entry-amount')).toHaveTextContent(/^\+20,00\sDH$/);
    expect(rows[1]).toHaveTextContent('Frais de retour');
    expect(rows[1]).toHaveTextContent('Facture FC-2026-000012');
    expect(within(rows[1]).getByTestId('balance-entry-amount')).toHaveTextContent(/^−50,00\sDH$/);
    // His own entries do not name who recorded them.
    expect(entries).not.toHaveTextContent('Samira Admin');
  });

  it('shows nothing when he owes nothing or has no account, and asks for no account then', async () => {
    const even = mockServer({
      'GET /api/statistics': { status: 200, body: { data: statistics({ money: { ...money, account: { key: 'M1', balance: 0 } } }) } },
      'GET /api/clients/M1/balance': { status: 200, body: { data: merchantAccount(0) } },
    });
    const evenScreen = renderWithProviders(<DashboardScreen />, { session: merchantSession() });
    await screen.findByTestId('dashboard-stats');
    expect(screen.queryByTestId('my-account')).not.toBeInTheDocument();
    expect(even.calls.filter((call) => call.path.startsWith('/api/clients/'))).toHaveLength(0);
    evenScreen.unmount();

    const server = mockServer({ 'GET /api/statistics': { status: 200, body: { data: statistics({ money: { ...money, account: null } }) } } });
    renderWithProviders(<DashboardScreen />, { session: merchantSession() });
    await screen.findByTestId('dashboard-stats');
    expect(screen.queryByTestId('my-account')).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.startsWith('/api/clients/'))).toHaveLength(0);
  });
});
