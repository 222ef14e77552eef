import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import DashboardScreen from '../../features/dashboard/DashboardScreen';
import AddParcelsScreen from '../../features/parcels/AddParcelsScreen';
import { parcel } from '../../components/parcel/testData';
import type { Shop } from '../../components/shop/api';
import { product, serviceRow } from '../../features/inventory/testData';

const shop: Shop = {
  key: 'S1',
  name: 'Boutique Atlas',
  phone: '0522000000',
  address: 'Maarif',
  city: 'CASA',
  city_name: 'Casablanca',
  bank_account: null,
  client: 'M1',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const cities = [{ key: 'CASA', name: 'Casablanca', delivery_fee: 3500, return_fee: 1000, refusal_fee: 1500, active: true, created_at: '', updated_at: '' }];

describe('parcels packed from stock', () => {
  it('sends the stock lines and shows the 422 on a line quantity', async () => {
    const user = userEvent.setup();
    const soap = product('P1', 'SAV-1', 'Savon argan', { available: 3 });
    const server = mockServer({
      'GET /api/shops': listReply([shop]),
      'GET /api/cities': listReply(cities),
      'GET /api/inventory/clients': listReply([serviceRow('active')]),
      'GET /api/inventories': listReply([soap]),
      'POST /api/parcels': [
        { status: 422, body: { message: 'Données invalides.', errors: { 'stock_lines.0.quantity': ['Stock insuffisant : 3 disponible(s).'] } } },
        { status: 201, body: { data: parcel('CLV777') } },
      ],
    });
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession(), path: '/compte/ajouter-de-nouveaux-colis' });
    const section = await screen.findByTestId('parcel-stock');
    expect(section).toHaveTextContent('Articles du stock');
    await user.type(screen.getByLabelText(/^Nom du destinataire/), 'Amina Benali');
    await user.type(screen.getByLabelText(/^Téléphone/), '0612345678');
    await user.click(screen.getByLabelText(/^Ville/));
    await user.keyboard('casa');
    await user.click(await screen.findByRole('option', { name: 'Casablanca' }));
    await user.type(screen.getByLabelText(/^Adresse/), '12 rue des Orangers');
    await user.type(screen.getByLabelText(/^Montant à encaisser/), '120');
    await user.type(screen.getByLabelText(/^Produit/), 'Savon');

    await user.click(within(section).getByTestId('add-line'));
    await user.click(within(section).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: /SAV-1 — Savon argan/ }));
    expect(within(section).getByText('disponible : 3')).toBeInTheDocument();
    const quantity = within(section).getByLabelText(/^Quantité/);
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(screen.getByTestId('save-another'));

    expect(await within(section).findByText('Stock insuffisant : 3 disponible(s).')).toBeInTheDocument();
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/api/parcels')[0].body).toMatchObject({ product: 'Savon', stock_lines: [{ inventory: 'P1', quantity: 5 }] });

    await user.clear(within(section).getByLabelText(/^Quantité/));
    await user.type(within(section).getByLabelText(/^Quantité/), '3');
    await user.click(screen.getByTestId('save-another'));
    expect(await screen.findByTestId('parcel-created')).toHaveTextContent('CLV777');
    expect(server.callsTo('POST', '/api/parcels')[1].body).toMatchObject({ stock_lines: [{ inventory: 'P1', quantity: 3 }] });
    // The next parcel starts without stock lines.
    await waitFor(() => expect(within(section).queryAllByTestId('stock-line')).toHaveLength(0));
  });

  it('shows no stock section when the service is not active, and sends no stock lines', async () => {
    mockServer({
      'GET /api/shops': listReply([shop]),
      'GET /api/inventory/clients': listReply([serviceRow('pending')]),
    });
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession(), path: '/compte/ajouter-de-nouveaux-colis' });
    await screen.findByLabelText(/^Nom du destinataire/);
    await waitFor(() => expect(screen.queryByTestId('parcel-stock')).not.toBeInTheDocument());
  });
});

describe('stock on the dashboards', () => {
  const statistics = { status: 200, body: { data: { total: 0, daily: [], by_status: [], delivery_rate: null, money: {} } } };

  it("shows the merchant's low stock and pending entries once his service is active", async () => {
    const server = mockServer({
      'GET /api/statistics': statistics,
      'GET /api/inventory/clients': listReply([serviceRow('active')]),
      'GET /api/inventories': (call) => listReply([], call.query, 3),
      'GET /api/inventories/movements': (call) => listReply([], call.query, 2),
    });
    renderWithProviders(<DashboardScreen />, { session: merchantSession() });
    const cards = await screen.findByTestId('stock-cards');
    expect(await within(cards).findByTestId('stock-low-count')).toHaveTextContent(/^3$/);
    expect(await within(cards).findByTestId('stock-pending-entries-count')).toHaveTextContent(/^2$/);
    expect(server.callsTo('GET', '/api/inventories')[0].query).toEqual({ page: '1', per_page: '1', low: 'true' });
    expect(server.callsTo('GET', '/api/inventories/movements')[0].query).toEqual({ page: '1', per_page: '1', type: 'entry', state: 'pending' });
    expect(within(cards).getByTestId('stock-low').querySelector('a')).toHaveAttribute('href', '/compte/gestion-des-stocks?low=true');
  });

  it('hides the stock cards of a merchant without an active service', async () => {
    const server = mockServer({
      'GET /api/statistics': statistics,
      'GET /api/inventory/clients': listReply([]),
    });
    renderWithProviders(<DashboardScreen />, { session: merchantSession() });
    await waitFor(() => expect(server.callsTo('GET', '/api/inventory/clients')).toHaveLength(1));
    expect(screen.queryByTestId('stock-cards')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/inventories')).toHaveLength(0);
  });

  it("gives the admin the entries to receive and the returns to check, each opening its tab", async () => {
    const server = mockServer({
      'GET /api/statistics': statistics,
      'GET /api/inventories/movements': (call) => listReply([], call.query, call.query.type === 'entry' ? 5 : 1),
    });
    renderWithProviders(<DashboardScreen />, { session: adminSession(['dashboard', 'inventory-management']) });
    const queues = await screen.findByTestId('work-queues');
    const entries = within(queues).getByTestId('queue-stock-entries');
    expect(entries).toHaveTextContent('Entrées à recevoir');
    expect(await within(entries).findByTestId('queue-stock-entries-count')).toHaveTextContent(/^5$/);
    expect(within(entries).getByRole('link')).toHaveAttribute('href', '/compte/gestion-des-stocks?onglet=entries');
    const returns = within(queues).getByTestId('queue-stock-returns');
    expect(await within(returns).findByTestId('queue-stock-returns-count')).toHaveTextContent(/^1$/);
    expect(within(returns).getByRole('link')).toHaveAttribute('href', '/compte/gestion-des-stocks?onglet=returns');
    expect(server.callsTo('GET', '/api/inventories/movements').map((call) => call.query)).toEqual(
      expect.arrayContaining([
        { page: '1', per_page: '1', type: 'entry', state: 'pending' },
        { page: '1', per_page: '1', type: 'return', state: 'pending' },
      ]),
    );
  });
});
