import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { Role, RouteDef } from '../../navigation/types';
import { adminSession, deliverySession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { parcel } from '../../components/parcel/testData';
import { DELIVERY_PERSON, voucher, voucherDetail } from '../../components/voucher/testData';
import VouchersScreen from './VouchersScreen';

function routeOf(role: Role, name: string): RouteDef {
  return ROLE_ROUTES[role].find((r) => r.name === name)!;
}

const awaiting = { status: 'awaiting_pickup' as const, status_label: 'En attente de ramassage', actions: [] };
const onVoucher = [parcel('CLV1AAAAAAA', awaiting), parcel('CLV2BBBBBBB', awaiting), parcel('CLV3CCCCCCC', awaiting)];

/** Types a code into the scan field and presses Enter, as a barcode scanner does. */
async function scan(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByTestId('scan-input'), `${code}{Enter}`);
}

describe("the admin's pickup vouchers", () => {
  it('lists the new vouchers of every merchant, filtered by status on the server', async () => {
    const server = mockServer({
      'GET /api/pickup-vouchers': (call) => listReply([voucher('BR1NEWNEWN')], call.query),
      'GET /api/clients': listReply([]),
    });
    renderWithProviders(<VouchersScreen route={routeOf('admin', 'new-pickup-vouchers')} />, { session: adminSession() });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(server.callsTo('GET', '/api/pickup-vouchers')[0].query).toEqual({ page: '1', per_page: '25', sort: '-created_at', status: 'new' });
    // The merchant's company and shop.
    expect(row).toHaveTextContent('Atlas SARL');
    expect(row).toHaveTextContent('Boutique Atlas');
    expect(screen.queryByTestId('tab-new')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Marchand' })).toBeInTheDocument();
  });

  it('ticks the parcels scanned (hit, miss, duplicate), or clicked, then receives the ticked ones', async () => {
    const user = userEvent.setup();
    const received = voucherDetail('BR1NEWNEWN', onVoucher.slice(0, 2), { status: 'received', status_label: 'Réceptionné' });
    let done = false;
    const server = mockServer({
      'GET /api/pickup-vouchers': (call) => listReply([voucher('BR1NEWNEWN')], call.query),
      'GET /api/clients': listReply([]),
      'GET /api/pickup-vouchers/BR1NEWNEWN': () => (done ? received : voucherDetail('BR1NEWNEWN', onVoucher)),
      'PUT /api/pickup-vouchers/pickup': (_call, index) => {
        if (index === 0) return { status: 409, body: { message: 'Ce bon a déjà été réceptionné.' } };
        done = true;
        return received;
      },
    });
    renderWithProviders(<VouchersScreen route={routeOf('admin', 'all-pickup-vouchers')} />, {
      session: adminSession(),
      path: '/compte/tous-les-bons-de-ramassage?bon=BR1NEWNEWN',
    });
    const panel = await screen.findByTestId('receive-panel');
    const input = await within(panel).findByTestId('scan-input');
    // The scan field has the focus: the scanner types straight into it.
    await waitFor(() => expect(input).toHaveFocus());
    expect(within(panel).getByTestId('receive-progress')).toHaveTextContent('0 / 3 colis cochés');
    expect(within(panel).getByTestId('receive-button')).toBeDisabled();

    await scan(user, 'clv1aaaaaaa');
    const feedback = await within(panel).findByTestId('scan-feedback');
    expect(feedback).toHaveAttribute('data-outcome', 'hit');
    expect(feedback).toHaveTextContent('CLV1AAAAAAA coché (1/3)');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(within(panel).getByRole('checkbox', { name: 'Sélectionner CLV1AAAAAAA' })).toBeChecked();

    await scan(user, 'CLV9ZZZZZZZ');
    expect(within(panel).getByTestId('scan-feedback')).toHaveAttribute('data-outcome', 'miss');
    expect(within(panel).getByTestId('scan-feedback')).toHaveTextContent('CLV9ZZZZZZZ n’est pas sur ce bon');
    expect(within(panel).getByTestId('scan-field')).toHaveAttribute('data-outcome', 'miss');

    await scan(user, 'CLV1AAAAAAA');
    expect(within(panel).getByTestId('scan-feedback')).toHaveAttribute('data-outcome', 'duplicate');
    expect(within(panel).getByTestId('scan-feedback')).toHaveTextContent('CLV1AAAAAAA déjà coché');
    expect(within(panel).getByTestId('receive-progress')).toHaveTextContent('1 / 3 colis cochés');

    // A click on a row ticks it too.
    await user.click(within(panel).getByText('CLV2BBBBBBB'));
    expect(within(panel).getByRole('checkbox', { name: 'Sélectionner CLV2BBBBBBB' })).toBeChecked();
    expect(within(panel).getByTestId('receive-progress')).toHaveTextContent('2 / 3 colis cochés');

    await user.click(within(panel).getByTestId('receive-button'));
    const confirm = await screen.findByTestId('receive-confirm');
    expect(within(confirm).getByTestId('receive-summary')).toHaveTextContent('2 colis cochés passent à « Ramassé ».');
    expect(within(confirm).getByTestId('receive-rest')).toHaveTextContent('1 colis non coché revient à « Nouveau colis » et quitte le bon.');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    expect(await within(confirm).findByTestId('confirm-error')).toHaveTextContent('Ce bon a déjà été réceptionné.');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/pickup-vouchers/pickup')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/pickup-vouchers/pickup')[1].body).toEqual({ voucher: 'BR1NEWNEWN', parcels: ['CLV1AAAAAAA', 'CLV2BBBBBBB'] });
    expect(await screen.findByTestId('vouchers-notice')).toHaveTextContent('Bon BR1NEWNEWN réceptionné.');
    // Received: no more receiving.
    await waitFor(() => expect(screen.getByTestId('voucher-detail')).toHaveAttribute('data-status', 'received'));
    expect(screen.queryByTestId('receive-panel')).not.toBeInTheDocument();
  });

  it('receives a return voucher after checking its parcels by scan, warning about those not scanned', async () => {
    const user = userEvent.setup();
    const returning = { status: 'returning' as const, status_label: 'En retour', actions: [] };
    const parcels = [parcel('CLV1AAAAAAA', returning), parcel('CLV2BBBBBBB', returning)];
    const back = { kind: 'return' as const, client: null, shop: null, delivery_admin: DELIVERY_PERSON };
    const server = mockServer({
      'GET /api/return-vouchers': (call) => listReply([voucher('BT1RETURNS', back)], call.query),
      'GET /api/delivery-admins': listReply([]),
      'GET /api/return-vouchers/BT1RETURNS': voucherDetail('BT1RETURNS', parcels, back),
      'PUT /api/return-vouchers/BT1RETURNS/receive': voucherDetail('BT1RETURNS', parcels, { ...back, status: 'received', status_label: 'Réceptionné' }),
    });
    renderWithProviders(<VouchersScreen route={routeOf('admin', 'delivery-return-vouchers')} />, { session: adminSession(), path: '/compte/bons-de-retour-livreur' });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(server.callsTo('GET', '/api/return-vouchers')[0].query).toMatchObject({ status: 'new' });
    expect(row).toHaveTextContent('Hamid Ouazzani');
    await user.click(within(row).getByText('BT1RETURNS'));

    const panel = await screen.findByTestId('receive-panel');
    expect(screen.getByTestId('voucher-summary')).toHaveTextContent('0661000001');
    // Every parcel comes back: receiving needs no tick.
    expect(within(panel).getByTestId('receive-button')).toBeEnabled();
    await waitFor(() => expect(within(panel).getByTestId('scan-input')).toHaveFocus());
    await scan(user, 'CLV2BBBBBBB');
    expect(await within(panel).findByTestId('scan-feedback')).toHaveAttribute('data-outcome', 'hit');
    await user.click(within(panel).getByTestId('receive-button'));
    const confirm = await screen.findByTestId('receive-confirm');
    expect(within(confirm).getByTestId('receive-summary')).toHaveTextContent('2 colis passent à « Retourné ».');
    expect(within(confirm).getByTestId('receive-rest')).toHaveTextContent('1 colis n’a pas été scanné : vérifiez qu’il est bien là.');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/return-vouchers/BT1RETURNS/receive')).toHaveLength(1));
    expect(await screen.findByTestId('vouchers-notice')).toHaveTextContent('Bon BT1RETURNS réceptionné.');
  });

  it("shows a delivery person his exit vouchers to open and print, without receiving", async () => {
    const user = userEvent.setup();
    const issued = { kind: 'exit' as const, status: 'issued' as const, status_label: 'Remis au livreur', client: null, shop: null, delivery_admin: DELIVERY_PERSON };
    const out = { status: 'out_for_delivery' as const, status_label: 'Mis en distribution', actions: [] };
    const server = mockServer({
      'GET /api/exit-vouchers': (call) => listReply([voucher('BS1EXITEXI', issued)], call.query),
      'GET /api/exit-vouchers/BS1EXITEXI': voucherDetail('BS1EXITEXI', [parcel('CLV1AAAAAAA', out)], issued),
    });
    renderWithProviders(<VouchersScreen route={routeOf('delivery-admin', 'exit-vouchers')} />, { session: deliverySession(), path: '/compte/bons-de-sortie' });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(server.callsTo('GET', '/api/exit-vouchers')[0].query).toEqual({ page: '1', per_page: '25', sort: '-created_at' });
    // His own vouchers: no delivery person column, no filter.
    expect(row).not.toHaveTextContent('Hamid Ouazzani');
    expect(screen.queryByRole('combobox', { name: 'Livreur' })).not.toBeInTheDocument();
    await user.click(within(row).getByText('BS1EXITEXI'));
    const detail = await screen.findByTestId('voucher-detail');
    expect(within(detail).getByTestId('voucher-status')).toHaveTextContent('Remis au livreur');
    expect(within(detail).getByTestId('voucher-parcels')).toHaveTextContent('Mis en distribution');
    expect(within(detail).getByTestId('voucher-print')).toBeInTheDocument();
    expect(screen.queryByTestId('receive-panel')).not.toBeInTheDocument();
  });
});
