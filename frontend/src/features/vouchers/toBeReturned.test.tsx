import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { Role, RouteDef } from '../../navigation/types';
import { adminSession, deliverySession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { parcel, parcelPage } from '../../components/parcel/testData';
import { DELIVERY_PERSON, voucherDetail } from '../../components/voucher/testData';
import ToBeReturnedScreen from './ToBeReturnedScreen';

function routeOf(role: Role): RouteDef {
  return ROLE_ROUTES[role].find((r) => r.name === 'parcels-to-be-returned')!;
}

const refused = (key: string, overrides = {}) =>
  parcel(key, { status: 'refused', status_label: 'Refusé', actions: [], delivery_admin: 'D1', delivery_admin_name: 'Hamid Ouazzani', ...overrides });

const created = (parcels: ReturnType<typeof refused>[]) =>
  voucherDetail('BT5CREATED', parcels, { kind: 'return', client: null, shop: null, delivery_admin: DELIVERY_PERSON });

describe('parcels to be returned', () => {
  it('lets a delivery person make a return voucher of the parcels he ticks, and prints it', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const server = mockServer({
      'GET /api/parcels': parcelPage([refused('K1'), refused('K2', { status: 'cancelled', status_label: 'Annulé' })]),
      'POST /api/return-vouchers': [
        { status: 409, body: { message: 'Le colis K2 est déjà sur un bon de retour.' } },
        { status: 201, body: created([refused('K1')]).body },
      ],
    });
    renderWithProviders(<ToBeReturnedScreen route={routeOf('delivery-admin')} />, { session: deliverySession(), path: '/compte/colis-a-retourner' });
    const rows = await screen.findAllByTestId('table-row');
    expect(server.callsTo('GET', '/api/parcels')[0].query).toEqual({ view: 'to-be-returned', page: '1', per_page: '25', sort: '-created_at' });
    expect(rows[0]).toHaveTextContent('Refusé');
    expect(rows[1]).toHaveTextContent('Annulé');
    // His own parcels: no delivery person column or filter.
    expect(rows[0]).not.toHaveTextContent('Hamid Ouazzani');

    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K2' }));
    await user.click(screen.getByTestId('return-create'));
    const confirm = await screen.findByTestId('return-confirm');
    expect(confirm).toHaveTextContent('Créer un bon de retour pour 2 colis ?');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    expect(await within(confirm).findByTestId('confirm-error')).toHaveTextContent('Le colis K2 est déjà sur un bon de retour.');
    expect(server.callsTo('POST', '/api/return-vouchers')[0].body).toEqual({ parcels: ['K1', 'K2'] });
    await user.click(within(confirm).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByTestId('return-confirm')).not.toBeInTheDocument());

    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K2' }));
    await user.click(screen.getByTestId('return-create'));
    await user.click(within(await screen.findByTestId('return-confirm')).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/return-vouchers')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/return-vouchers')[1].body).toEqual({ parcels: ['K1'] });
    expect(open).toHaveBeenCalledWith('/api/return-vouchers/BT5CREATED/pdf', 'colivra-return-voucher', 'width=1000,height=600');
    expect(await screen.findByTestId('vouchers-notice')).toHaveTextContent('Bon de retour BT5CREATED créé avec 1 colis.');
    // The list is asked again; the selection is gone.
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('table-selection-bar')).not.toBeInTheDocument();
    open.mockRestore();
  });

  it("lets an admin work for one delivery person: filtered by him, or the one holding the ticked parcels", async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const people = [{ key: 'D1', full_name: 'Hamid Ouazzani', email: '', phone: '0661000001', national_id: null, vehicle: null, active: true, created_at: '', cities: [] }];
    const server = mockServer({
      'GET /api/parcels': (call) =>
        parcelPage(
          call.query.delivery_admin === 'D1'
            ? [refused('K1')]
            : [refused('K1'), refused('K7', { delivery_admin: 'D2', delivery_admin_name: 'Rachid Amrani' })],
        ),
      'GET /api/delivery-admins': listReply(people),
      'POST /api/return-vouchers': { status: 201, body: created([refused('K1')]).body },
    });
    renderWithProviders(<ToBeReturnedScreen route={routeOf('admin')} />, { session: adminSession(), path: '/compte/colis-a-retourner' });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows[0]).toHaveTextContent('Hamid Ouazzani');
    expect(rows[1]).toHaveTextContent('Rachid Amrani');

    // Parcels of two delivery people: one voucher each.
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K7' }));
    expect(screen.getByTestId('return-mixed')).toHaveTextContent('un bon de retour par livreur');
    expect(screen.getByTestId('return-create')).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K7' }));
    expect(screen.getByTestId('return-create')).toBeEnabled();

    // Filtered by the delivery person: the voucher is his.
    await user.click(screen.getByLabelText(/^Livreur/));
    await user.click(await screen.findByRole('option', { name: /Hamid Ouazzani/ }));
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels').at(-1)!.query).toMatchObject({ view: 'to-be-returned', delivery_admin: 'D1' }));
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K1' }));
    await user.click(screen.getByTestId('return-create'));
    const confirm = await screen.findByTestId('return-confirm');
    expect(confirm).toHaveTextContent('Les colis de Hamid Ouazzani passent « En retour »');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/return-vouchers')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/return-vouchers')[0].body).toEqual({ parcels: ['K1'], delivery_admin: 'D1' });
    expect(open).toHaveBeenCalledWith('/api/return-vouchers/BT5CREATED/pdf', 'colivra-return-voucher', 'width=1000,height=600');
    open.mockRestore();
  });
});
