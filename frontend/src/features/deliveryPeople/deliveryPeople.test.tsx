import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { daysBefore, today } from '../../components/dates';
import { adminSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import type { DeliveryPersonView } from '../../components/deliveryPerson/api';
import DeliveryPeopleScreen from './DeliveryPeopleScreen';

function deliveryPerson(overrides: Partial<DeliveryPersonView> = {}): DeliveryPersonView {
  return {
    key: 'D1',
    full_name: 'Hamid Ouazzani',
    email: 'hamid@colivra.ma',
    phone: '0661234567',
    national_id: 'AB123456',
    vehicle: 'Moto',
    active: true,
    created_at: '2026-01-05T08:00:00Z',
    cities: [{ key: 'DC1', city: 'C1', city_name: 'Casablanca', delivered_commission: 1200, refused_commission: 500 }],
    ...overrides,
  };
}

const cities = {
  status: 200,
  body: {
    data: [
      { key: 'C1', name: 'Casablanca', delivery_fee: 2000, return_fee: 500, refusal_fee: 1000, active: true, created_at: '', updated_at: '' },
      { key: 'C2', name: 'Fès', delivery_fee: 3000, return_fee: 500, refusal_fee: 1000, active: true, created_at: '', updated_at: '' },
    ],
    meta: { page: 1, per_page: 25, total: 2 },
  },
};

describe('delivery people screen', () => {
  it('filters by status and keeps the password when the edit leaves it blank', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/delivery-admins': (call) => listReply([deliveryPerson()], call.query),
      'PUT /api/delivery-admins/D1': (call) => ({ status: 200, body: { data: { ...deliveryPerson(), ...(call.body as object) } } }),
    });
    renderWithProviders(<DeliveryPeopleScreen />, { session: adminSession() });
    const row = await screen.findByTestId('table-row');
    expect(row).toHaveTextContent('Casablanca');
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByRole('option', { name: 'Actifs' }));
    await waitFor(() => expect(server.calls.at(-1)!.query).toMatchObject({ active: 'true', sort: 'full_name' }));

    await user.click(screen.getByRole('button', { name: 'Modifier Hamid Ouazzani' }));
    const dialog = await screen.findByTestId('form-dialog');
    const vehicle = within(dialog).getByLabelText(/^Véhicule/);
    await user.clear(vehicle);
    await user.type(vehicle, 'Camionnette');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/delivery-admins/D1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/delivery-admins/D1')[0].body).toEqual({
      full_name: 'Hamid Ouazzani',
      email: 'hamid@colivra.ma',
      phone: '0661234567',
      national_id: 'AB123456',
      vehicle: 'Camionnette',
      active: true,
    });
  });

  it('requires a password on create (server 422 under the field)', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/delivery-admins': (call) => listReply([], call.query),
      'POST /api/delivery-admins': { status: 422, body: { message: 'Données invalides.', errors: { password: ['Le mot de passe est obligatoire.'], national_id: ['Le numéro de CIN est obligatoire.'] } } },
    });
    renderWithProviders(<DeliveryPeopleScreen />, { session: adminSession() });
    await user.click(await screen.findByTestId('create-button'));
    const dialog = await screen.findByTestId('form-dialog');
    await user.type(within(dialog).getByLabelText(/^Nom complet/), 'Youssef Idrissi');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(within(dialog).getByTestId('field-password')).findByText('Le mot de passe est obligatoire.')).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('field-national_id')).getByText('Le numéro de CIN est obligatoire.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/delivery-admins')[0].body).toMatchObject({ full_name: 'Youssef Idrissi', password: '' });
  });

  it('adds, edits and removes the cities he serves with their commissions in centimes', async () => {
    const user = userEvent.setup();
    const fes = { key: 'DC2', city: 'C2', city_name: 'Fès', delivered_commission: 1550, refused_commission: 0 };
    const server = mockServer({
      'GET /api/delivery-admins': (call) => listReply([deliveryPerson()], call.query),
      'GET /api/cities': cities,
      'POST /api/delivery-admins/cities': { status: 201, body: { data: deliveryPerson({ cities: [...deliveryPerson().cities, fes] }) } },
      'PUT /api/delivery-admins/D1/cities/C1': {
        status: 200,
        body: { data: deliveryPerson({ cities: [{ ...deliveryPerson().cities[0], delivered_commission: 1300 }, fes] }) },
      },
      'DELETE /api/delivery-admins/D1/cities/C2': { status: 204 },
    });
    renderWithProviders(<DeliveryPeopleScreen />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Villes et commissions Hamid Ouazzani' }));
    const dialog = await screen.findByTestId('delivery-cities-dialog');
    expect(within(dialog).getAllByTestId('delivery-city-row')[0]).toHaveTextContent('Casablanca12,00 DH5,00 DH');

    await user.click(within(dialog).getByTestId('delivery-city-add'));
    const form = await screen.findByTestId('delivery-city-form');
    await user.click(within(form).getByRole('combobox', { name: /^Ville/ }));
    await user.click(await screen.findByRole('option', { name: 'Fès' }));
    await user.type(within(form).getByLabelText(/^Commission par colis livré/), '15,5');
    await user.click(within(form).getByTestId('form-submit'));
    await waitFor(() => expect(within(dialog).getAllByTestId('delivery-city-row')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/delivery-admins/cities')[0].body).toEqual({
      delivery_admin: 'D1',
      city: 'C2',
      delivered_commission: 1550,
      refused_commission: 0,
    });
    await waitFor(() => expect(screen.queryByTestId('delivery-city-form')).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Modifier Casablanca' }));
    const edit = await screen.findByTestId('delivery-city-form');
    expect(within(edit).getByRole('combobox', { name: /^Ville/ })).toBeDisabled();
    const delivered = within(edit).getByLabelText(/^Commission par colis livré/);
    expect(delivered).toHaveValue('12,00');
    await user.clear(delivered);
    await user.type(delivered, '13');
    await user.click(within(edit).getByTestId('form-submit'));
    await waitFor(() => expect(within(dialog).getAllByTestId('delivery-city-row')[0]).toHaveTextContent('13,00 DH'));
    expect(server.callsTo('PUT', '/api/delivery-admins/D1/cities/C1')[0].body).toEqual({
      delivered_commission: 1300,
      refused_commission: 500,
    });
    await waitFor(() => expect(screen.queryByTestId('delivery-city-form')).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Retirer Fès' }));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-submit'));
    await waitFor(() => expect(within(dialog).getAllByTestId('delivery-city-row')).toHaveLength(1));
    expect(server.callsTo('DELETE', '/api/delivery-admins/D1/cities/C2')).toHaveLength(1);
  });

  describe('« Appels avant échec »', () => {
    const rows = [
      { key: 'D2', name: 'Youssef Idrissi', failed_attempts: 8, without_call: 6, without_call_percent: 75, calls: 3 },
      { key: 'D1', name: 'Hamid Ouazzani', failed_attempts: 12, without_call: 1, without_call_percent: 8, calls: 40 },
    ];
    const checks = (from: string, to: string, list = rows) => ({ status: 200, body: { data: { from, to, rows: list } } });

    it('lists per delivery person his failed attempts, those without a call and their share, and his calls, for the last 30 days then a chosen period', async () => {
      const user = userEvent.setup();
      const server = mockServer({
        'GET /api/delivery-admins': (call) => listReply([deliveryPerson()], call.query),
        'GET /api/delivery-admins/calls': (call) => (call.query.from === '2026-01-01' ? checks('2026-01-01', call.query.to, []) : checks(call.query.from, call.query.to)),
      });
      renderWithProviders(<DeliveryPeopleScreen />, { session: adminSession(), path: '/compte/livreurs' });
      await user.click(await screen.findByRole('tab', { name: 'Appels avant échec' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/compte/livreurs');
      const table = await screen.findByTestId('call-checks-table');
      const found = await within(table).findAllByTestId('table-row');
      expect(server.callsTo('GET', '/api/delivery-admins/calls')[0].query).toEqual({ from: daysBefore(29), to: today() });
      // The server's order: most without a call first.
      expect(found).toHaveLength(2);
      expect(found[0]).toHaveTextContent('Youssef Idrissi');
      expect(within(found[0]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Youssef Idrissi', '8', '6', '75\u00a0%', '3']);
      expect(within(table).getByRole('columnheader', { name: 'Part sans appel' })).toBeInTheDocument();

      // Another period: asked again; none in it.
      const from = screen.getByLabelText('Du');
      await user.clear(from);
      await user.type(from, '2026-01-01');
      expect(await within(table).findByTestId('table-empty')).toHaveTextContent('Aucune tentative échouée ni aucun appel sur cette période.');
      expect(server.callsTo('GET', '/api/delivery-admins/calls').at(-1)!.query).toEqual({ from: '2026-01-01', to: today() });
    });

    it('reads as cards on a 390 px phone, and says when the figures could not be loaded, with « Réessayer »', async () => {
      setViewportWidth(390);
      const user = userEvent.setup();
      const server = mockServer({
        'GET /api/delivery-admins/calls': [{ status: 500, body: { message: 'Erreur interne (réf. 7).' } }, checks(daysBefore(29), today())],
      });
      renderWithProviders(<DeliveryPeopleScreen />, { session: adminSession(), path: '/compte/livreurs?onglet=calls' });
      const table = await screen.findByTestId('call-checks-table');
      expect(await within(table).findByTestId('table-error')).toHaveTextContent('Erreur interne (réf. 7).');
      // The people's list is not asked for on this tab.
      expect(server.callsTo('GET', '/api/delivery-admins')).toHaveLength(0);
      await user.click(within(table).getByRole('button', { name: 'Réessayer' }));
      const cards = await within(table).findAllByTestId('table-row');
      expect(within(table).queryByRole('table')).not.toBeInTheDocument();
      expect(cards[0]).toHaveTextContent('Youssef Idrissi');
      expect(cards[0]).toHaveTextContent(/Part sans appel75\s%/);
    });
  });
});
