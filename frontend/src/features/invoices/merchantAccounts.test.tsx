import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { Role, RouteDef } from '../../navigation/types';
import { adminSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer, type RecordedCall } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { MerchantAccount, MerchantBalanceRow, SettlementBody } from '../../components/invoice/api';
import { accountEntry, MERCHANT, merchantAccount, merchantBalanceRow } from '../../components/invoice/testData';
import InvoicesScreen from './InvoicesScreen';
import MerchantAccountsScreen from './MerchantAccountsScreen';

function routeOf(role: Role, name: string): RouteDef {
  const route = ROLE_ROUTES[role].find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name} for ${role}`);
  return route;
}

const UP_TO_DATE: MerchantBalanceRow = { key: 'M2', full_name: 'Salma Idrissi', company: null, phone: '0661000020', balance: 0 };

/** A server holding Atlas's account: 30 DH of return fees on FC-2026-000012, settled as the dialog says. */
function accountServer() {
  let account: MerchantAccount = merchantAccount(-3000, [accountEntry('CE1', 'fees', -3000)]);
  return mockServer({
    'GET /api/clients/balances': (call) => {
      const rows = [merchantBalanceRow({ balance: account.balance }), UP_TO_DATE].filter((row) => call.query.owing !== 'true' || row.balance < 0);
      return listReply(rows, call.query);
    },
    'GET /api/clients/M1/balance': () => ({ status: 200, body: { data: account } }),
    'POST /api/clients/M1/balance': (call: RecordedCall) => {
      const body = call.body as SettlementBody;
      account = merchantAccount(account.balance + body.amount, [
        accountEntry('CE2', body.kind, body.amount, { reference: body.reference ?? null, comment: body.comment ?? null }),
        ...account.entries,
      ]);
      return { status: 201, body: { data: account } };
    },
  });
}

describe("the admin's merchant accounts", () => {
  it('lists the merchants who owe (« Doit »), opens one account’s entries and records a partial payment, refusing more than owed or a write-off without a reason', async () => {
    const user = userEvent.setup();
    const server = accountServer();
    renderWithProviders(<MerchantAccountsScreen route={routeOf('admin', 'merchant-accounts')} />, {
      session: adminSession(),
      path: '/compte/comptes-marchands?owing=true',
    });
    expect(await screen.findByRole('heading', { name: 'Comptes marchands' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('table-row');
    expect(server.callsTo('GET', '/api/clients/balances')[0].query).toEqual({ page: '1', per_page: '25', owing: 'true' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Youssef Alami');
    expect(within(rows[0]).getByTestId('balance-row-company')).toHaveTextContent('Atlas SARL');
    // Negative: he owes the company.
    expect(within(rows[0]).getByTestId('balance-row-balance')).toHaveTextContent(/^Doit 30,00\sDH$/);
    expect(within(rows[0]).getByTestId('balance-row-balance')).toHaveAttribute('data-side', 'owes');

    // Everyone: a merchant who owes nothing is up to date, nothing to settle.
    await user.click(screen.getByRole('tab', { name: 'Tous les marchands' }));
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
    const even = screen.getAllByTestId('table-row')[1];
    expect(within(even).getByTestId('balance-row-balance')).toHaveTextContent(/^À jour$/);
    expect(within(even).getByTestId('row-action-settle')).toBeDisabled();
    expect(within(screen.getAllByTestId('table-row')[0]).getByTestId('row-action-settle')).toBeEnabled();

    // The entries: the fees of a returned invoice lower his account.
    await user.click(within(screen.getAllByTestId('table-row')[0]).getByTestId('row-action-entries'));
    const detail = await screen.findByTestId('balance-detail');
    expect(within(detail).getByTestId('balance-person')).toHaveTextContent('Youssef Alami');
    expect(within(detail).getByTestId('balance-company')).toHaveTextContent('Atlas SARL');
    expect(within(detail).getByTestId('balance-side')).toHaveTextContent(/^Doit 30,00\sDH$/);
    const entry = within(detail).getByTestId('table-row');
    expect(entry).toHaveTextContent('Frais de retour');
    expect(entry).toHaveTextContent('Facture FC-2026-000012');
    expect(within(entry).getByTestId('balance-entry-amount')).toHaveTextContent(/^−30,00\sDH$/);

    await user.click(within(detail).getByTestId('balance-settle'));
    const dialog = await screen.findByTestId('settle-dialog');
    expect(dialog).toHaveTextContent('Régler le compte de Youssef Alami');
    expect(within(dialog).getByTestId('settle-intro')).toHaveTextContent(/Il doit 30,00\sDH à l’agence/);
    const amount = within(dialog).getByLabelText(/^Montant/);
    expect(amount).toHaveValue('30,00');
    await user.clear(amount);
    await user.type(amount, '31');
    await user.click(within(dialog).getByTestId('form-submit'));
    // Under the field (the form's live region says it too), which takes the focus.
    expect(await within(dialog).findByText(/Au plus 30,00\sDH/, { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(amount).toHaveFocus());
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByLabelText('Remise (abandon de la dette)'));
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Dites pourquoi la dette est abandonnée.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/clients/M1/balance')).toHaveLength(0);

    // A cheque of 20 DH: sent in centimes, positive, with its reference.
    await user.click(within(dialog).getByLabelText('Paiement reçu (espèces, chèque, virement)'));
    await user.type(within(dialog).getByLabelText(/^Référence/), 'CHQ-0042');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/clients/M1/balance')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/clients/M1/balance')[0].body).toEqual({ kind: 'payment', amount: 2000, reference: 'CHQ-0042' });
    expect(await screen.findByTestId('balances-notice')).toHaveTextContent(/Règlement enregistré : Youssef Alami doit encore 10,00\sDH\./);
    await waitFor(() => expect(within(detail).getByTestId('balance-side')).toHaveTextContent(/^Doit 10,00\sDH$/));
    const payment = within(detail).getAllByTestId('table-row')[0];
    expect(payment).toHaveTextContent('Paiement reçu');
    expect(payment).toHaveTextContent('Réf. CHQ-0042');
    expect(within(payment).getByTestId('balance-entry-amount')).toHaveTextContent(/^\+20,00\sDH$/);
  });

  it('writes the rest off from the row with its reason, and says the account is up to date', async () => {
    const user = userEvent.setup();
    const server = accountServer();
    renderWithProviders(<MerchantAccountsScreen route={routeOf('admin', 'merchant-accounts')} />, { session: adminSession(), path: '/compte/comptes-marchands' });
    const row = (await screen.findAllByTestId('table-row'))[0];
    await user.click(within(row).getByTestId('row-action-settle'));
    const dialog = await screen.findByTestId('settle-dialog');
    await user.click(within(dialog).getByTestId('settle-write-off'));
    await user.type(within(dialog).getByLabelText(/^Commentaire/), '  Colis abîmé par le livreur  ');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/clients/M1/balance')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/clients/M1/balance')[0].body).toEqual({ kind: 'write_off', amount: 3000, comment: 'Colis abîmé par le livreur' });
    expect(await screen.findByTestId('balances-notice')).toHaveTextContent('Règlement enregistré : le compte de Youssef Alami est à jour.');
  });

  it('shows the server’s refusal when someone settled the account meanwhile (409)', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/clients/balances': (call) => listReply([merchantBalanceRow()], call.query),
      'GET /api/clients/M1/balance': { status: 200, body: { data: merchantAccount(-3000, [accountEntry('CE1', 'fees', -3000)]) } },
      'POST /api/clients/M1/balance': { status: 409, body: { message: 'Le compte a changé entre-temps : rechargez-le.' } },
    });
    renderWithProviders(<MerchantAccountsScreen route={routeOf('admin', 'merchant-accounts')} />, {
      session: adminSession(),
      path: `/compte/comptes-marchands?owing=false&marchand=${MERCHANT.key}`,
    });
    const detail = await screen.findByTestId('balance-detail');
    await user.click(within(detail).getByTestId('balance-settle'));
    const dialog = await screen.findByTestId('settle-dialog');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Le compte a changé entre-temps : rechargez-le.')).toBeInTheDocument();
  });

  it('says when no account is listed, and when an opened account could not be loaded', async () => {
    mockServer({
      'GET /api/clients/balances': (call) => listReply([], call.query),
      'GET /api/clients/M9/balance': { status: 500, body: { message: 'Erreur.' } },
    });
    renderWithProviders(<MerchantAccountsScreen route={routeOf('admin', 'merchant-accounts')} />, {
      session: adminSession(),
      path: '/compte/comptes-marchands?marchand=M9',
    });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucun compte marchand dans cette liste.');
    expect(await screen.findByTestId('balance-drawer-error')).toHaveTextContent('Le solde n’a pas pu être chargé.');
  });

  it('is reached from both client invoice screens', async () => {
    mockServer({ 'GET /api/clients/invoices': (call) => listReply([], call.query), 'GET /api/clients': (call) => listReply([], call.query) });
    const delivered = renderWithProviders(<InvoicesScreen route={routeOf('admin', 'client-delivered-invoices')} />, { session: adminSession() });
    const link = await screen.findByTestId('invoices-balances');
    expect(link).toHaveTextContent('Comptes marchands');
    expect(link).toHaveAttribute('href', '/compte/comptes-marchands');
    // Beside the transfers export.
    expect(screen.getByTestId('invoices-transfers')).toBeInTheDocument();
    delivered.unmount();

    renderWithProviders(<InvoicesScreen route={routeOf('admin', 'client-returned-invoices')} />, { session: adminSession(['client-returned-invoices']) });
    expect(await screen.findByTestId('invoices-balances')).toHaveAttribute('href', '/compte/comptes-marchands');
  });
});
