import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { City } from '../../components/city/api';
import CitiesScreen from './CitiesScreen';

export function city(key: string, name: string, overrides: Partial<City> = {}): City {
  return {
    key,
    name,
    delivery_fee: 2000,
    return_fee: 1000,
    refusal_fee: 1500,
    active: true,
    created_at: '2026-01-10T09:00:00Z',
    updated_at: '2026-01-10T09:00:00Z',
    ...overrides,
  };
}

describe('cities screen', () => {
  it('lists the cities with their fees in dirhams, creates one in centimes, deactivates one', async () => {
    const user = userEvent.setup();
    let cities = [city('C1', 'Casablanca'), city('C2', 'Rabat', { delivery_fee: 2500 })];
    const server = mockServer({
      'GET /api/cities': (call) => listReply(cities, call.query),
      'POST /api/cities': (call) => {
        const created = city('C3', 'Tétouan', call.body as Partial<City>);
        cities = [...cities, created];
        return { status: 201, body: { data: created } };
      },
      'PUT /api/cities/C2': (call) => {
        cities = cities.map((c) => (c.key === 'C2' ? { ...c, ...(call.body as Partial<City>) } : c));
        return { status: 200, body: { data: cities[1] } };
      },
    });
    renderWithProviders(<CitiesScreen />, { session: adminSession() });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Rabat25,00 DH10,00 DH15,00 DH');
    expect(server.callsTo('GET', '/api/cities')[0].query).toMatchObject({ sort: 'name' });

    await user.click(screen.getByTestId('create-button'));
    const dialog = await screen.findByTestId('form-dialog');
    await user.type(within(dialog).getByLabelText(/^Ville\s*\*/), 'Tétouan');
    await user.type(within(dialog).getByLabelText(/^Frais de livraison/), '35');
    await user.type(within(dialog).getByLabelText(/^Frais de retour/), '12,5');
    await user.type(within(dialog).getByLabelText(/^Frais de refus/), '0');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(3));
    expect(server.callsTo('POST', '/api/cities')[0].body).toEqual({
      name: 'Tétouan',
      delivery_fee: 3500,
      return_fee: 1250,
      refusal_fee: 0,
      active: true,
    });
    expect(await screen.findByTestId('resource-notice')).toHaveTextContent('Enregistrement créé.');
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Désactiver Rabat' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/cities/C2')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/cities/C2')[0].body).toEqual({ active: false });
    expect(await screen.findByRole('button', { name: 'Activer Rabat' })).toBeInTheDocument();
  });

  it('edits the fees of a city', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/cities': listReply([city('C1', 'Casablanca')]),
      'PUT /api/cities/C1': (call) => ({ status: 200, body: { data: { ...city('C1', 'Casablanca'), ...(call.body as object) } } }),
    });
    renderWithProviders(<CitiesScreen />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Modifier Casablanca' }));
    const dialog = await screen.findByTestId('form-dialog');
    expect(dialog).toHaveTextContent('Modifier « Casablanca »');
    const fee = within(dialog).getByLabelText(/^Frais de livraison/);
    expect(fee).toHaveValue('20,00');
    await user.clear(fee);
    await user.type(fee, '22,50');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/cities/C1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/cities/C1')[0].body).toEqual({
      name: 'Casablanca',
      delivery_fee: 2250,
      return_fee: 1000,
      refusal_fee: 1500,
      active: true,
    });
  });

  it('shows the server refusal (409) when deleting a city in use', async () => {
    const user = userEvent.setup();
    const message = 'Cette ville est utilisée par 2 boutique(s) : désactivez-la plutôt.';
    mockServer({
      'GET /api/cities': listReply([city('C1', 'Casablanca')]),
      'DELETE /api/cities/C1': { status: 409, body: { message } },
    });
    renderWithProviders(<CitiesScreen />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Supprimer Casablanca' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Supprimer la ville « Casablanca » ?');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    expect(await within(confirm).findByTestId('confirm-error')).toHaveTextContent(message);
  });
});
