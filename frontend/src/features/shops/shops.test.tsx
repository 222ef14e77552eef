import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { Shop } from '../../components/shop/api';
import { formatRib } from '../../components/shop/rib';
import ShopsScreen from './ShopsScreen';

const RIB = '011780000012345678901280';

const shop: Shop = {
  key: 'S1',
  name: 'Souk Rabat',
  phone: '0537000000',
  address: 'Agdal',
  city: 'C1',
  city_name: 'Rabat',
  bank_account: RIB,
  client: 'M1',
  created_at: '2026-02-02T10:00:00Z',
  updated_at: '2026-02-02T10:00:00Z',
};

const cityList = (call: { query: Record<string, string> }) =>
  listReply(
    [
      { key: 'C1', name: 'Rabat', delivery_fee: 2000, return_fee: 500, refusal_fee: 1000, active: true, created_at: '', updated_at: '' },
      { key: 'C7', name: 'Tanger', delivery_fee: 3000, return_fee: 500, refusal_fee: 1000, active: true, created_at: '', updated_at: '' },
    ].filter((city) => !call.query.q || city.name.toLowerCase().includes(call.query.q.toLowerCase())),
    call.query,
  );

describe('shops screen', () => {
  it('shows the RIB in groups of four', async () => {
    expect(formatRib(RIB)).toBe('0117 8000 0012 3456 7890 1280');
    expect(formatRib(null)).toBe('—');
    mockServer({ 'GET /api/shops': (call) => listReply([shop], call.query) });
    renderWithProviders(<ShopsScreen />, { session: merchantSession() });
    expect(await screen.findByTestId('table-row')).toHaveTextContent('0117 8000 0012 3456 7890 1280');
  });

  it('creates a shop: city picked on the server, RIB sent without spaces, RIB error under its field', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/shops': (call) => listReply([], call.query),
      'GET /api/cities': cityList,
      'POST /api/shops': [
        { status: 422, body: { message: 'Données invalides.', errors: { bank_account: ['Ce RIB est invalide (24 chiffres, clé contrôlée).'] } } },
        { status: 201, body: { data: shop } },
      ],
    });
    renderWithProviders(<ShopsScreen />, { session: merchantSession() });
    await user.click(await screen.findByTestId('create-button'));
    const dialog = await screen.findByTestId('form-dialog');
    await user.type(within(dialog).getByLabelText(/^Boutique/), 'Souk Tanger');
    await user.type(within(dialog).getByLabelText(/^Téléphone/), '0539000000');
    await user.type(within(dialog).getByRole('combobox', { name: /^Ville/ }), 'tan');
    await waitFor(() => expect(server.callsTo('GET', '/api/cities').at(-1)!.query).toMatchObject({ q: 'tan', active: 'true' }));
    await user.click(await screen.findByRole('option', { name: 'Tanger' }));
    await user.type(within(dialog).getByLabelText(/^Adresse/), 'Boulevard Pasteur');
    const rib = within(dialog).getByLabelText(/^RIB/);
    await user.click(rib);
    await user.paste('0117 8000 0012 3456 7890 1299');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Ce RIB est invalide (24 chiffres, clé contrôlée).')).toBeInTheDocument();
    await user.clear(rib);
    await user.paste(RIB);
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).not.toBeInTheDocument());
    const calls = server.callsTo('POST', '/api/shops');
    expect(calls[0].body).toEqual({
      name: 'Souk Tanger',
      phone: '0539000000',
      address: 'Boulevard Pasteur',
      city: 'C7',
      bank_account: '011780000012345678901299',
    });
    expect(calls[1].body).toMatchObject({ bank_account: RIB, city: 'C7' });
  });

  it('says a phone is not a Moroccan one under the field, sends nothing, and drops the message on typing', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/shops': (call) => listReply([], call.query),
      'GET /api/cities': cityList,
      'POST /api/shops': { status: 201, body: { data: shop } },
    });
    renderWithProviders(<ShopsScreen />, { session: merchantSession() });
    await user.click(await screen.findByTestId('create-button'));
    const dialog = await screen.findByTestId('form-dialog');
    await user.type(within(dialog).getByLabelText(/^Boutique/), 'Souk Tanger');
    const phone = within(dialog).getByLabelText(/^Téléphone/);
    await user.type(phone, '0412345678');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Numéro de téléphone marocain invalide (ex. 0612345678 ou +212612345678).')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/api/shops')).toHaveLength(0);
    await user.type(phone, '9');
    expect(within(dialog).queryByText(/Numéro de téléphone marocain invalide/)).not.toBeInTheDocument();
  });

  it('edits a shop with its city already chosen', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/shops': (call) => listReply([shop], call.query),
      'GET /api/cities': cityList,
      'PUT /api/shops/S1': (call) => ({ status: 200, body: { data: { ...shop, ...(call.body as object) } } }),
    });
    renderWithProviders(<ShopsScreen />, { session: merchantSession() });
    await user.click(await screen.findByRole('button', { name: 'Modifier Souk Rabat' }));
    const dialog = await screen.findByTestId('form-dialog');
    expect(within(dialog).getByRole('combobox', { name: /^Ville/ })).toHaveValue('Rabat');
    const name = within(dialog).getByLabelText(/^Boutique/);
    await user.clear(name);
    await user.type(name, 'Souk Agdal');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/shops/S1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/shops/S1')[0].body).toEqual({
      name: 'Souk Agdal',
      phone: '0537000000',
      address: 'Agdal',
      city: 'C1',
      bank_account: RIB,
    });
    // Shops have no delete (specification: create and edit only).
    expect(screen.queryByTestId('row-action-delete')).not.toBeInTheDocument();
  });
});
