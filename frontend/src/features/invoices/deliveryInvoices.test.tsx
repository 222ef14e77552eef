import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { Role, RouteDef } from '../../navigation/types';
import { adminSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer, type RecordedCall } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { Provider } from 'react-redux';
import { makeStore } from '../../core/store';
import { ThemeRoot } from '../../theme/ThemeRoot';
import type { DeliveryInvoice } from '../../components/invoice/api';
import { CashDifference } from './CashDifference';
import { INVOICE_LISTS } from '../../components/invoice/config';
import InvoicesScreen from './InvoicesScreen';
import { deliveryInvoice, line, linesReply } from './testData';

function routeOf(role: Role, name: string): RouteDef {
  const route = ROLE_ROUTES[role].find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name} for ${role}`);
  return route;
}

describe('invoice routes', () => {
  it('gives every invoice route of every role its screen', () => {
    for (const role of Object.keys(ROLE_ROUTES) as Role[]) {
      const lists = ROLE_ROUTES[role].filter((route) => route.screen === 'invoices').map((route) => route.name);
      expect(lists.sort(), role).toEqual(Object.keys(INVOICE_LISTS[role]).sort());
    }
    expect(routeOf('admin', 'create-client-invoice').screen).toBe('new-invoice');
    expect(routeOf('admin', 'create-delivery-invoice').screen).toBe('new-invoice');
    expect(routeOf('delivery-admin', 'create-invoice').screen).toBe('declare-cash');
  });
});

describe('the cash difference', () => {
  it('is red when short, amber when over, green when even, a dash before counting', () => {
    const store = makeStore();
    const shown = (difference: number | null) => {
      const view = render(
        <Provider store={store}>
          <ThemeRoot>
            <CashDifference difference={difference} />
          </ThemeRoot>
        </Provider>,
      );
      const chip = view.queryByTestId('invoice-difference');
      const out = { text: view.container.textContent, kind: chip?.getAttribute('data-kind'), classes: chip?.className ?? '' };
      view.unmount();
      return out;
    };
    const short = shown(-500);
    expect(short.text).toMatch(/^Manque 5,00\sDH$/);
    expect(short.classes).toContain('MuiChip-colorError');
    const over = shown(1250);
    expect(over.text).toMatch(/^Excédent 12,50\sDH$/);
    expect(over.classes).toContain('MuiChip-colorWarning');
    const even = shown(0);
    expect(even.text).toBe('Aucun écart');
    expect(even.classes).toContain('MuiChip-colorSuccess');
    expect(shown(null).text).toBe('—');
  });
});

/** A little server holding one draft delivery invoice that the admin counts, trims and validates. */
function invoiceServer(initial: DeliveryInvoice) {
  let invoice = initial;
  let lines = [line('K1'), line('K2', { cod_amount: 20000, amount: 18000 })];
  const server = mockServer({
    'GET /api/delivery-admins/invoices': (call) => listReply(invoice.status === (call.query.status ?? invoice.status) ? [invoice] : [], call.query),
    'GET /api/delivery-admins/invoices/FL1': () => ({ status: 200, body: { data: invoice } }),
    'GET /api/delivery-admins/parcels/invoices/FL1': () => linesReply(lines),
    'PUT /api/delivery-admins/invoices/FL1': (call: RecordedCall) => {
      const body = call.body as { counted_amount?: number; status?: string };
      if (body.counted_amount !== undefined) {
        invoice = { ...invoice, counted_amount: body.counted_amount, difference: body.counted_amount - invoice.total, counted_at: '2026-03-06T09:00:00Z' };
      } else {
        invoice = { ...invoice, status: 'validated', status_label: 'Validée', number: 'FL-2026-000001', validated_at: '2026-03-06T09:05:00Z' };
      }
      return { status: 200, body: { data: invoice } };
    },
    'PUT /api/delivery-admins/invoices/parcels/K2': () => {
      lines = lines.filter((l) => l.parcel !== 'K2');
      invoice = { ...invoice, parcels_count: 1, cod_total: 24900, commission_total: 2000, total: 22900 };
      return { status: 200, body: { data: invoice } };
    },
  });
  return server;
}

function renderAdminList() {
  return renderWithProviders(<InvoicesScreen route={routeOf('admin', 'delivery-invoices')} />, {
    session: adminSession(),
    path: '/compte/factures-livreurs',
  });
}

describe("the admin's delivery invoices", () => {
  it('counts the cash 5 DH short, shows the difference in red, validates, and the number shows', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const server = invoiceServer(deliveryInvoice('FL1'));
    renderAdminList();
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(server.callsTo('GET', '/api/delivery-admins/invoices')[0].query).toEqual({ page: '1', per_page: '25', status: 'draft' });
    expect(row).toHaveTextContent('Hamid Ouazzani');
    expect(row).toHaveTextContent(/409,00\sDH/);
    await user.click(within(row).getByText('Hamid Ouazzani'));

    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByTestId('invoice-number')).toHaveTextContent('FL1');
    expect(within(detail).getByTestId('invoice-key')).toHaveTextContent('Le numéro est attribué à la validation.');
    expect(within(detail).getByTestId('invoice-summary-total')).toHaveTextContent(/À remettre409,00\sDH/);
    expect(within(detail).getByTestId('invoice-counted')).toHaveTextContent('Pas encore compté');
    // Validation waits for the count.
    expect(within(detail).queryByTestId('invoice-validate')).not.toBeInTheDocument();
    expect(within(detail).getByTestId('invoice-count-first')).toBeInTheDocument();

    const input = within(detail).getByTestId('counted-input');
    await user.type(input, '404');
    expect(within(detail).getByTestId('counted-preview')).toHaveTextContent(/Manque 5,00\sDH/);
    await user.click(within(detail).getByTestId('counted-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/delivery-admins/invoices/FL1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/delivery-admins/invoices/FL1')[0].body).toEqual({ counted_amount: 40400 });
    expect(await screen.findByTestId('invoices-notice')).toHaveTextContent(/Montant compté enregistré : 404,00\sDH \(Manque 5,00\sDH\)\./);
    await waitFor(() => expect(within(detail).getByTestId('invoice-counted')).toHaveTextContent(/^404,00\sDH$/));
    const difference = within(within(detail).getByTestId('invoice-summary').parentElement!).getByTestId('invoice-difference');
    expect(difference).toHaveTextContent(/^Manque 5,00\sDH$/);
    expect(difference).toHaveAttribute('data-kind', 'short');
    expect(difference.className).toContain('MuiChip-colorError');

    await user.click(within(detail).getByTestId('invoice-validate'));
    const confirm = await screen.findByTestId('invoice-validate-confirm');
    expect(confirm).toHaveTextContent(/2 colis, 409,00\sDH à remettre\./);
    expect(within(confirm).getByTestId('validate-difference')).toHaveTextContent(/Compté : 404,00\sDH\. Manque 5,00\sDH/);
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/delivery-admins/invoices/FL1')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/delivery-admins/invoices/FL1')[1].body).toEqual({ status: 'validated' });
    expect(await screen.findByTestId('invoices-notice')).toHaveTextContent('Facture FL-2026-000001 validée.');
    await waitFor(() => expect(within(detail).getByTestId('invoice-number')).toHaveTextContent('FL-2026-000001'));
    expect(within(detail).getByTestId('invoice-status')).toHaveTextContent('Validée');
    // A validated invoice is final: no count, no removal, no deletion.
    expect(within(detail).queryByTestId('count-cash')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('invoice-delete')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('row-action-remove')).not.toBeInTheDocument();
    await user.click(within(detail).getByTestId('invoice-print'));
    expect(open).toHaveBeenCalledWith('/api/delivery-admins/invoices/FL1/pdf', 'colivra-delivery-invoice', 'width=1000,height=600');
    open.mockRestore();
  });

  it('takes a parcel off a draft, and the totals follow', async () => {
    const user = userEvent.setup();
    const server = invoiceServer(deliveryInvoice('FL1'));
    server.fetchMock.mockClear();
    renderAdminList();
    await user.click(within((await screen.findAllByTestId('table-row'))[0]).getByText('Hamid Ouazzani'));
    const detail = await screen.findByTestId('invoice-detail');
    await waitFor(() => expect(within(detail).getAllByTestId('table-row')).toHaveLength(2));
    await user.click(within(detail).getByRole('button', { name: 'Retirer K2' }));
    const confirm = await screen.findByTestId('invoice-remove-confirm');
    expect(confirm).toHaveTextContent('Retirer le colis K2 ?');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/delivery-admins/invoices/parcels/K2')).toHaveLength(1));
    expect(await screen.findByTestId('invoices-notice')).toHaveTextContent('Colis K2 retiré de la facture.');
    await waitFor(() => expect(within(detail).getAllByTestId('table-row')).toHaveLength(1));
    expect(within(detail).getByTestId('invoice-summary-total')).toHaveTextContent(/229,00\sDH/);
  });

  it('shows the 422 of a count under the field and does not accept letters', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/delivery-admins/invoices': (call) => listReply([deliveryInvoice('FL1')], call.query),
      'GET /api/delivery-admins/invoices/FL1': { status: 200, body: { data: deliveryInvoice('FL1') } },
      'GET /api/delivery-admins/parcels/invoices/FL1': linesReply([line('K1')]),
      'PUT /api/delivery-admins/invoices/FL1': { status: 422, body: { message: 'Données invalides.', errors: { counted_amount: ['Le montant compté est trop élevé.'] } } },
    });
    renderAdminList();
    await user.click(within((await screen.findAllByTestId('table-row'))[0]).getByText('Hamid Ouazzani'));
    const form = await screen.findByTestId('count-cash');
    await user.type(within(form).getByTestId('counted-input'), 'douze');
    await user.click(within(form).getByTestId('counted-submit'));
    expect(await within(form).findByText('Montant invalide : par exemple 30 ou 30,50.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/delivery-admins/invoices/FL1')).toHaveLength(0);
    await user.clear(within(form).getByTestId('counted-input'));
    await user.type(within(form).getByTestId('counted-input'), '99999');
    await user.click(within(form).getByTestId('counted-submit'));
    expect(await within(form).findByText('Le montant compté est trop élevé.')).toBeInTheDocument();
  });

  it('shows the empty and error states of the list', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/delivery-admins/invoices': [{ status: 500, body: { message: 'Erreur interne (réf. 7).' } }, listReply([])],
    });
    renderAdminList();
    expect(await screen.findByTestId('table-error')).toHaveTextContent('Erreur interne (réf. 7).');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucune facture livreur dans cette liste.');
    expect(server.callsTo('GET', '/api/delivery-admins/invoices')).toHaveLength(2);
  });
});
