import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { RouteDef } from '../../navigation/types';
import { adminSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { parcel, parcelPage } from '../../components/parcel/testData';
import ExitVouchersScreen from './ExitVouchersScreen';
import { DELIVERY_PERSON, voucher, voucherDetail } from '../../components/voucher/testData';

const route: RouteDef = ROLE_ROUTES.admin.find((r) => r.name === 'delivery-exit-vouchers')!;

const deliveryPerson = {
  key: DELIVERY_PERSON.key,
  full_name: DELIVERY_PERSON.name,
  email: 'hamid@colivra.ma',
  phone: DELIVERY_PERSON.phone,
  national_id: null,
  vehicle: null,
  active: true,
  created_at: '',
  cities: [
    { key: 'DC1', city: 'CASA', city_name: 'Casablanca', delivered_commission: 1200, refused_commission: 500 },
    { key: 'DC2', city: 'RBA', city_name: 'Rabat', delivered_commission: 1200, refused_commission: 500 },
  ],
};

const picked = { status: 'picked_up' as const, status_label: 'Ramassé', actions: [] };

async function scan(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByTestId('scan-input'), `${code}{Enter}`);
}

/** "Confirmer" in the confirmation of "Expédier". */
async function confirm(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByTestId('ship-confirm');
  await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
  await waitFor(() => expect(screen.queryByTestId('ship-confirm')).not.toBeInTheDocument());
}

/** The admin chooses Hamid Ouazzani in the ship panel. */
async function chooseDeliveryPerson(user: ReturnType<typeof userEvent.setup>) {
  const panel = await screen.findByTestId('ship-panel');
  await user.click(within(panel).getByLabelText(/^Livreur/));
  await user.click(await screen.findByRole('option', { name: /Hamid Ouazzani/ }));
  return panel;
}

