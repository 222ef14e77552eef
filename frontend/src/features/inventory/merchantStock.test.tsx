import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { Inventory, InventoryMerchant, Movement } from '../../components/inventory/api';
import InventoryScreen from './InventoryScreen';
import { movement, product, serviceRow } from './testData';
import { parcel } from '../../components/parcel/testData';

const PATH = '/compte/gestion-des-stocks';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the merchant's stock", () => {
  it('explains the stock service and asks for it, then says the request is pending', async () => {
    const user = userEvent.setup();
    let rows: InventoryMerchant[] = [];
    const server = mockServer({
      'GET /api/inventory/clients': (call) => listReply(rows, call.query),
      'POST /api/inventory/clients': () => {
        rows = [serviceRow('pending')];
        return { status: 201, body: { data: rows[0] } };
      },
    });
    renderWithProviders(<InventoryScreen />, { session: merchantSession(), path: PATH });
    const card = await screen.findByTestId('stock-service');
    expect(card).toHaveTextContent('Le service de stock');
    expect(screen.queryByTestId('products')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Demander le service de stock' }));
    expect(await screen.findByTestId('service-pending')).toHaveTextContent('Votre demande est en attente');
    expect(server.callsTo('POST', '/api/inventory/clients')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/inventory/clients')[0].body).toBeUndefined();
    expect(screen.getByTestId('service-status')).toHaveTextContent('En attente');
    expect(screen.queryByTestId('request-service')).not.toBeInTheDocument();
  });

  it('shows a suspended service plainly, without the products', async () => {
    mockServer({ 'GET /api/inventory/clients': listReply([serviceRow('suspended')]) });
    renderWithProviders(<InventoryScreen />, { session: merchantSession(), path: PATH });
    expect(await screen.findByTestId('service-suspended')).toHaveTextContent('suspendu');
    expect(screen.queryByTestId('request-service')).not.toBeInTheDocument();
  });

  it('lists the products low ones first and highlighted, and creates one', async () => {
    const user = userEvent.setup();
    let products: Inventory[] = [
      product('P1', 'SAV-1', 'Savon argan', { available: 2, on_hand: 3, reserved: 1, low: true }),
      product('P2', 'HUI-1', 'Huile d’argan'),
    ];
    const server = mockServer({
      'GET /api/inventory/clients': listReply([serviceRow('active')]),
      'GET /api/inventories': (call) => listReply(call.query.low ? products.filter((p) => p.low) : products, call.query),
      'POST /api/inventories': (call) => {
        const body = call.body as { sku: string; name: string; alert_threshold: number | null };
        if (products.some((p) => p.sku === body.sku)) return { status: 422, body: { message: 'Invalide', errors: { sku: ['Ce SKU existe déjà.'] } } };
        const created = product('P3', body.sku, body.name, { alert_threshold: body.alert_threshold, on_hand: 0, reserved: 0, available: 0 });
        products = [...products, created];
        return { status: 201, body: { data: created } };
      },
    });
    renderWithProviders(<InventoryScreen />, { session: merchantSession(), path: PATH });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Savon argan');
    expect(within(rows[0]).getByTestId('low-chip')).toHaveTextContent('Stock bas');
    expect(within(rows[1]).queryByTestId('low-chip')).not.toBeInTheDocument();
    // The server's order (low first): no sort asked.
    expect(server.callsTo('GET', '/api/inventories')[0].query.sort).toBeUndefined();

    await user.click(screen.getByTestId('create-button'));
    const dialog = await screen.findByTestId('form-dialog');
    await user.type(within(dialog).getByLabelText(/^SKU/), 'HUI-1');
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Huile 2');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Ce SKU existe déjà.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^SKU/));
    await user.type(within(dialog).getByLabelText(/^SKU/), 'GHA-1');
    await user.clear(within(dialog).getByLabelText(/^Nom/));
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Ghassoul');
    await user.type(within(dialog).getByLabelText(/^Seuil d’alerte/), '4');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(3));
    expect(server.callsTo('POST', '/api/inventories')[1].body).toEqual({ sku: 'GHA-1', name: 'Ghassoul', alert_threshold: 4 });
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).not.toBeInTheDocument());
  });

  it('opens filtered on the low products from the dashboard card (?low=true)', async () => {
    const server = mockServer({
      'GET /api/inventory/clients': listReply([serviceRow('active')]),
      'GET /api/inventories': (call) => listReply([product('P1', 'SAV-1', 'Savon argan', { low: true, available: 1 })], call.query),
    });
    renderWithProviders(<InventoryScreen />, { session: merchantSession(), path: `${PATH}?low=true` });
    await screen.findAllByTestId('table-row');
    expect(server.callsTo('GET', '/api/inventories')[0].query).toMatchObject({ low: 'true' });
  });

  it('declares an entry of two products and offers to print its slip', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const products = [product('P1', 'SAV-1', 'Savon argan'), product('P2', 'HUI-1', 'Huile d’argan', { available: 7 })];
    const server = mockServer({
      'GET /api/inventory/clients': listReply([serviceRow('active')]),
      'GET /api/inventories': (call) =>
        listReply(products.filter((p) => !call.query.q || `${p.sku} ${p.name}`.toLowerCase().includes(call.query.q.toLowerCase())), call.query),
      'GET /api/inventories/movements': (call) => listReply([] as Movement[], call.query),
      'POST /api/inventories/entries': (call) => {
        const { lines } = call.body as { lines: Array<{ inventory: string; quantity: number }> };
        return {
          status: 201,
          body: {
            data: {
              key: 'ES9',
              code: 'BE7K2M',
              created_at: '2026-11-25T10:00:00Z',
              movements: lines.map((line, i) => movement(`MV${i}`, `MVCODE${i}`, products.find((p) => p.key === line.inventory)!, { quantity: line.quantity, entry_slip: 'ES9' })),
            },
          },
        };
      },
    });
    renderWithProviders(<InventoryScreen />, { session: merchantSession(), path: PATH });
    await screen.findAllByTestId('table-row');
    await user.click(screen.getByTestId('declare-entry'));
    const dialog = await screen.findByTestId('declare-entry-dialog');

    // Nothing picked: said under the line, nothing sent.
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Choisissez un produit.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/inventories/entries')).toHaveLength(0);

    const pick = async (index: number, text: string, option: RegExp) => {
      const box = within(dialog).getAllByRole('combobox')[index];
      await user.click(box);
      await user.type(box, text);
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick(0, 'sav', /SAV-1 — Savon argan/);
    const quantities = () => within(dialog).getAllByLabelText(/^Quantité/);
    await user.clear(quantities()[0]);
    await user.type(quantities()[0], '12');
    await user.click(within(dialog).getByTestId('add-line'));
    await pick(1, 'hui', /HUI-1 — Huile/);
    expect(within(dialog).getByText('disponible : 7')).toBeInTheDocument();
    await user.clear(quantities()[1]);
    await user.type(quantities()[1], '5');
    // A third line added then removed.
    await user.click(within(dialog).getByTestId('add-line'));
    expect(within(dialog).getAllByTestId('stock-line')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Retirer la ligne 3' }));
    expect(within(dialog).getAllByTestId('stock-line')).toHaveLength(2);

    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByTestId('entry-declared')).toHaveTextContent('2 lignes en attente de réception');
    expect(server.callsTo('POST', '/api/inventories/entries')[0].body).toEqual({
      lines: [
        { inventory: 'P1', quantity: 12 },
        { inventory: 'P2', quantity: 5 },
      ],
    });
    await user.click(within(dialog).getByTestId('print-slip'));
    expect(open).toHaveBeenCalledWith('/api/inventories/entries/ES9/pdf', 'colivra-entry-slip', 'width=1000,height=600');
  });

  it('lists the movements with their filters and deletes a pending entry', async () => {
    const user = userEvent.setup();
    const item = product('P1', 'SAV-1', 'Savon argan');
    let movements = [
      movement('MV1', 'MVAAA111', item),
      movement('MV2', 'MVBBB222', item, { type: 'exit', type_label: 'Sortie', state: 'validated', state_label: 'Validé', quantity: 2, deletable: false, entry_slip: null, parcel: { key: 'CLV1', code: 'CLV1' } }),
    ];
    const server = mockServer({
      'GET /api/inventory/clients': listReply([serviceRow('active')]),
      'GET /api/inventories/movements': (call) => listReply(movements.filter((m) => !call.query.type || m.type === call.query.type), call.query),
      'DELETE /api/inventories/movements/MV1': () => {
        movements = movements.filter((m) => m.key !== 'MV1');
        return { status: 204 };
      },
    });
    renderWithProviders(<InventoryScreen />, { session: merchantSession(), path: `${PATH}?onglet=movements` });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('−2');
    expect(rows[1]).toHaveTextContent('CLV1');
    expect(within(rows[1]).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();

    await user.click(within(rows[0]).getByRole('button', { name: 'Supprimer MVAAA111' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Supprimer l’entrée MVAAA111 ?');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    expect(server.callsTo('DELETE', '/api/inventories/movements/MV1')).toHaveLength(1);
  });

  it('shows « 4 reçus sur 5 » with the comment the hub wrote, in the movements list and on the product', async () => {
    const user = userEvent.setup();
    const item = product('P1', 'SAV-1', 'Savon argan', { reserved: 3, available: 17 });
    const counted = movement('MV1', 'MVAAA111', item, {
      quantity: 5,
      received_quantity: 4,
      state: 'validated',
      state_label: 'Validé',
      decision_comment: 'Un carton écrasé à l’arrivée',
      deletable: false,
    });
    const exact = movement('MV2', 'MVBBB222', item, { quantity: 2, received_quantity: 2, state: 'validated', state_label: 'Validé', deletable: false });
    mockServer({
      'GET /api/inventory/clients': listReply([serviceRow('active')]),
      'GET /api/inventories/movements': (call) => listReply([counted, exact], call.query),
      'GET /api/inventories': (call) => listReply([item], call.query),
      'GET /api/inventories/P1': { status: 200, body: { data: { ...item, movements: [counted, exact], reservations: [] } } },
    });
    renderWithProviders(<InventoryScreen />, { session: merchantSession(), path: `${PATH}?onglet=movements` });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows[0]).toHaveTextContent('4 reçus sur 5');
    expect(within(rows[0]).getByTestId('receipt-comment')).toHaveTextContent('À la réception : Un carton écrasé à l’arrivée');
    // The count matched: the plain figure, no comment.
    expect(rows[1]).toHaveTextContent('+2');
    expect(within(rows[1]).queryByTestId('receipt-comment')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('stock-tab-products'));
    await user.click(await screen.findByText('Savon argan'));
    const drawer = await screen.findByTestId('product-drawer');
    const lines = await within(drawer).findAllByTestId('movement-line');
    expect(lines[0]).toHaveTextContent('4 reçus sur 5');
    expect(within(lines[0]).getByTestId('receipt-comment')).toHaveTextContent('Un carton écrasé à l’arrivée');
    expect(within(lines[1]).queryByTestId('receipt-comment')).not.toBeInTheDocument();
    // Reserved units but no parcel listed (e.g. the list not refreshed yet): said plainly.
    expect(within(drawer).getByTestId('no-reservations')).toHaveTextContent('Aucun colis ne réserve ce produit.');
  });

  it("lists the parcels holding a product's reserved units, each opening the parcel's drawer", async () => {
    const user = userEvent.setup();
    const item = product('P1', 'SAV-1', 'Savon argan', { reserved: 3, available: 17 });
    const server = mockServer({
      'GET /api/inventory/clients': listReply([serviceRow('active')]),
      'GET /api/inventories': (call) => listReply([item], call.query),
      'GET /api/inventories/P1': {
        status: 200,
        body: {
          data: {
            ...item,
            movements: [],
            reservations: [
              { parcel: 'CLV7K3QX9M', quantity: 2, status: 'picked_up', status_label: 'Ramassé', recipient_name: 'Amina Benali', created_at: '2026-11-25T09:00:00Z' },
              { parcel: 'CLV2B8N4P1', quantity: 1, status: 'new', status_label: 'Nouveau colis', recipient_name: 'Karim Tazi', created_at: '2026-11-24T09:00:00Z' },
            ],
          },
        },
      },
      'GET /api/parcels/CLV7K3QX9M': { status: 200, body: { data: parcel('CLV7K3QX9M', { status: 'picked_up', status_label: 'Ramassé' }) } },
      'GET /api/parcels/CLV7K3QX9M/states': { status: 200, body: { data: [] } },
      'GET /api/tickets': (call) => listReply([], call.query),
    });
    renderWithProviders(<InventoryScreen />, { session: merchantSession(), path: PATH });
    await user.click(await screen.findByText('Savon argan'));
    const drawer = await screen.findByTestId('product-drawer');
    expect(await within(drawer).findByTestId('figure-reserved')).toHaveTextContent('3');
    const reservations = within(drawer).getAllByTestId('reservation');
    expect(reservations).toHaveLength(2);
    expect(reservations[0]).toHaveTextContent('CLV7K3QX9M');
    expect(within(reservations[0]).getByTestId('parcel-status')).toHaveTextContent('Ramassé');
    expect(within(reservations[0]).getByTestId('reservation-quantity')).toHaveTextContent('× 2');
    expect(reservations[0]).toHaveTextContent('Destinataire : Amina Benali');
    expect(reservations[1]).toHaveTextContent('Nouveau colis');

    await user.click(within(reservations[0]).getByRole('button', { name: 'Ouvrir le colis CLV7K3QX9M' }));
    const parcelDrawer = await screen.findByTestId('parcel-drawer');
    expect(within(parcelDrawer).getByTestId('parcel-drawer-code')).toHaveTextContent('CLV7K3QX9M');
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels/CLV7K3QX9M')).toHaveLength(1));
    expect(await within(parcelDrawer).findByText('Amina Benali')).toBeInTheDocument();
  });

  it('imports products from a file: the refused lines are named, then the file goes in whole', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/inventory/clients': listReply([serviceRow('active')]),
      'GET /api/inventories': (call) => listReply([product('P1', 'SAV-1', 'Savon argan')], call.query),
      'POST /api/inventories/import': [
        { status: 422, body: { message: 'Le fichier contient des erreurs.', errors: { 'lines.3.sku': ['Ce SKU existe déjà.'] } } },
        { status: 201, body: { data: { created: 4 } } },
      ],
    });
    renderWithProviders(<InventoryScreen />, { session: merchantSession(), path: PATH });
    await screen.findAllByTestId('table-row');
    await user.click(screen.getByTestId('import-button'));
    const dialog = await screen.findByTestId('import-dialog');
    expect(within(dialog).getByRole('link', { name: /Télécharger le modèle/ })).toHaveAttribute('href', '/api/inventories/import/template');
    const file = new File(['sku,name,alert_threshold\n'], 'produits.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByTestId('import-file'), file);
    await user.click(within(dialog).getByTestId('import-submit'));
    expect(await within(dialog).findByTestId('import-errors')).toHaveTextContent('3 · SKU : Ce SKU existe déjà.');
    await user.click(within(dialog).getByTestId('import-submit'));
    expect(await within(dialog).findByTestId('import-done')).toHaveTextContent('4 produits créés.');
    expect(server.callsTo('POST', '/api/inventories/import')).toHaveLength(2);
  });
});
