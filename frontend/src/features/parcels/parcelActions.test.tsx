import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { Role, RouteDef } from '../../navigation/types';
import { adminSession, merchantSession, deliverySession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import ParcelsScreen from './ParcelsScreen';
import { parcel, parcelPage } from '../../components/parcel/testData';

function routeOf(role: Role, name: string): RouteDef {
  return ROLE_ROUTES[role].find((r) => r.name === name)!;
}

const cities = [{ key: 'RBA', name: 'Rabat', delivery_fee: 3000, return_fee: 1000, refusal_fee: 1500, active: true, created_at: '', updated_at: '' }];

describe('parcel row actions', () => {
  it('lets a merchant edit a new parcel and delete one', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': parcelPage([parcel('K1'), parcel('K2')]),
      'GET /api/shops': listReply([]),
      'GET /api/cities': listReply(cities),
      'PUT /api/parcels/K1': (call) => ({ status: 200, body: { data: { ...parcel('K1'), ...(call.body as object) } } }),
      'DELETE /api/parcels/K2': { status: 204 },
    });
    renderWithProviders(<ParcelsScreen route={routeOf('client', 'new-parcels')} />, { session: merchantSession() });
    await user.click(await screen.findByRole('button', { name: 'Modifier K1' }));
    const dialog = await screen.findByTestId('parcel-edit-dialog');
    const amount = within(dialog).getByLabelText(/^Montant/);
    expect(amount).toHaveValue('249,00');
    await user.clear(amount);
    await user.type(amount, '199,90');
    await user.type(within(dialog).getByLabelText(/^Référence/), 'CMD-7');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/K1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/K1')[0].body).toMatchObject({
      shop: 'S1',
      city: 'CASA',
      cod_amount: 19990,
      reference: 'CMD-7',
      recipient_phone_alt: null,
      quantity: 1,
      can_open: true,
    });
    expect(await screen.findByTestId('parcels-notice')).toHaveTextContent('Colis K1 enregistré.');
    await waitFor(() => expect(screen.queryByTestId('parcel-edit-dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Supprimer K2' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Supprimer le colis K2 ?');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/parcels/K2')).toHaveLength(1));
  });

  it("lets a merchant change the address of a parcel with a delivery person, who then acknowledges it", async () => {
    const user = userEvent.setup();
    const held = parcel('K5', {
      status: 'out_for_delivery',
      status_label: 'Mis en distribution',
      delivery_admin: 'D1',
      delivery_admin_name: 'Hamid Ouazzani',
      actions: ['change-address'],
    });
    const server = mockServer({
      'GET /api/parcels': parcelPage([held]),
      'GET /api/shops': listReply([]),
      'GET /api/cities': listReply(cities),
      'PUT /api/parcels/K5/change-address': { status: 200, body: { data: held } },
    });
    const { unmount } = renderWithProviders(<ParcelsScreen route={routeOf('client', 'sent-parcels')} />, { session: merchantSession() });
    await user.click(await screen.findByRole('button', { name: "Changer l'adresse K5" }));
    const dialog = await screen.findByTestId('parcel-address-dialog');
    expect(dialog).toHaveTextContent('Le livreur qui détient ce colis verra le changement');
    const address = within(dialog).getByLabelText(/^Adresse/);
    await user.clear(address);
    await user.type(address, '5 avenue Hassan II');
    await user.click(within(dialog).getByLabelText(/^Ville/));
    await user.click(await screen.findByRole('option', { name: 'Rabat' }));
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/K5/change-address')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/K5/change-address')[0].body).toEqual({
      recipient_phone: '0612345678',
      recipient_phone_alt: null,
      city: 'RBA',
      address: '5 avenue Hassan II',
    });
    unmount();

    const flagged = { ...held, address_change_pending: true, actions: ['state', 'acknowledge-address'] as typeof held.actions };
    const deliveryPerson = mockServer({
      'GET /api/parcels': parcelPage([flagged]),
      'PUT /api/parcels/K5/acknowledge-address': { status: 200, body: { data: { ...flagged, address_change_pending: false } } },
    });
    renderWithProviders(<ParcelsScreen route={routeOf('delivery-admin', 'all-parcels')} />, { session: deliverySession() });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(within(row).getByLabelText('Adresse modifiée')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: "J'ai vu la nouvelle adresse K5" }));
    await waitFor(() => expect(deliveryPerson.callsTo('PUT', '/api/parcels/K5/acknowledge-address')).toHaveLength(1));
    expect(await screen.findByTestId('parcels-notice')).toHaveTextContent('Nouvelle adresse du colis K5 confirmée.');
  });

  it('lets an admin give a parcel out for delivery to another delivery person', async () => {
    const user = userEvent.setup();
    const out = parcel('K7', {
      status: 'out_for_delivery',
      status_label: 'Mis en distribution',
      delivery_admin: 'D1',
      delivery_admin_name: 'Hamid Ouazzani',
      actions: ['state', 'reassign'],
    });
    const people = [
      { key: 'D1', full_name: 'Hamid Ouazzani', email: '', phone: '0661000001', national_id: null, vehicle: null, active: true, created_at: '', cities: [] },
      { key: 'D2', full_name: 'Rachid Amrani', email: '', phone: '0661000002', national_id: null, vehicle: null, active: true, created_at: '', cities: [] },
    ];
    const server = mockServer({
      'GET /api/parcels': parcelPage([out]),
      'GET /api/cities': listReply([]),
      'GET /api/clients': listReply([]),
      'GET /api/delivery-admins': listReply(people),
      'PUT /api/parcels/delivery-admins/D2': { status: 200, body: { data: [out] } },
    });
    renderWithProviders(<ParcelsScreen route={routeOf('admin', 'sent-parcels')} />, { session: adminSession() });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(row).toHaveTextContent('Hamid Ouazzani');
    await user.click(within(row).getByRole('button', { name: 'Réaffecter K7' }));
    const dialog = await screen.findByTestId('parcel-reassign-dialog');
    expect(dialog).toHaveTextContent('Actuellement chez Hamid Ouazzani.');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Choisissez le livreur.')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/^Livreur/));
    // The one who holds it now is not offered.
    expect(screen.queryByRole('option', { name: /Hamid/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /Rachid Amrani/ }));
    await user.type(within(dialog).getByLabelText(/^Commentaire/), 'Tournée de Rabat');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/delivery-admins/D2')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/delivery-admins/D2')[0].body).toEqual({ parcels: ['K7'], comment: 'Tournée de Rabat' });
    expect(await screen.findByTestId('parcels-notice')).toHaveTextContent('Colis K7 réaffecté.');
  });
});