describe("the admin's exit vouchers", () => {
  it('ships scanned and picked parcels to a delivery person, with "Forcer" for a city he does not serve, then prints the voucher', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const shipped = voucherDetail('BS7SHIPPED', [], { kind: 'exit', status: 'issued', status_label: 'Remis au livreur', client: null, shop: null, delivery_admin: DELIVERY_PERSON });
    shipped.body.data.parcels_count = 3;
    const server = mockServer({
      'GET /api/exit-vouchers': (call) => listReply([voucher('BS1EXITEXI', { kind: 'exit', status: 'issued', status_label: 'Remis au livreur', client: null, shop: null, delivery_admin: DELIVERY_PERSON })], call.query),
      'GET /api/delivery-admins': listReply([deliveryPerson]),
      'GET /api/parcels': (call) =>
        parcelPage(call.query.city === 'RBA' ? [parcel('CLVRABAT001', { ...picked, city: 'RBA', city_name: 'Rabat' })] : [parcel('CLVPICKED02', picked)]),
      'GET /api/parcels/CLVPICKED01': { status: 200, body: { data: parcel('CLVPICKED01', picked) } },
      'GET /api/parcels/CLVNEWPARC1': { status: 200, body: { data: parcel('CLVNEWPARC1') } },
      'GET /api/parcels/CLVUNKNOWN1': { status: 404, body: { message: 'Colis introuvable.' } },
      'GET /api/parcels/CLVMARRAK01': { status: 200, body: { data: parcel('CLVMARRAK01', { ...picked, city: 'MRK', city_name: 'Marrakech' }) } },
      'PUT /api/parcels/delivery': [
        { status: 422, body: { message: 'Données invalides.', errors: { parcels: ['CLVMARRAK01 : Marrakech n’est pas desservie par Hamid Ouazzani.'] } } },
        { status: 201, body: shipped.body },
      ],
    });
    renderWithProviders(<ExitVouchersScreen route={route} />, { session: adminSession(), path: '/compte/bons-de-sortie' });
    const panel = await screen.findByTestId('ship-panel');
    expect(panel).toHaveTextContent('Choisissez d’abord le livreur.');
    expect(within(panel).queryByTestId('scan-input')).not.toBeInTheDocument();
    // The exit vouchers below.
    expect((await screen.findAllByTestId('table-row')).some((row) => row.textContent?.includes('BS1EXITEXI'))).toBe(true);

    await user.click(within(panel).getByLabelText(/^Livreur/));
    await user.click(await screen.findByRole('option', { name: /Hamid Ouazzani/ }));
    // The cities he serves, as a list.
    expect(within(panel).getByTestId('delivery-person-cities')).toHaveTextContent(/^Dessert : Casablanca, Rabat$/);
    // His picked-up parcels, city by city, his first city first.
    const picker = within(panel).getByTestId('ship-picker');
    await within(picker).findByText('CLVPICKED02');
    expect(server.callsTo('GET', '/api/parcels').at(-1)!.query).toMatchObject({ view: 'pickup', city: 'CASA' });
    await user.click(within(picker).getByTestId('tab-RBA'));
    await within(picker).findByText('CLVRABAT001');
    expect(server.callsTo('GET', '/api/parcels').at(-1)!.query).toMatchObject({ view: 'pickup', city: 'RBA' });
    await user.click(within(picker).getByTestId('tab-CASA'));
    await within(picker).findByText('CLVPICKED02');

    await scan(user, 'clvpicked01');
    await waitFor(() => expect(within(panel).getByTestId('scan-feedback')).toHaveTextContent('CLVPICKED01 ajouté (1)'));
    expect(within(panel).getByTestId('scan-feedback')).toHaveAttribute('data-outcome', 'hit');
    await scan(user, 'CLVPICKED01');
    await waitFor(() => expect(within(panel).getByTestId('scan-feedback')).toHaveTextContent('CLVPICKED01 déjà dans la liste'));
    expect(within(panel).getByTestId('scan-feedback')).toHaveAttribute('data-outcome', 'duplicate');
    await scan(user, 'CLVNEWPARC1');
    await waitFor(() => expect(within(panel).getByTestId('scan-feedback')).toHaveTextContent('CLVNEWPARC1 n’est pas ramassé (Nouveau colis)'));
    expect(within(panel).getByTestId('scan-feedback')).toHaveAttribute('data-outcome', 'miss');
    await scan(user, 'CLVUNKNOWN1');
    await waitFor(() => expect(within(panel).getByTestId('scan-feedback')).toHaveTextContent('CLVUNKNOWN1 : colis introuvable'));
    await scan(user, 'CLVMARRAK01');
    await waitFor(() => expect(within(panel).getByTestId('scan-feedback')).toHaveTextContent('CLVMARRAK01 ajouté, mais hors zone (Marrakech)'));

    // And one ticked in the picker: ticking puts it on the list.
    await user.click(within(picker).getByRole('checkbox', { name: 'Sélectionner CLVPICKED02' }));
    const list = within(panel).getByTestId('ship-list');
    expect(within(list).getByTestId('ship-count')).toHaveTextContent('À expédier : 3 colis');
    const flagged = within(list).getAllByTestId('out-of-zone');
    expect(flagged).toHaveLength(1);
    expect(flagged[0].closest('[data-testid="table-row"]')).toHaveAttribute('data-key', 'CLVMARRAK01');
    expect(within(list).getByTestId('ship-force-box')).toHaveTextContent('1 colis hors des villes de Hamid Ouazzani.');

    // Without "Forcer", the server refuses on `parcels`: its message shows under the list, and
    // once the confirmation has closed it takes the focus and is said (as a form's refusal).
    await user.click(within(list).getByTestId('ship-submit'));
    await confirm(user);
    const refused = await within(list).findByTestId('parcels-error');
    expect(refused).toHaveTextContent('CLVMARRAK01 : Marrakech n’est pas desservie');
    await waitFor(() => expect(refused).toHaveFocus());
    expect(within(panel).getByTestId('form-announcer')).toHaveTextContent('CLVMARRAK01 : Marrakech n’est pas desservie par Hamid Ouazzani.');
    expect(server.callsTo('PUT', '/api/parcels/delivery')[0].body).toEqual({
      delivery_admin: 'D1',
      parcels: ['CLVPICKED01', 'CLVMARRAK01', 'CLVPICKED02'],
      force: false,
    });
    await user.click(within(list).getByTestId('ship-force'));
    await user.click(within(list).getByTestId('ship-submit'));
    await confirm(user);
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/delivery')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/parcels/delivery')[1].body).toMatchObject({ force: true });
    // The new exit voucher opens for signature.
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/exit-vouchers/BS7SHIPPED/pdf', 'colivra-exit-voucher', 'width=1000,height=600'));
    expect(await screen.findByTestId('vouchers-notice')).toHaveTextContent('Bon de sortie BS7SHIPPED : 3 colis remis à Hamid Ouazzani.');
    expect(within(list).getByTestId('ship-count')).toHaveTextContent('À expédier : 0 colis');
    open.mockRestore();
  });

  it('takes a parcel off the list, and offers the print button when the browser blocks the pop-up', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const shipped = voucherDetail('BS8SHIPPED', [parcel('CLVPICKED01', picked)], { kind: 'exit', status: 'issued', status_label: 'Remis au livreur', client: null, shop: null, delivery_admin: DELIVERY_PERSON });
    const server = mockServer({
      'GET /api/exit-vouchers': (call) => listReply([], call.query),
      'GET /api/delivery-admins': listReply([deliveryPerson]),
      'GET /api/parcels': parcelPage([]),
      'GET /api/parcels/CLVPICKED01': { status: 200, body: { data: parcel('CLVPICKED01', picked) } },
      'GET /api/parcels/CLVPICKED03': { status: 200, body: { data: parcel('CLVPICKED03', picked) } },
      'PUT /api/parcels/delivery': { status: 201, body: shipped.body },
    });
    renderWithProviders(<ExitVouchersScreen route={route} />, { session: adminSession() });
    const panel = await screen.findByTestId('ship-panel');
    await user.click(within(panel).getByLabelText(/^Livreur/));
    await user.click(await screen.findByRole('option', { name: /Hamid Ouazzani/ }));
    await scan(user, 'CLVPICKED01');
    await waitFor(() => expect(within(panel).getByTestId('ship-count')).toHaveTextContent('À expédier : 1 colis'));
    await scan(user, 'CLVPICKED03');
    await waitFor(() => expect(within(panel).getByTestId('ship-count')).toHaveTextContent('À expédier : 2 colis'));
    await user.click(within(panel).getByRole('button', { name: 'Retirer de la liste CLVPICKED03' }));
    expect(within(panel).getByTestId('ship-count')).toHaveTextContent('À expédier : 1 colis');
    await user.click(within(panel).getByTestId('ship-submit'));
    await confirm(user);
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/delivery')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/delivery')[0].body).toEqual({ delivery_admin: 'D1', parcels: ['CLVPICKED01'], force: false });
    const notice = await screen.findByTestId('vouchers-notice');
    open.mockReturnValue({} as Window);
    await user.click(within(notice).getByRole('button', { name: 'Imprimer' }));
    expect(open).toHaveBeenLastCalledWith('/api/exit-vouchers/BS8SHIPPED/pdf', 'colivra-exit-voucher', 'width=1000,height=600');
    open.mockRestore();
    warn.mockRestore();
  });
});

