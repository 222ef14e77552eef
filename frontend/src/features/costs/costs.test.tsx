import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { merchantView } from '../../components/merchant/testData';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { CostView } from './api';
import CostsScreen from './CostsScreen';

const cost: CostView = {
  key: 'P1',
  client: 'M1',
  client_name: 'Youssef El Amrani',
  city: 'C1',
  city_name: 'Casablanca',
  delivery_fee: 1800,
  return_fee: 500,
  refusal_fee: 900,
  updated_at: '2026-03-01T10:00:00Z',
};

const merchants = (call: { query: Record<string, string> }) =>
  listReply(
    [
      merchantView('M1', { first_name: 'Youssef', last_name: 'El Amrani', email: 'client@colivra.ma', phone: '0600000000', company: 'Boutique Atlas', city: 'Casablanca', active: true }),
      merchantView('M2', { email: 'salma@souk.ma', phone: '0600000001', company: null, active: true }),
    ],
    call.query,
  );

const cities = (call: { query: Record<string, string> }) =>
  listReply([{ key: 'C9', name: 'Agadir', delivery_fee: 3500, return_fee: 500, refusal_fee: 1000, active: true, created_at: '', updated_at: '' }], call.query);

describe('merchant prices (costs) screen', () => {
  it('filters by merchant (?client=KEY) and creates an override for him, in centimes', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/costs': (call) => listReply(call.query.client === 'M2' ? [] : [cost], call.query),
      'GET /api/clients': merchants,
      'GET /api/cities': cities,
      'POST /api/costs': (call) => ({ status: 201, body: { data: { ...cost, key: 'P2', ...(call.body as object) } } }),
    });
    renderWithProviders(<CostsScreen />, { session: adminSession() });
    expect(await screen.findByTestId('table-row')).toHaveTextContent('Youssef El AmraniCasablanca18,00 DH5,00 DH9,00 DH');

    const filter = within(screen.getByTestId('costs-client-filter')).getByRole('combobox', { name: 'Filtrer par marchand' });
    await user.type(filter, 'salma');
    await waitFor(() => expect(server.callsTo('GET', '/api/clients').at(-1)!.query).toMatchObject({ q: 'salma', status: 'all' }));
    await user.click(await screen.findByRole('option', { name: /Salma Berrada/ }));
    await waitFor(() => expect(server.callsTo('GET', '/api/costs').at(-1)!.query).toMatchObject({ client: 'M2', page: '1' }));
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Salma Berrada paie les tarifs de chaque ville');

    // The create form starts with the filtered merchant.
    await user.click(screen.getByTestId('create-button'));
    const dialog = await screen.findByTestId('form-dialog');
    expect(within(dialog).getByRole('combobox', { name: /^Marchand/ })).toHaveValue('Salma Berrada');
    await user.click(within(dialog).getByRole('combobox', { name: /^Ville/ }));
    await user.click(await screen.findByRole('option', { name: 'Agadir' }));
    await user.type(within(dialog).getByLabelText(/^Frais de livraison/), '28');
    await user.type(within(dialog).getByLabelText(/^Frais de retour/), '7,5');
    await user.type(within(dialog).getByLabelText(/^Frais de refus/), '10');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/costs')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/costs')[0].body).toEqual({
      client: 'M2',
      city: 'C9',
      delivery_fee: 2800,
      return_fee: 750,
      refusal_fee: 1000,
    });
  });

  it('edits only the fees (merchant and city fixed) and deletes an override', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/costs': (call) => listReply([cost], call.query),
      'GET /api/clients': merchants,
      'GET /api/cities': cities,
      'PUT /api/costs/P1': (call) => ({ status: 200, body: { data: { ...cost, ...(call.body as object) } } }),
      'DELETE /api/costs/P1': { status: 204 },
    });
    renderWithProviders(<CostsScreen />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Modifier Youssef El Amrani – Casablanca' }));
    const dialog = await screen.findByTestId('form-dialog');
    expect(within(dialog).getByRole('combobox', { name: /^Marchand/ })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: /^Ville/ })).toBeDisabled();
    const fee = within(dialog).getByLabelText(/^Frais de livraison/);
    await user.clear(fee);
    await user.type(fee, '17');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/costs/P1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/costs/P1')[0].body).toEqual({ delivery_fee: 1700, return_fee: 500, refusal_fee: 900 });
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Supprimer Youssef El Amrani – Casablanca' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Ce marchand paiera de nouveau les tarifs de la ville.');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/costs/P1')).toHaveLength(1));
  });
});
