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
          pending.filter((m) => m.type === call.query.type && m.state === call.query.state && (!call.query.code || m.code === call.query.code)),
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

    // A code no pending entry has: said (with the codes the box takes), no dialog.
    const scan = screen.getByTestId('scan-input');
    expect(screen.getByText('Le code-barres d’une ligne du bon (MV…) ou le code du bon d’entrée (BE…), puis Entrée.')).toBeInTheDocument();
    await user.type(scan, 'MV0000000{Enter}');
    expect(await screen.findByText('MV0000000 : aucun mouvement en attente avec ce code. Scannez le code du mouvement, du colis ou du bon d’entrée.')).toBeInTheDocument();
    expect(screen.queryByTestId('validate-dialog')).not.toBeInTheDocument();
    // The look-up asks the server by the scanned code (any of the three), upper case.
    expect(server.callsTo('GET', '/api/inventories/movements').at(-1)!.query).toMatchObject({ type: 'entry', state: 'pending', code: 'MV0000000' });

    // The scanner types the code (lower case here) and Enter: the entry opens, quantity prefilled.
    await user.type(scan, 'mv3k7p9qx2{Enter}');
    const dialog = await screen.findByTestId('validate-dialog');
    expect(dialog).toHaveTextContent('Recevoir l’entrée MV3K7P9QX2');
    expect(dialog).toHaveTextContent('SAV-1 — Savon argan (Atlas Mode) : 12 déclarés.');
    const quantity = within(dialog).getByLabelText(/^Quantité reçue/);
    expect(quantity).toHaveValue('12');
    const comment = within(dialog).getByLabelText(/^Commentaire de réception/);
    expect(comment).not.toBeRequired();
    expect(dialog).toHaveTextContent('Facultatif quand la quantité reçue est celle déclarée.');
    await user.clear(quantity);
    await user.type(quantity, '11');
    // A count other than the declared one: the comment is required, and why is said at once.
    expect(comment).toBeRequired();
    expect(dialog).toHaveTextContent('Obligatoire : la quantité reçue n’est pas celle déclarée (12). Dites pourquoi, le marchand le lira.');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Dites pourquoi la quantité reçue diffère de celle déclarée.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/inventories/movements/MV1')).toHaveLength(0);
    await user.type(comment, '  Un savon cassé  ');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/inventories/movements/MV1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/inventories/movements/MV1')[0].body).toEqual({ state: 'validated', quantity: 11, comment: 'Un savon cassé' });
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    expect(await screen.findByTestId('resource-notice')).toHaveTextContent('MV3K7P9QX2 validé');
  });

  it('narrows the queue to a scanned slip of several lines, validated one by one, and shows the whole queue again', async () => {
    const user = userEvent.setup();
    const soap = product('P1', 'SAV-1', 'Savon argan');
    const oil = product('P2', 'HUI-1', 'Huile d’argan');
    const tea = product('P3', 'THE-1', 'Thé vert');
    const slip = 'BE7K3QX9';
    let pending: Array<Movement & { slip?: string }> = [
      { ...movement('MV1', 'MVSLIP0001', soap, { deletable: false }), slip },
      { ...movement('MV2', 'MVSLIP0002', oil, { quantity: 4, deletable: false }), slip },
      { ...movement('MV3', 'MVSLIP0003', tea, { quantity: 6, deletable: false }), slip },
      movement('MV4', 'MVOTHER001', soap, { quantity: 2, deletable: false }),
    ];
    const server = mockServer({
      // The server matches the movement's code or its slip's code, any case.
      'GET /api/inventories/movements': (call) =>
        listReply(
          pending.filter((m) => !call.query.code || m.code === call.query.code.toUpperCase() || m.slip === call.query.code.toUpperCase()),
          call.query,
        ),
      'PUT /api/inventories/movements/MV2': (call) => {
        const done = { ...pending[1], state: 'validated' as const, state_label: 'Validé', received_quantity: (call.body as { quantity: number }).quantity };
        pending = pending.filter((m) => m.key !== 'MV2');
        return { status: 200, body: { data: done } };
      },
    });
    renderWithProviders(<InventoryScreen />, { session: adminSession(), path: `${PATH}?onglet=entries` });
    expect(await screen.findAllByTestId('table-row')).toHaveLength(4);

    await user.type(screen.getByTestId('scan-input'), 'be7k3qx9{Enter}');
    expect(await screen.findByTestId('scan-filter')).toHaveTextContent('3 mouvements pour BE7K3QX9 : validez-les un à un.');
    expect(screen.getByTestId('scan-feedback')).toHaveTextContent('BE7K3QX9 : 3 mouvements en attente, listés ci-dessous.');
    // No dialog: each line is counted on its own.
    expect(screen.queryByTestId('validate-dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(3));
    expect(screen.queryByText('MVOTHER001')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/inventories/movements').at(-1)!.query).toMatchObject({ type: 'entry', state: 'pending', code: 'BE7K3QX9' });

    // One line of the slip, by its own barcode: its validation opens; the queue stays narrowed.
    await user.type(screen.getByTestId('scan-input'), 'MVSLIP0002{Enter}');
    const dialog = await screen.findByTestId('validate-dialog');
    expect(dialog).toHaveTextContent('Recevoir l’entrée MVSLIP0002');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/inventories/movements/MV2')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/inventories/movements/MV2')[0].body).toEqual({ state: 'validated', quantity: 4 });
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
    expect(screen.getByTestId('scan-filter')).toBeInTheDocument();

    await user.click(screen.getByTestId('scan-filter-clear'));
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(3));
    expect(screen.queryByTestId('scan-filter')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/inventories/movements').at(-1)!.query.code).toBeUndefined();
  });

  it("opens a returned parcel's single movement from its tracking code, and shows the server's refusal of the comment", async () => {
    const user = userEvent.setup();
    const soap = product('P1', 'SAV-1', 'Savon argan');
    const back = movement('MV5', 'MVRET0001', soap, { type: 'return', type_label: 'Retour', quantity: 2, entry_slip: null, parcel: { key: 'CLV9K2', code: 'CLV9K2' }, deletable: false });
    const server = mockServer({
      'GET /api/inventories/movements': (call) =>
        listReply(call.query.type === 'return' && (!call.query.code || call.query.code === 'CLV9K2') ? [back] : [], call.query),
      'PUT /api/inventories/movements/MV5': { status: 422, body: { message: 'Données invalides.', errors: { comment: ['Le commentaire compte 500 caractères au plus.'] } } },
    });
    renderWithProviders(<InventoryScreen />, { session: adminSession(), path: `${PATH}?onglet=returns` });
    await screen.findAllByTestId('table-row');
    expect(screen.getByText('Le code du mouvement de retour (MV…) ou le code du colis retourné, puis Entrée.')).toBeInTheDocument();
    // A tracking link read by the scanner gives its code.
    await user.type(screen.getByTestId('scan-input'), 'https://colivra.ma/suivi/clv9k2{Enter}');
    const dialog = await screen.findByTestId('validate-dialog');
    expect(dialog).toHaveTextContent('Remettre en stock le retour MVRET0001');
    expect(server.callsTo('GET', '/api/inventories/movements').at(-1)!.query).toMatchObject({ type: 'return', code: 'CLV9K2' });
    const quantity = within(dialog).getByLabelText(/^Quantité reçue/);
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.type(within(dialog).getByLabelText(/^Commentaire de réception/), 'Un flacon brisé');
    await user.click(within(dialog).getByTestId('form-submit'));
    // The server's 422 on the comment shows under it; the dialog stays.
    expect(await within(dialog).findByText('Le commentaire compte 500 caractères au plus.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Commentaire de réception/)).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT', '/api/inventories/movements/MV5')[0].body).toEqual({ state: 'validated', quantity: 1, comment: 'Un flacon brisé' });
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
