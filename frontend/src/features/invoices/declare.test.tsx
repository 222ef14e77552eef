import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { RouteDef } from '../../navigation/types';
import { deliverySession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import DeclareScreen from './DeclareScreen';
import InvoicesScreen from './InvoicesScreen';
import { deliveryInvoice, line, linesReply } from './testData';

const routeOf = (name: string): RouteDef => ROLE_ROUTES['delivery-admin'].find((r) => r.name === name)!;

/** His three parcels: two delivered (249 and 200 DH, 20 DH commission each), one refused (10 DH commission). */
const LINES = [
  line('K1'),
  line('K2', { cod_amount: 20000, amount: 18000, recipient_name: 'Youssef Alami' }),
  line('K3', { status: 'refused', status_label: 'Refusé', cod_amount: 0, commission: 1000, amount: -1000, recipient_name: 'Nadia Tazi' }),
];

const UNPAID = '/api/delivery-admins/u_1/parcels/unpaid';

function renderDeclare() {
  return renderWithProviders(<DeclareScreen route={routeOf('create-invoice')} />, { session: deliverySession(), path: '/compte/creer-facture' });
}

describe("the delivery person's declaration, on his phone", () => {
  it('shows the cash he must hand over, lets him untick a parcel, declares the rest and offers the PDF', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const server = mockServer({
      [`GET ${UNPAID}`]: [linesReply(LINES), linesReply([LINES[1]])],
      'POST /api/delivery-admins/invoices': {
        status: 201,
        body: { data: deliveryInvoice('FLK1', { parcels_count: 2, cod_total: 24900, commission_total: 3000, total: 21900 }) },
      },
    });
    renderDeclare();
    const summary = await screen.findByTestId('eligible-summary');
    // Cards on a phone, no table.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(summary).getByTestId('eligible-summary-count-value')).toHaveTextContent('3');
    expect(within(summary).getByTestId('eligible-summary-cod-value')).toHaveTextContent(/^449,00\sDH$/);
    expect(within(summary).getByTestId('eligible-summary-deductions-value')).toHaveTextContent(/^−50,00\sDH$/);
    expect(within(summary).getByTestId('eligible-summary-total')).toHaveTextContent(/À remettre399,00\sDH/);
    const cards = screen.getAllByTestId('table-row');
    expect(cards).toHaveLength(3);
    expect(cards[2]).toHaveTextContent('Nadia Tazi');
    expect(cards[2]).toHaveTextContent('Casablanca');
    expect(within(cards[2]).getByTestId('line-amount')).toHaveTextContent(/^−10,00\sDH$/);

    // K2 waits for the next declaration.
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K2' }));
    expect(within(summary).getByTestId('eligible-summary-total-value')).toHaveTextContent(/^219,00\sDH$/);
    expect(screen.getByTestId('declare-left')).toHaveTextContent('1 colis non coché attendra la prochaine facture.');

    await user.click(screen.getByTestId('declare-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/delivery-admins/invoices')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/delivery-admins/invoices')[0].body).toEqual({ delivery_admin: 'u_1', parcels: ['K1', 'K3'] });
    const notice = await screen.findByTestId('invoices-notice');
    expect(notice).toHaveTextContent(/Déclaration envoyée : 2 colis, 219,00\sDH à remettre\./);
    await user.click(within(notice).getByTestId('declare-print'));
    expect(open).toHaveBeenCalledWith('/api/delivery-admins/invoices/FLK1/pdf', 'colivra-delivery-invoice', 'width=1000,height=600');
    // His lines are asked again: K2 is left, ticked.
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    expect(screen.getByTestId('eligible-summary-total-value')).toHaveTextContent(/^180,00\sDH$/);
    expect(server.callsTo('GET', UNPAID)).toHaveLength(2);
    open.mockRestore();
  });

  it('says when there is nothing to declare, and shows a refusal of the server where he sees and hears it', async () => {
    setViewportWidth(360);
    const user = userEvent.setup();
    mockServer({ [`GET ${UNPAID}`]: linesReply([]) });
    const empty = renderDeclare();
    expect(await screen.findByTestId('declare-empty')).toHaveTextContent('Rien à déclarer : aucun colis encaissé n’attend de facture.');
    expect(screen.queryByTestId('declare-submit')).not.toBeInTheDocument();
    empty.unmount();

    const server = mockServer({
      [`GET ${UNPAID}`]: [linesReply(LINES), linesReply(LINES.slice(1))],
      'POST /api/delivery-admins/invoices': [
        { status: 409, body: { message: 'Le colis K1 est déjà sur la facture FLZZ.' } },
        { status: 201, body: { data: deliveryInvoice('FLK2', { parcels_count: 2, cod_total: 20000, commission_total: 3000, total: 17000 }) } },
      ],
    });
    renderDeclare();
    await user.click(await screen.findByTestId('declare-submit'));
    const refused = await screen.findByTestId('declare-error');
    expect(refused).toHaveTextContent('Le colis K1 est déjà sur la facture FLZZ.');
    // Said and in view: the alert takes the focus (the button he pressed may be far below on a phone).
    await waitFor(() => expect(refused).toHaveFocus());
    expect(within(screen.getByTestId('declare')).getByTestId('form-announcer')).toHaveTextContent('Le colis K1 est déjà sur la facture FLZZ.');
    // His list was stale: it is read again, without K1, and the declaration goes through.
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
    expect(server.callsTo('GET', UNPAID)).toHaveLength(2);
    await user.click(screen.getByTestId('declare-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/delivery-admins/invoices')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/delivery-admins/invoices')[1].body).toEqual({ delivery_admin: 'u_1', parcels: ['K2', 'K3'] });
    expect(await screen.findByTestId('invoices-notice')).toHaveTextContent('Déclaration envoyée : 2 colis');
  });

  it('offers a retry when his parcels do not load', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    const server = mockServer({ [`GET ${UNPAID}`]: [{ status: 500, body: { message: 'Erreur interne.' } }, linesReply(LINES)] });
    renderDeclare();
    const error = await screen.findByTestId('table-error');
    expect(error).toHaveTextContent('Erreur interne.');
    await user.click(within(error).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('eligible-summary')).toBeInTheDocument();
    expect(server.callsTo('GET', UNPAID)).toHaveLength(2);
  });
});

describe("the delivery person's invoices", () => {
  it('lists his invoices with what was counted, opens one with its parcels, prints it, and deletes a draft not counted', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const validated = deliveryInvoice('FLV1', {
      number: 'FL-2026-000007',
      status: 'validated',
      status_label: 'Validée',
      counted_amount: 40400,
      difference: -500,
      validated_at: '2026-03-06T10:00:00Z',
    });
    const server = mockServer({
      'GET /api/delivery-admins/invoices': (call) => listReply([deliveryInvoice('FLD1'), validated], call.query),
      'GET /api/delivery-admins/invoices/FLV1': { status: 200, body: { data: validated } },
      'GET /api/delivery-admins/parcels/invoices/FLV1': linesReply([line('K1'), line('K2', { cod_amount: 20000, amount: 18000 })]),
      'GET /api/delivery-admins/invoices/FLD1': { status: 200, body: { data: deliveryInvoice('FLD1') } },
      'GET /api/delivery-admins/parcels/invoices/FLD1': linesReply([line('K8')]),
      'DELETE /api/delivery-admins/invoices/FLD1': { status: 204 },
    });
    renderWithProviders(<InvoicesScreen route={routeOf('invoices')} />, { session: deliverySession(), path: '/compte/factures' });
    const rows = await screen.findAllByTestId('table-row');
    expect(server.callsTo('GET', '/api/delivery-admins/invoices')[0].query).toEqual({ page: '1', per_page: '25' });
    expect(rows[0]).toHaveTextContent('Brouillon');
    expect(rows[0]).toHaveTextContent('FLD1');
    expect(rows[1]).toHaveTextContent('FL-2026-000007');
    expect(rows[1]).toHaveTextContent(/404,00\sDH/);
    expect(within(rows[1]).getByTestId('invoice-difference')).toHaveTextContent(/^Manque 5,00\sDH$/);

    await user.click(within(rows[1]).getByText('FL-2026-000007'));
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByTestId('invoice-number')).toHaveTextContent('FL-2026-000007');
    expect(within(detail).getByTestId('invoice-status')).toHaveTextContent('Validée');
    await waitFor(() => expect(within(detail).getAllByTestId('table-row')).toHaveLength(2));
    // His own invoice: no validation, no counting, no removal.
    expect(within(detail).queryByTestId('invoice-validate')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('count-cash')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('invoice-delete')).not.toBeInTheDocument();
    await user.click(within(detail).getByTestId('invoice-print'));
    expect(open).toHaveBeenCalledWith('/api/delivery-admins/invoices/FLV1/pdf', 'colivra-delivery-invoice', 'width=1000,height=600');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByTestId('invoice-detail')).not.toBeInTheDocument());

    // His draft, not yet counted: he may still take it back.
    await user.click(within(rows[0]).getByText('FLD1'));
    const draft = await screen.findByTestId('invoice-detail');
    await user.click(within(draft).getByTestId('invoice-delete'));
    await user.click(within(await screen.findByTestId('invoice-delete-confirm')).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/delivery-admins/invoices/FLD1')).toHaveLength(1));
    expect(await screen.findByTestId('invoices-notice')).toHaveTextContent('Brouillon supprimé : ses 2 colis sont de nouveau à facturer.');
    open.mockRestore();
  });
});
