import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { RouteDef } from '../../navigation/types';
import { ALL_MERCHANT_PERMISSIONS, merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { voucher } from '../../components/voucher/testData';
import ParcelsScreen from './ParcelsScreen';
import { parcel, parcelPage } from '../../components/parcel/testData';

function merchantRoute(name: string): RouteDef {
  const route = ROLE_ROUTES.client.find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name}`);
  return route;
}

const NEW = [parcel('K1'), parcel('K2'), parcel('K3'), parcel('K4', { shop: 'S2', shop_name: 'Souk Tanger' })];

describe("a merchant's pickup voucher from his selected new parcels", () => {
  it('sends exactly the selected parcels, then offers the voucher and clears the selection', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': parcelPage(NEW),
      'GET /api/shops': listReply([]),
      'POST /api/pickup-vouchers': { status: 201, body: { data: voucher('BR9CREATED', { parcels_count: 2 }) } },
    });
    renderWithProviders(<ParcelsScreen route={merchantRoute('new-parcels')} />, { session: merchantSession(), path: '/compte/nouveaux-colis' });
    await screen.findAllByTestId('table-row');
    expect(screen.queryByTestId('bulk-pickup')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K3' }));
    const button = screen.getByTestId('bulk-pickup');
    expect(button).toHaveTextContent('Créer un bon de ramassage');
    const listed = server.callsTo('GET', '/api/parcels').length;
    await user.click(button);

    await waitFor(() => expect(server.callsTo('POST', '/api/pickup-vouchers')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/pickup-vouchers')[0].body).toEqual({ parcels: ['K1', 'K3'] });
    const notice = await screen.findByTestId('parcels-notice');
    expect(notice).toHaveTextContent('Bon BR9CREATED créé avec 2 colis.');
    const link = within(notice).getByTestId('pickup-voucher-link');
    expect(link).toHaveTextContent('Voir le bon');
    expect(link).toHaveAttribute('href', '/compte/bons-de-ramassage?bon=BR9CREATED');
    // The parcels left the new ones: the list is asked again, nothing stays selected.
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels').length).toBeGreaterThan(listed));
    expect(screen.queryByTestId('table-selection-bar')).not.toBeInTheDocument();

    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/compte/bons-de-ramassage');
  });

  it('makes one voucher per shop when the selection spans several', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': parcelPage(NEW),
      'GET /api/shops': listReply([]),
      'POST /api/pickup-vouchers': (call) => {
        const keys = (call.body as { parcels: string[] }).parcels;
        return { status: 201, body: { data: voucher(keys.includes('K4') ? 'BR2TANGER' : 'BR1ATLAS', { parcels_count: keys.length }) } };
      },
    });
    renderWithProviders(<ParcelsScreen route={merchantRoute('new-parcels')} />, { session: merchantSession(), path: '/compte/nouveaux-colis' });
    await screen.findAllByTestId('table-row');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K1' }));
    await user.click(screen.getByTestId('bulk-pickup'));

    await waitFor(() => expect(server.callsTo('POST', '/api/pickup-vouchers')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/pickup-vouchers').map((call) => call.body)).toEqual([{ parcels: ['K2', 'K1'] }, { parcels: ['K4'] }]);
    const notice = await screen.findByTestId('parcels-notice');
    expect(notice).toHaveTextContent('2 bons de ramassage créés (un par boutique) : BR1ATLAS, BR2TANGER.');
    expect(within(notice).getByTestId('pickup-voucher-link')).toHaveAttribute('href', '/compte/bons-de-ramassage');
  });

  it('shows a refusal and keeps the parcels selected', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': parcelPage(NEW),
      'GET /api/shops': listReply([]),
      'POST /api/pickup-vouchers': { status: 422, body: { message: 'Données invalides.', errors: { parcels: ['Le colis K2 n’est plus nouveau.'] } } },
    });
    renderWithProviders(<ParcelsScreen route={merchantRoute('new-parcels')} />, { session: merchantSession(), path: '/compte/nouveaux-colis' });
    await screen.findAllByTestId('table-row');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K2' }));
    await user.click(screen.getByTestId('bulk-pickup'));
    expect(await screen.findByTestId('parcels-notice')).toHaveTextContent('Le colis K2 n’est plus nouveau.');
    expect(server.callsTo('POST', '/api/pickup-vouchers')[0].body).toEqual({ parcels: ['K2'] });
    expect(screen.getByTestId('selection-count')).toHaveTextContent('1 colis sélectionné');
  });

  it('is offered on the new parcels only, to a merchant holding the pickup vouchers', async () => {
    const user = userEvent.setup();
    mockServer({ 'GET /api/parcels': parcelPage(NEW), 'GET /api/shops': listReply([]) });
    const all = renderWithProviders(<ParcelsScreen route={merchantRoute('all-parcels')} />, { session: merchantSession() });
    await screen.findAllByTestId('table-row');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K1' }));
    expect(screen.getByTestId('table-selection-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('bulk-pickup')).not.toBeInTheDocument();
    all.unmount();

    const permissions = ALL_MERCHANT_PERMISSIONS.filter((name) => name !== 'pickup-vouchers');
    renderWithProviders(<ParcelsScreen route={merchantRoute('new-parcels')} />, { session: merchantSession({}, { permissions }) });
    await screen.findAllByTestId('table-row');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K1' }));
    expect(screen.getByTestId('table-selection-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('bulk-pickup')).not.toBeInTheDocument();
  });
});
