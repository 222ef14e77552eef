import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { RouteDef } from '../../navigation/types';
import { adminSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { parcel, parcelPage } from '../parcels/testData';
import ExitVouchersScreen from './ExitVouchersScreen';
import { COURIER, voucher, voucherDetail } from './testData';

const route: RouteDef = ROLE_ROUTES.admin.find((r) => r.name === 'delivery-exit-vouchers')!;

const courier = {
  key: COURIER.key,
  full_name: COURIER.name,
  email: 'hamid@colivra.ma',
  phone: COURIER.phone,
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

describe("the admin's exit vouchers", () => {
  it('ships scanned and picked parcels to a delivery person, with "Forcer" for a city he does not serve, then prints the voucher', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const shipped = voucherDetail('BS7SHIPPED', [], { kind: 'exit', status: 'issued', status_label: 'Remis au livreur', client: null, shop: null, delivery_admin: COURIER });
    shipped.body.data.parcels_count = 3;
    const server = mockServer({
      'GET /api/exit-vouchers': (call) => listReply([voucher('BS1EXITEXI', { kind: 'exit', status: 'issued', status_label: 'Remis au livreur', client: null, shop: null, delivery_admin: COURIER })], call.query),
      'GET /api/delivery-admins': listReply([courier]),
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
    expect(within(panel).getByTestId('courier-cities')).toHaveTextContent('Casablanca');
    expect(within(panel).getByTestId('courier-cities')).toHaveTextContent('Rabat');
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

    // And one picked from the list.
    await user.click(within(picker).getByRole('checkbox', { name: 'Sélectionner CLVPICKED02' }));
    await user.click(within(picker).getByTestId('ship-add-selected'));
    // The picker marks what is on the list already.
    expect(within(picker).getByTestId('listed').closest('[data-testid="table-row"]')).toHaveAttribute('data-key', 'CLVPICKED02');
    const list = within(panel).getByTestId('ship-list');
    expect(within(list).getByTestId('ship-count')).toHaveTextContent('À expédier : 3 colis');
    const flagged = within(list).getAllByTestId('out-of-zone');
    expect(flagged).toHaveLength(1);
    expect(flagged[0].closest('[data-testid="table-row"]')).toHaveAttribute('data-key', 'CLVMARRAK01');
    expect(within(list).getByTestId('ship-force-box')).toHaveTextContent('1 colis hors des villes de Hamid Ouazzani.');

    // Without "Forcer", the server refuses on `parcels`: its message shows under the list.
    await user.click(within(list).getByTestId('ship-submit'));
    expect(await within(list).findByTestId('parcels-error')).toHaveTextContent('CLVMARRAK01 : Marrakech n’est pas desservie');
    expect(server.callsTo('PUT', '/api/parcels/delivery')[0].body).toEqual({
      delivery_admin: 'D1',
      parcels: ['CLVPICKED01', 'CLVMARRAK01', 'CLVPICKED02'],
      force: false,
    });
    await user.click(within(list).getByTestId('ship-force'));
    await user.click(within(list).getByTestId('ship-submit'));
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
    const shipped = voucherDetail('BS8SHIPPED', [parcel('CLVPICKED01', picked)], { kind: 'exit', status: 'issued', status_label: 'Remis au livreur', client: null, shop: null, delivery_admin: COURIER });
    const server = mockServer({
      'GET /api/exit-vouchers': (call) => listReply([], call.query),
      'GET /api/delivery-admins': listReply([courier]),
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
