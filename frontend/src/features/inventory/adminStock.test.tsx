import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { InventoryMerchant, Movement } from '../../components/inventory/api';
import InventoryScreen from './InventoryScreen';
import { movement, product, serviceRow } from './testData';

const PATH = '/compte/gestion-des-stocks';

describe("the admin's stock desk", () => {
  it('receives a scanned entry with the quantity counted', async () => {
    const user = userEvent.setup();
    const soap = product('P1', 'SAV-1', 'Savon argan');
    const oil = product('P2', 'HUI-1', 'Huile d’argan');
    let pending: Movement[] = [movement('MV1', 'MV3K7P9QX2', soap, { deletable: false }), movement('MV2', 'MV8H2J4KL5', oil, { quantity: 4, deletable: false })];
    const server = mockServer({
      'GET /api/inventories/movements': (call) =>
        listReply(
          pending.filter((m) => m.type === call.query.type && m.state === call.query.state && (!call.query.q || m.code.includes(call.query.q))),
          call.query,
        ),
      'PUT /api/inventories/movements/MV1': (call) => {
        const body = call.body as { state: 'validated'; quantity: number };
        const done = { ...pending[0], state: body.state, state_label: 'Validé', received_quantity: body.quantity };
        pending = pending.filter((m) => m.key !== 'MV1');
        return { status: 200, body: { data: done } };
      },
    });
    renderWithProviders(<InventoryScreen />, { session: adminSession(), path: `${PATH}?onglet=entries` });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('stock-tab-entries')).toHaveAttribute('aria-selected', 'true');
    expect(server.callsTo('GET', '/api/inventories/movements')[0].query).toMatchObject({ type: 'entry', state: 'pending' });

    // A code no pending entry has: said, no dialog.
    const scan = screen.getByTestId('scan-input');
    await user.type(scan, 'MV0000000{Enter}');
    expect(await screen.findByText('MV0000000 : aucun mouvement en attente avec ce code.')).toBeInTheDocument();
    expect(screen.queryByTestId('validate-dialog')).not.toBeInTheDocument();

    // The scanner types the code (lower case here) and Enter: the entry opens, quantity prefilled.
    await user.type(scan, 'mv3k7p9qx2{Enter}');
    const dialog = await screen.findByTestId('validate-dialog');
    expect(dialog).toHaveTextContent('Recevoir l’entrée MV3K7P9QX2');
    expect(dialog).toHaveTextContent('SAV-1 — Savon argan (Atlas Mode) : 12 déclarés.');
    const quantity = within(dialog).getByLabelText(/^Quantité reçue/);
    expect(quantity).toHaveValue('12');
    await user.clear(quantity);
    await user.type(quantity, '11');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/inventories/movements/MV1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/inventories/movements/MV1')[0].body).toEqual({ state: 'validated', quantity: 11 });
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    expect(await screen.findByTestId('resource-notice')).toHaveTextContent('MV3K7P9QX2 validé');
  });

  it('rejects a returned item as damaged', async () => {
    const user = userEvent.setup();
    const soap = product('P1', 'SAV-1', 'Savon argan');
    const back = movement('MV5', 'MVRET0001', soap, { type: 'return', type_label: 'Retour', quantity: 1, entry_slip: null, parcel: { key: 'CLV9', code: 'CLV9' }, deletable: false });
    const server = mockServer({
      'GET /api/inventories/movements': (call) => listReply(call.query.type === 'return' ? [back] : [], call.query),
      'PUT /api/inventories/movements/MV5': { status: 200, body: { data: { ...back, state: 'rejected', state_label: 'Rejeté' } } },
    });
    renderWithProviders(<InventoryScreen />, { session: adminSession(), path: `${PATH}?onglet=returns` });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(row).toHaveTextContent('CLV9');
    await user.click(within(row).getByRole('button', { name: 'Rejeter (endommagé) MVRET0001' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Rejeter le retour MVRET0001 comme endommagé ?');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/inventories/movements/MV5')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/inventories/movements/MV5')[0].body).toEqual({ state: 'rejected' });
  });

  it('activates a pending stock client', async () => {
    const user = userEvent.setup();
    let rows: InventoryMerchant[] = [serviceRow('pending')];
    const server = mockServer({
      'GET /api/inventory/clients': (call) => listReply(rows, call.query),
      'PUT /api/inventory/clients/M1': (call) => {
        rows = [serviceRow((call.body as { status: 'active' }).status)];
        return { status: 200, body: { data: rows[0] } };
      },
    });
    renderWithProviders(<InventoryScreen />, { session: adminSession(), path: PATH });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(row).toHaveTextContent('Atlas Mode (Samira Bennani)');
    await user.click(within(row).getByRole('button', { name: 'Activer Atlas Mode' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/inventory/clients/M1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/inventory/clients/M1')[0].body).toEqual({ status: 'active' });
    expect(await screen.findByRole('button', { name: 'Suspendre Atlas Mode' })).toBeInTheDocument();
  });

  it('adjusts a product with a signed quantity and a comment', async () => {
    const user = userEvent.setup();
    const soap = product('P1', 'SAV-1', 'Savon argan');
    const server = mockServer({
      'GET /api/inventory/clients': listReply([serviceRow('active')]),
      'GET /api/inventories': listReply([soap]),
      'POST /api/inventories/movements': (call) => {
        const body = call.body as { quantity: number };
        if (body.quantity < -20) return { status: 422, body: { message: 'Invalide', errors: { quantity: ['Le stock ne peut pas descendre sous zéro.'] } } };
        return { status: 201, body: { data: movement('MV7', 'MVADJ0001', soap, { type: 'adjustment', state: 'validated' }) } };
      },
    });
    renderWithProviders(<InventoryScreen />, { session: adminSession(), path: PATH });
    await screen.findAllByTestId('table-row');
    await user.click(screen.getByTestId('adjust-button'));
    const dialog = await screen.findByTestId('adjustment-dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: /SAV-1 — Savon argan/ }));
    await user.type(within(dialog).getByLabelText(/^Quantité/), '-30');
    await user.click(within(dialog).getByTestId('form-submit'));
    // The comment is required: said before sending.
    expect(await within(dialog).findByText('Le commentaire est obligatoire.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Commentaire/), 'Casse');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Le stock ne peut pas descendre sous zéro.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/inventories/movements')[0].body).toEqual({ inventory: 'P1', type: 'adjustment', quantity: -30, comment: 'Casse' });
    const quantity = within(dialog).getByLabelText(/^Quantité/);
    await user.clear(quantity);
    await user.type(quantity, '-3');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(screen.queryByTestId('adjustment-dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/api/inventories/movements')[1].body).toMatchObject({ quantity: -3 });
    expect(await screen.findByTestId('adjust-notice')).toHaveTextContent('Ajustement enregistré.');
  });
});