describe('shipping ticked parcels', () => {
  const shipped = () =>
    voucherDetail('BS9SHIPPED', [], { kind: 'exit', status: 'issued', status_label: 'Remis au livreur', client: null, shop: null, delivery_admin: DELIVERY_PERSON }).body;

  it('ships the parcels only ticked in the picker, after a confirmation naming the count, the delivery person and the cash apart (a refund paid out)', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const server = mockServer({
      'GET /api/exit-vouchers': (call) => listReply([], call.query),
      'GET /api/delivery-admins': listReply([deliveryPerson]),
      'GET /api/parcels': parcelPage([
        parcel('CLVTICKED01', { ...picked, cod_amount: 300000 }),
        parcel('CLVTICKED02', { ...picked, cod_amount: 45000, kind: 'refund' }),
        parcel('CLVTICKED03', picked),
      ]),
      'PUT /api/parcels/delivery': { status: 201, body: shipped() },
    });
    renderWithProviders(<ExitVouchersScreen route={route} />, { session: adminSession() });
    const panel = await chooseDeliveryPerson(user);
    const picker = within(panel).getByTestId('ship-picker');
    await within(picker).findByText('CLVTICKED01');
    await user.click(within(picker).getByRole('checkbox', { name: 'Sélectionner CLVTICKED01' }));
    await user.click(within(picker).getByRole('checkbox', { name: 'Sélectionner CLVTICKED02' }));
    expect(within(panel).getByTestId('ship-count')).toHaveTextContent('À expédier : 2 colis');
    expect(within(panel).getByTestId('ship-submit')).toHaveTextContent('Expédier (2)');

    await user.click(within(panel).getByTestId('ship-submit'));
    const dialog = await screen.findByTestId('ship-confirm');
    expect(dialog).toHaveTextContent('Remettre 2 colis à Hamid Ouazzani ?');
    // The 450 DH refund is paid out to the customer: never added to what is collected.
    expect(within(dialog).getByTestId('ship-confirm-cash-collect-value')).toHaveTextContent(/^3 000,00\sDH$/);
    expect(within(dialog).getByTestId('ship-confirm-cash-pay-out-value')).toHaveTextContent(/^450,00\sDH$/);
    expect(within(dialog).getByTestId('ship-confirm-cash-net-value')).toHaveTextContent(/^2 550,00\sDH$/);
    expect(dialog.textContent).not.toMatch(/3\s450,00/);
    expect(within(panel).getByTestId('ship-cash')).toHaveTextContent(/À encaisser : 3 000,00\sDH\s*À rembourser : 450,00\sDH\s*Net à encaisser : 2 550,00\sDH/);
    expect(within(dialog).getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/parcels/delivery')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/delivery')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/delivery')[0].body).toEqual({ delivery_admin: 'D1', parcels: ['CLVTICKED01', 'CLVTICKED02'], force: false });
    expect(await screen.findByTestId('vouchers-notice')).toHaveTextContent('Bon de sortie BS9SHIPPED');
    open.mockRestore();
  });

  it('ships ticked and scanned parcels once each, a scanned parcel showing ticked in the picker', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const server = mockServer({
      'GET /api/exit-vouchers': (call) => listReply([], call.query),
      'GET /api/delivery-admins': listReply([deliveryPerson]),
      'GET /api/parcels': parcelPage([parcel('CLVTICKED01', picked), parcel('CLVTICKED02', picked)]),
      'GET /api/parcels/CLVTICKED01': { status: 200, body: { data: parcel('CLVTICKED01', picked) } },
      'GET /api/parcels/CLVSCANNED1': { status: 200, body: { data: parcel('CLVSCANNED1', picked) } },
      'PUT /api/parcels/delivery': { status: 201, body: shipped() },
    });
    renderWithProviders(<ExitVouchersScreen route={route} />, { session: adminSession() });
    const panel = await chooseDeliveryPerson(user);
    const picker = within(panel).getByTestId('ship-picker');
    await within(picker).findByText('CLVTICKED01');
    // Scanned: on the list, and ticked in the picker.
    await scan(user, 'CLVTICKED01');
    await waitFor(() => expect(within(panel).getByTestId('ship-count')).toHaveTextContent('À expédier : 1 colis'));
    expect(within(picker).getByRole('checkbox', { name: 'Sélectionner CLVTICKED01' })).toBeChecked();
    await scan(user, 'CLVSCANNED1');
    await waitFor(() => expect(within(panel).getByTestId('ship-count')).toHaveTextContent('À expédier : 2 colis'));
    // Ticked: on the list too; unticked: off it.
    await user.click(within(picker).getByRole('checkbox', { name: 'Sélectionner CLVTICKED02' }));
    expect(within(panel).getByTestId('ship-count')).toHaveTextContent('À expédier : 3 colis');
    await user.click(within(picker).getByRole('checkbox', { name: 'Sélectionner CLVTICKED01' }));
    expect(within(panel).getByTestId('ship-count')).toHaveTextContent('À expédier : 2 colis');
    await user.click(within(picker).getByRole('checkbox', { name: 'Sélectionner CLVTICKED01' }));
    // Scanned again once ticked: already on the list.
    await scan(user, 'CLVTICKED02');
    await waitFor(() => expect(within(panel).getByTestId('scan-feedback')).toHaveTextContent('CLVTICKED02 déjà dans la liste'));
    expect(within(panel).getByTestId('ship-count')).toHaveTextContent('À expédier : 3 colis');

    await user.click(within(panel).getByTestId('ship-submit'));
    const dialog = await screen.findByTestId('ship-confirm');
    expect(dialog).toHaveTextContent('Remettre 3 colis à Hamid Ouazzani ?');
    expect(within(dialog).getByTestId('ship-confirm-cash-collect-value')).toHaveTextContent(/^747,00\sDH$/);
    expect(within(dialog).getByTestId('ship-confirm-cash-pay-out-value')).toHaveTextContent(/^0,00\sDH$/);
    await confirm(user);
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/delivery')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/delivery')[0].body).toEqual({
      delivery_admin: 'D1',
      parcels: ['CLVSCANNED1', 'CLVTICKED02', 'CLVTICKED01'],
      force: false,
    });
    open.mockRestore();
  });

  it('sends nothing when the confirmation is left with "Retour"', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/exit-vouchers': (call) => listReply([], call.query),
      'GET /api/delivery-admins': listReply([deliveryPerson]),
      'GET /api/parcels': parcelPage([parcel('CLVTICKED01', picked)]),
      'PUT /api/parcels/delivery': { status: 201, body: shipped() },
    });
    renderWithProviders(<ExitVouchersScreen route={route} />, { session: adminSession() });
    const panel = await chooseDeliveryPerson(user);
    const picker = within(panel).getByTestId('ship-picker');
    await within(picker).findByText('CLVTICKED01');
    await user.click(within(picker).getByRole('checkbox', { name: 'Sélectionner CLVTICKED01' }));
    await user.click(within(panel).getByTestId('ship-submit'));
    const dialog = await screen.findByTestId('ship-confirm');
    await user.click(within(dialog).getByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(screen.queryByTestId('ship-confirm')).not.toBeInTheDocument());
    expect(server.callsTo('PUT', '/api/parcels/delivery')).toHaveLength(0);
    // Still on the list, ready to ship.
    expect(within(panel).getByTestId('ship-count')).toHaveTextContent('À expédier : 1 colis');
  });
});
