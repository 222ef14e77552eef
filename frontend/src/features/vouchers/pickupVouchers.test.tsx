import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { Role, RouteDef } from '../../navigation/types';
import { merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { parcel, parcelPage } from '../../components/parcel/testData';
import { VOUCHER_LISTS } from '../../components/voucher/config';
import { voucher, voucherDetail } from '../../components/voucher/testData';
import VouchersScreen from './VouchersScreen';

function routeOf(role: Role, name: string): RouteDef {
  const route = ROLE_ROUTES[role].find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name} for ${role}`);
  return route;
}

const shop = (key: string, name: string) => ({
  key,
  name,
  phone: '0522000000',
  address: 'Maarif',
  city: 'CASA',
  city_name: 'Casablanca',
  bank_account: null,
  client: 'M1',
  created_at: '',
  updated_at: '',
});

describe('voucher routes', () => {
  it('gives every voucher route of every role its list, and the admin exit vouchers their own screen', () => {
    for (const role of Object.keys(ROLE_ROUTES) as Role[]) {
      const routes = ROLE_ROUTES[role].filter((route) => route.screen === 'vouchers' || route.screen === 'ship').map((route) => route.name);
      expect(routes.sort(), role).toEqual(Object.keys(VOUCHER_LISTS[role]).sort());
    }
    expect(routeOf('admin', 'delivery-exit-vouchers').screen).toBe('ship');
    expect(routeOf('delivery-admin', 'exit-vouchers').screen).toBe('vouchers');
    // The same path, a screen per role.
    expect(routeOf('admin', 'delivery-exit-vouchers').path).toBe(routeOf('delivery-admin', 'exit-vouchers').path);
    expect(routeOf('admin', 'parcels-to-be-returned').screen).toBe('to-be-returned');
    expect(routeOf('delivery-admin', 'parcels-to-be-returned').screen).toBe('to-be-returned');
    // The delivery person's sent parcels are his round; the others keep the parcel list.
    expect(routeOf('delivery-admin', 'sent-parcels').screen).toBe('delivery-round');
    expect(routeOf('admin', 'sent-parcels').screen).toBe('parcels');
    expect(routeOf('client', 'sent-parcels').screen).toBe('parcels');
  });
});

describe("a merchant's pickup vouchers", () => {
  it('lists the new ones first, then the received ones, and prints one in the pop-up', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const server = mockServer({
      'GET /api/pickup-vouchers': (call) =>
        listReply(
          call.query.status === 'received'
            ? [voucher('BR2RECEIVED', { status: 'received', status_label: 'Réceptionné', received_at: '2026-03-03T10:00:00Z' })]
            : [voucher('BR1NEWNEWN')],
          call.query,
        ),
    });
    renderWithProviders(<VouchersScreen route={routeOf('client', 'pickup-vouchers')} />, { session: merchantSession(), path: '/compte/bons-de-ramassage' });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(server.callsTo('GET', '/api/pickup-vouchers')[0].query).toEqual({ page: '1', per_page: '25', sort: '-created_at', status: 'new' });
    expect(row).toHaveTextContent('BR1NEWNEWN');
    expect(row).toHaveTextContent('Boutique Atlas');
    expect(row).toHaveTextContent('498,00 DH');
    expect(row).toHaveTextContent('Nouveau');

    await user.click(screen.getByTestId('tab-received'));
    expect(await screen.findByText('BR2RECEIVED')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/pickup-vouchers').at(-1)!.query).toMatchObject({ status: 'received' });

    await user.click(screen.getByRole('button', { name: 'Imprimer BR2RECEIVED' }));
    expect(open).toHaveBeenCalledWith('/api/pickup-vouchers/BR2RECEIVED/pdf', 'colivra-pickup-voucher', 'width=1000,height=600');
    open.mockRestore();
  });

  it('makes a voucher from the new parcels of one shop, shows a refusal under the list, then opens the voucher', async () => {
    const user = userEvent.setup();
    const created = voucher('BR9CREATED', { parcels_count: 2 });
    const server = mockServer({
      'GET /api/pickup-vouchers': (call) => listReply([], call.query),
      'GET /api/shops': listReply([shop('S1', 'Boutique Atlas'), shop('S2', 'Souk Tanger')]),
      'GET /api/parcels': (call) =>
        parcelPage(call.query.shop === 'S2' ? [parcel('K9', { shop: 'S2', shop_name: 'Souk Tanger' })] : [parcel('K1'), parcel('K2'), parcel('K3')]),
      'POST /api/pickup-vouchers': [
        { status: 422, body: { message: 'Données invalides.', errors: { parcels: ['Le colis K2 n’est plus nouveau.'] } } },
        { status: 201, body: { data: created } },
      ],
      'GET /api/pickup-vouchers/BR9CREATED': voucherDetail('BR9CREATED', [parcel('K1', { status: 'awaiting_pickup', status_label: 'En attente de ramassage' })]),
    });
    renderWithProviders(<VouchersScreen route={routeOf('client', 'pickup-vouchers')} />, { session: merchantSession(), path: '/compte/bons-de-ramassage' });
    expect(await screen.findByTestId('table-empty')).toBeInTheDocument();

    await user.click(screen.getByTestId('voucher-create'));
    const dialog = await screen.findByTestId('pick-parcels-dialog');
    await within(dialog).findAllByTestId('table-row');
    // One shop per voucher: the first shop's new parcels, then the one chosen.
    expect(server.callsTo('GET', '/api/parcels').at(-1)!.query).toMatchObject({ view: 'new', shop: 'S1' });
    await user.click(within(dialog).getByRole('combobox', { name: /Boutique/ }));
    await user.click(await screen.findByRole('option', { name: 'Souk Tanger' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels').at(-1)!.query).toMatchObject({ view: 'new', shop: 'S2' }));
    expect(await within(dialog).findByText('K9')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Boutique/ }));
    await user.click(await screen.findByRole('option', { name: 'Boutique Atlas' }));
    await within(dialog).findByText('K1');

    expect(within(dialog).getByTestId('pick-submit')).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sélectionner K1' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sélectionner K2' }));
    expect(within(dialog).getByTestId('picker-count')).toHaveTextContent('2 colis sélectionnés');
    await user.click(within(dialog).getByTestId('pick-submit'));
    const refused = await within(dialog).findByTestId('parcels-error');
    expect(refused).toHaveTextContent('Le colis K2 n’est plus nouveau.');
    // Under the list, maybe below the dialog's fold: it takes the focus and is said.
    await waitFor(() => expect(refused).toHaveFocus());
    expect(within(dialog).getByTestId('form-announcer')).toHaveTextContent('Le colis K2 n’est plus nouveau.');
    expect(server.callsTo('POST', '/api/pickup-vouchers')[0].body).toEqual({ parcels: ['K1', 'K2'] });

    await user.click(within(dialog).getByRole('checkbox', { name: 'Sélectionner K2' }));
    await user.click(within(dialog).getByTestId('pick-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/pickup-vouchers')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/pickup-vouchers')[1].body).toEqual({ parcels: ['K1'] });
    expect(await screen.findByTestId('vouchers-notice')).toHaveTextContent('Bon BR9CREATED créé avec 2 colis.');
    const detail = await screen.findByTestId('voucher-detail');
    expect(screen.getByTestId('voucher-drawer-key')).toHaveTextContent('BR9CREATED');
    expect(within(detail).getByTestId('voucher-parcels')).toHaveTextContent('En attente de ramassage');
  });

  it('opens a new voucher: adds parcels of its shop, removes one, deletes the voucher', async () => {
    const user = userEvent.setup();
    const parcels = [parcel('K1', { status: 'awaiting_pickup', status_label: 'En attente de ramassage' }), parcel('K2', { status: 'awaiting_pickup', status_label: 'En attente de ramassage' })];
    const server = mockServer({
      'GET /api/pickup-vouchers': (call) => listReply([voucher('BR1NEWNEWN')], call.query),
      'GET /api/pickup-vouchers/BR1NEWNEWN': voucherDetail('BR1NEWNEWN', parcels),
      'GET /api/parcels': parcelPage([parcel('K5')]),
      'PUT /api/pickup-vouchers/BR1NEWNEWN': voucherDetail('BR1NEWNEWN', [...parcels, parcel('K5')]),
      'PUT /api/pickup-vouchers/parcels/K2': { status: 200, body: { data: voucher('BR1NEWNEWN', { parcels_count: 1 }) } },
      'DELETE /api/pickup-vouchers/BR1NEWNEWN': [{ status: 409, body: { message: 'Ce bon a déjà été réceptionné.' } }, { status: 204 }],
    });
    renderWithProviders(<VouchersScreen route={routeOf('client', 'pickup-vouchers')} />, {
      session: merchantSession(),
      path: '/compte/bons-de-ramassage?bon=BR1NEWNEWN',
    });
    const detail = await screen.findByTestId('voucher-detail');
    expect(within(detail).getByTestId('voucher-count')).toHaveTextContent('2');
    expect(within(detail).getByTestId('voucher-total')).toHaveTextContent('498,00 DH');
    // The merchant sees his shop, not himself.
    expect(within(detail).getByTestId('voucher-summary')).toHaveTextContent('Boutique Atlas');
    expect(within(detail).getByTestId('voucher-summary')).not.toHaveTextContent('Atlas SARL');

    // Add: the new parcels of the voucher's shop.
    await user.click(within(detail).getByTestId('voucher-add-parcels'));
    const dialog = await screen.findByTestId('pick-parcels-dialog');
    await within(dialog).findByText('K5');
    expect(server.callsTo('GET', '/api/parcels').at(-1)!.query).toMatchObject({ view: 'new', shop: 'S1' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sélectionner K5' }));
    await user.click(within(dialog).getByTestId('pick-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/pickup-vouchers/BR1NEWNEWN')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/pickup-vouchers/BR1NEWNEWN')[0].body).toEqual({ parcels: ['K5'] });
    expect(await screen.findByTestId('vouchers-notice')).toHaveTextContent('Colis ajoutés au bon BR1NEWNEWN.');

    // Remove one: it goes back to the new parcels.
    const rows = within(screen.getByTestId('voucher-detail')).getAllByTestId('table-row');
    await user.click(within(rows[1]).getByRole('button', { name: 'Retirer du bon K2' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Retirer le colis K2 du bon ?');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/pickup-vouchers/parcels/K2')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('vouchers-notice')).toHaveTextContent('Colis K2 retiré du bon BR1NEWNEWN.'));
    // The voucher and the list are asked again.
    await waitFor(() => expect(server.callsTo('GET', '/api/pickup-vouchers/BR1NEWNEWN').length).toBeGreaterThanOrEqual(3));

    // Delete: a refusal stays in the dialog; then it works and the drawer closes.
    await user.click(within(screen.getByTestId('voucher-detail')).getByTestId('voucher-delete'));
    const deleting = await screen.findByTestId('confirm-dialog');
    expect(deleting).toHaveTextContent('Supprimer le bon BR1NEWNEWN ?');
    await user.click(within(deleting).getByTestId('confirm-submit'));
    expect(await within(deleting).findByTestId('confirm-error')).toHaveTextContent('Ce bon a déjà été réceptionné.');
    await user.click(within(deleting).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/pickup-vouchers/BR1NEWNEWN')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('vouchers-notice')).toHaveTextContent('Bon BR1NEWNEWN supprimé.'));
    await waitFor(() => expect(screen.queryByTestId('voucher-detail')).not.toBeInTheDocument());
  });

  it('shows a received voucher without the edit buttons, and the loading error of a voucher', async () => {
    mockServer({
      'GET /api/pickup-vouchers': (call) => listReply([], call.query),
      'GET /api/pickup-vouchers/BR2RECEIVED': voucherDetail('BR2RECEIVED', [parcel('K1', { status: 'picked_up', status_label: 'Ramassé' })], {
        status: 'received',
        status_label: 'Réceptionné',
        received_at: '2026-03-03T10:00:00Z',
        received_by: { key: 'A1', name: 'Karim Alaoui' },
      }),
      'GET /api/pickup-vouchers/BR404': { status: 404, body: { message: 'Introuvable.' } },
    });
    const { unmount } = renderWithProviders(<VouchersScreen route={routeOf('client', 'pickup-vouchers')} />, {
      session: merchantSession(),
      path: '/compte/bons-de-ramassage?bon=BR2RECEIVED',
    });
    const detail = await screen.findByTestId('voucher-detail');
    expect(within(detail).getByTestId('voucher-status')).toHaveTextContent('Réceptionné');
    expect(detail).toHaveTextContent('Karim Alaoui');
    expect(within(detail).getByTestId('voucher-print')).toBeInTheDocument();
    expect(within(detail).queryByTestId('voucher-add-parcels')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('voucher-delete')).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: /Retirer du bon/ })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<VouchersScreen route={routeOf('client', 'pickup-vouchers')} />, { session: merchantSession(), path: '/compte/bons-de-ramassage?bon=BR404' });
    expect(await screen.findByTestId('voucher-drawer-error')).toHaveTextContent('Bon introuvable.');
  });
});
