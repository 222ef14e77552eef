import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { Role, RouteDef } from '../../navigation/types';
import { adminSession, deliverySession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer, type RecordedCall } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import DeliveryPeopleScreen from '../../features/deliveryPeople/DeliveryPeopleScreen';
import type { BalanceRow, DeliveryPersonBalance, DeliveryInvoice, SettlementBody } from '../../components/invoice/api';
import DeliveryPersonBalancesScreen from '../../features/invoices/DeliveryPersonBalancesScreen';
import InvoicesScreen from '../../features/invoices/InvoicesScreen';
import { balanceEntry, DELIVERY_PERSON, deliveryPersonBalance, deliveryInvoice, line } from '../../features/invoices/testData';

function routeOf(role: Role, name: string): RouteDef {
  const route = ROLE_ROUTES[role].find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name} for ${role}`);
  return route;
}

const HAMID: BalanceRow = { key: 'D1', full_name: 'Hamid Ouazzani', phone: '0661000001', balance: 1000 };
const NADIA: BalanceRow = { key: 'D2', full_name: 'Nadia Tazi', phone: '0661000002', balance: 0 };

/** A server holding Hamid's balance: 10 DH short on FL-2026-000001, settled as the dialog says. */
function balanceServer() {
  let balance: DeliveryPersonBalance = deliveryPersonBalance(1000, [balanceEntry('EC1', 'difference', 1000)]);
  return mockServer({
    'GET /api/delivery-admins/balances': (call) => {
      const rows = [{ ...HAMID, balance: balance.balance }, NADIA].filter((row) => call.query.owing !== 'true' || row.balance > 0);
      return listReply(rows, call.query);
    },
    'GET /api/delivery-admins/D1/balance': () => ({ status: 200, body: { data: balance } }),
    'POST /api/delivery-admins/D1/balance': (call: RecordedCall) => {
      const body = call.body as SettlementBody;
      const amount = -Math.sign(balance.balance) * body.amount;
      balance = deliveryPersonBalance(balance.balance + amount, [
        balanceEntry('EC2', body.kind, amount, { reference: body.reference ?? null, comment: body.comment ?? null }),
        ...balance.entries,
      ]);
      return { status: 201, body: { data: balance } };
    },
  });
}

describe("the admin's balances screen", () => {
  it('lists those who owe, opens one person’s entries and records a partial payment, refusing more than the balance or a write-off without a reason', async () => {
    const user = userEvent.setup();
    const server = balanceServer();
    renderWithProviders(<DeliveryPersonBalancesScreen route={routeOf('admin', 'delivery-person-balances')} />, {
      session: adminSession(),
      path: '/compte/ecarts-livreurs?owing=true',
    });
    const rows = await screen.findAllByTestId('table-row');
    expect(server.callsTo('GET', '/api/delivery-admins/balances')[0].query).toEqual({ page: '1', per_page: '25', owing: 'true' });
    expect(rows).toHaveLength(1);
    expect(within(rows[0]).getByTestId('balance-row-balance')).toHaveTextContent(/^Doit 10,00\sDH$/);

    // Everyone: a person with nothing owed says so.
    await user.click(screen.getByRole('tab', { name: 'Tous les livreurs' }));
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
    expect(screen.getAllByTestId('balance-row-balance')[1]).toHaveTextContent('Aucun écart');

    await user.click(within(screen.getAllByTestId('table-row')[0]).getByText('Hamid Ouazzani'));
    const detail = await screen.findByTestId('balance-detail');
    expect(within(detail).getByTestId('balance-amount')).toHaveTextContent(/^10,00\sDH$/);
    const entry = within(detail).getByTestId('table-row');
    expect(entry).toHaveTextContent('Écart de facture');
    expect(entry).toHaveTextContent('Facture FL-2026-000001');
    expect(within(entry).getByTestId('balance-entry-amount')).toHaveTextContent(/^\+10,00\sDH$/);

    await user.click(within(detail).getByTestId('balance-settle'));
    const dialog = await screen.findByTestId('settle-dialog');
    expect(within(dialog).getByTestId('settle-intro')).toHaveTextContent(/Il doit 10,00\sDH à l’agence\./);
    const amount = within(dialog).getByLabelText(/^Montant/);
    expect(amount).toHaveValue('10,00');
    // More than he owes: refused on the spot, nothing sent.
    await user.clear(amount);
    await user.type(amount, '12');
    await user.click(within(dialog).getByTestId('form-submit'));
    // Under the field (the form's live region says it too), which takes the focus.
    expect(await within(dialog).findByText(/Au plus 10,00\sDH/, { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(amount).toHaveFocus());
    // A write-off needs its reason.
    await user.clear(amount);
    await user.type(amount, '4');
    await user.click(within(dialog).getByLabelText('Remise (abandon de l’écart)'));
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Dites pourquoi l’écart est abandonné.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/delivery-admins/D1/balance')).toHaveLength(0);

    // A payment of 4 DH with its receipt: sent in centimes.
    await user.click(within(dialog).getByLabelText('Paiement en espèces'));
    await user.type(within(dialog).getByLabelText(/^Référence/), 'REÇU-17');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/delivery-admins/D1/balance')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/delivery-admins/D1/balance')[0].body).toEqual({ kind: 'payment', amount: 400, reference: 'REÇU-17' });
    expect(await screen.findByTestId('balances-notice')).toHaveTextContent(/Règlement enregistré : solde de Hamid Ouazzani : 6,00\sDH\./);
    await waitFor(() => expect(within(detail).getByTestId('balance-amount')).toHaveTextContent(/^6,00\sDH$/));
    expect(within(detail).getAllByTestId('table-row')[0]).toHaveTextContent('Règlement');
    expect(within(within(detail).getAllByTestId('table-row')[0]).getByTestId('balance-entry-amount')).toHaveTextContent(/^−4,00\sDH$/);
  });

  it('shows a balance the company owes him, and the draft it is carried on', async () => {
    const user = userEvent.setup();
    const owed = deliveryPersonBalance(-500, [balanceEntry('EC1', 'difference', -500)], { carried_on: [{ invoice: 'FL9DRAFT', amount: -500 }] });
    mockServer({
      'GET /api/delivery-admins/balances': (call) => listReply([{ ...HAMID, balance: -500 }], call.query),
      'GET /api/delivery-admins/D1/balance': { status: 200, body: { data: owed } },
    });
    renderWithProviders(<DeliveryPersonBalancesScreen route={routeOf('admin', 'delivery-person-balances')} />, {
      session: adminSession(),
      path: '/compte/ecarts-livreurs?owing=false&livreur=D1',
    });
    const detail = await screen.findByTestId('balance-detail');
    expect(within(detail).getByTestId('balance-side')).toHaveTextContent(/^À lui rendre 5,00\sDH$/);
    expect(within(detail).getByTestId('balance-carried-on')).toHaveTextContent('Reporté sur le brouillon FL9DRAFT');
    await user.click(within(detail).getByTestId('balance-settle'));
    expect(within(await screen.findByTestId('settle-dialog')).getByTestId('settle-intro')).toHaveTextContent(/L’agence lui doit 5,00\sDH/);
  });

  it('shows each delivery person’s balance on the delivery people list, leading to his entries', async () => {
    const server = mockServer({
      'GET /api/delivery-admins': (call) =>
        listReply(
          [HAMID, NADIA].map((row) => ({ key: row.key, full_name: row.full_name, email: `${row.key}@colivra.ma`, phone: row.phone, national_id: 'AB1', vehicle: null, active: true, created_at: '2026-01-05T08:00:00Z', cities: [] })),
          call.query,
        ),
      'GET /api/delivery-admins/balances': (call) => listReply([HAMID, NADIA], call.query),
    });
    renderWithProviders(<DeliveryPeopleScreen />, { session: adminSession() });
    const chips = await screen.findAllByTestId('deliveryman-balance');
    expect(server.callsTo('GET', '/api/delivery-admins/balances')[0].query).toMatchObject({ delivery_admin: 'D1,D2', per_page: '100' });
    expect(chips[0]).toHaveTextContent(/^Doit 10,00\sDH$/);
    expect(chips[1]).toHaveTextContent('Aucun écart');
    expect(chips[0].closest('a')).toHaveAttribute('href', '/compte/ecarts-livreurs?owing=false&livreur=D1');
  });
});

describe('a balance carried onto a delivery invoice', () => {
  it('lets the admin include the balance on a draft: the line of its own shows, the total follows, the refunds apart', async () => {
    const user = userEvent.setup();
    let invoice: DeliveryInvoice = deliveryInvoice('FL1', { cash_to_collect: 44900, cash_to_pay_out: 0 });
    const server = mockServer({
      'GET /api/delivery-admins/invoices': (call) => listReply([invoice], call.query),
      'GET /api/delivery-admins/invoices/FL1': () => ({ status: 200, body: { data: invoice } }),
      'GET /api/delivery-admins/parcels/invoices/FL1': () => ({
        status: 200,
        body: { data: [line('K1'), line('K2', { cod_amount: 20000, amount: 18000 })], ...(invoice.carried_balance ? { carried_balance: { label: 'Écart antérieur à régulariser', amount: invoice.carried_balance } } : {}) },
      }),
      'GET /api/delivery-admins/D1/balance': { status: 200, body: { data: deliveryPersonBalance(600, [balanceEntry('EC1', 'difference', 600)]) } },
      'PUT /api/delivery-admins/invoices/FL1': (call: RecordedCall) => {
        const carry = (call.body as { carry_balance: boolean }).carry_balance;
        invoice = { ...invoice, carried_balance: carry ? 600 : 0, total: 40900 + (carry ? 600 : 0) };
        return { status: 200, body: { data: invoice } };
      },
    });
    renderWithProviders(<InvoicesScreen route={routeOf('admin', 'delivery-invoices')} />, { session: adminSession(), path: '/compte/factures-livreurs?facture=FL1' });
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByTestId('invoice-summary-collected-value')).toHaveTextContent(/^449,00\sDH$/);
    expect(within(detail).getByTestId('invoice-summary-paid-out-value')).toHaveTextContent(/^0,00\sDH$/);
    const carry = await within(detail).findByTestId('invoice-carry');
    expect(carry).toHaveTextContent(/Inclure l’écart de 6,00\sDH/);
    await user.click(within(carry).getByTestId('invoice-carry-switch'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/delivery-admins/invoices/FL1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/delivery-admins/invoices/FL1')[0].body).toEqual({ carry_balance: true });
    expect(await screen.findByTestId('invoices-notice')).toHaveTextContent('Écart reporté sur la facture.');
    await waitFor(() => expect(within(detail).getByTestId('invoice-summary-total')).toHaveTextContent(/415,00\sDH/));
    expect(within(detail).getByTestId('invoice-summary-carried-value')).toHaveTextContent(/^\+6,00\sDH$/);
    expect(await within(detail).findByTestId('invoice-carried-line')).toHaveTextContent(/Écart antérieur à régulariser\+6,00\sDH/);
    // The admin's delivery invoices lead to the balances screen.
    expect(screen.getByTestId('invoices-balances')).toHaveAttribute('href', '/compte/ecarts-livreurs');
  });
});

describe("the delivery person's own balance", () => {
  it('shows on his invoices screen what he owes, and its entries on demand', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/delivery-admins/invoices': (call) => listReply([], call.query),
      'GET /api/delivery-admins/u_1/balance': {
        status: 200,
        body: { data: deliveryPersonBalance(600, [balanceEntry('EC2', 'payment', -400, { reference: 'REÇU-17' }), balanceEntry('EC1', 'difference', 1000)], { delivery_admin: { ...DELIVERY_PERSON, key: 'u_1' } }) },
      },
    });
    renderWithProviders(<InvoicesScreen route={routeOf('delivery-admin', 'invoices')} />, { session: deliverySession(), path: '/compte/factures' });
    const card = await screen.findByTestId('my-balance');
    expect(server.callsTo('GET', '/api/delivery-admins/u_1/balance')).toHaveLength(1);
    expect(within(card).getByTestId('my-balance-value')).toHaveTextContent(/^Vous devez 6,00\sDH$/);
    expect(card).toHaveTextContent('à régler au guichet, ou reporté sur votre prochaine facture');
    expect(within(card).queryByTestId('my-balance-entries')).not.toBeInTheDocument();
    await user.click(within(card).getByTestId('my-balance-toggle'));
    const entries = await within(card).findByTestId('my-balance-entries');
    expect(within(entries).getAllByTestId('table-row')).toHaveLength(2);
    expect(entries).toHaveTextContent('Réf. REÇU-17');
    // His own entries do not name who recorded them.
    expect(entries).not.toHaveTextContent('Samira Admin');
  });
});
