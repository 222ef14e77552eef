import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../core/store';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { Role, RouteDef } from '../../navigation/types';
import { adminSession, deliverySession, merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setLanguage } from '../../theme/settingsSlice';
import DeclareScreen from './DeclareScreen';
import { InvoiceDrawer } from './InvoiceDrawer';
import InvoicesScreen from './InvoicesScreen';
import { deliveryInvoice, line, linesReply, merchantInvoice } from './testData';

// Every place an invoice's PDF is printed says which language it prints in (`pdf_language`:
// French unless the company chose the reader's language), and says nothing when the server does
// not tell.

function routeOf(role: Role, name: string): RouteDef {
  return ROLE_ROUTES[role].find((r) => r.name === name)!;
}

function merchantServer(invoice = merchantInvoice('FC1', { number: 'FC-2026-000003', status: 'validated', status_label: 'Validée', pdf_language: 'fr' })) {
  return mockServer({
    'GET /api/clients/invoices': (call) => listReply([invoice], call.query),
    'GET /api/clients/invoices/FC1': () => ({ status: 200, body: { data: invoice } }),
    'GET /api/clients/parcels/invoices/FC1': () => linesReply([line('K1', {}, 'client')]),
  });
}

describe('the language of an invoice’s PDF', () => {
  it('is said beside the print button of a client invoice', async () => {
    merchantServer();
    renderWithProviders(<InvoiceDrawer family="client" invoiceKey="FC1" role="client" onClose={() => undefined} notify={() => undefined} />, {
      session: merchantSession(),
    });
    const actions = await screen.findByTestId('invoice-actions');
    expect(within(actions).getByTestId('invoice-print')).toBeInTheDocument();
    expect(within(actions).getByTestId('invoice-pdf-language')).toHaveTextContent(/^PDF en français$/);
  });

  it('is said in the reader’s language, for a delivery invoice printed in Arabic', async () => {
    const invoice = deliveryInvoice('FLK1', { pdf_language: 'ar' });
    mockServer({
      'GET /api/delivery-admins/invoices/FLK1': () => ({ status: 200, body: { data: invoice } }),
      'GET /api/delivery-admins/parcels/invoices/FLK1': () => linesReply([line('K1')]),
      'GET /api/delivery-admins/D1/balance': () => ({ status: 200, body: { data: { delivery_admin: invoice.delivery_admin, balance: 0, entries: [], carried_on: [] } } }),
    });
    const store = makeStore();
    store.dispatch(setLanguage('en'));
    renderWithProviders(<InvoiceDrawer family="delivery" invoiceKey="FLK1" role="admin" onClose={() => undefined} notify={() => undefined} />, {
      session: adminSession(),
      store,
    });
    const actions = await screen.findByTestId('invoice-actions');
    expect(within(actions).getByTestId('invoice-pdf-language')).toHaveTextContent(/^PDF in Arabic$/);
    expect(within(actions).getByTestId('invoice-pdf-language')).toHaveAttribute('data-language', 'ar');
  });

  it('says nothing when the server does not tell', async () => {
    const { pdf_language: _omitted, ...older } = merchantInvoice('FC1', { number: 'FC-2026-000003', status: 'validated', status_label: 'Validée' });
    merchantServer(older);
    renderWithProviders(<InvoiceDrawer family="client" invoiceKey="FC1" role="client" onClose={() => undefined} notify={() => undefined} />, {
      session: merchantSession(),
    });
    const actions = await screen.findByTestId('invoice-actions');
    expect(within(actions).getByTestId('invoice-print')).toHaveTextContent('Imprimer');
    expect(screen.queryByTestId('invoice-pdf-language')).not.toBeInTheDocument();
    expect(actions).not.toHaveTextContent('PDF');
  });

  it('is in the label of the list’s print action', async () => {
    merchantServer();
    renderWithProviders(<InvoicesScreen route={routeOf('client', 'completed-invoices')} />, { session: merchantSession() });
    const row = await screen.findByTestId('table-row');
    expect(within(row).getByRole('button', { name: 'Imprimer (PDF en français) FC-2026-000003' })).toBeInTheDocument();
  });

  it('is said beside the print button of the delivery person’s new declaration', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const user = userEvent.setup();
    mockServer({
      'GET /api/delivery-admins/u_1/parcels/unpaid': [linesReply([line('K1')]), linesReply([])],
      'POST /api/delivery-admins/invoices': { status: 201, body: { data: deliveryInvoice('FLK1', { parcels_count: 1, total: 22900, pdf_language: 'fr' }) } },
    });
    renderWithProviders(<DeclareScreen route={routeOf('delivery-admin', 'create-invoice')} />, { session: deliverySession(), path: '/compte/creer-facture' });
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    await user.click(screen.getByTestId('declare-submit'));
    const notice = await screen.findByTestId('invoices-notice');
    expect(within(notice).getByTestId('declare-print')).toBeInTheDocument();
    expect(within(notice).getByTestId('declare-pdf-language')).toHaveTextContent(/^PDF en français$/);
    open.mockRestore();
  });
});
