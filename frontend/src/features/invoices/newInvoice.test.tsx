import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { RouteDef } from '../../navigation/types';
import { adminSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import NewInvoiceScreen from './NewInvoiceScreen';
import { merchantInvoice, deliveryInvoice, line, linesReply, unpaidDeliveryPerson, unpaidShop } from './testData';

const routeOf = (name: string): RouteDef => ROLE_ROUTES.admin.find((r) => r.name === name)!;

const MERCHANT_LINES = [
  line('K1', {}, 'client'),
  line('K2', { cod_amount: 20000, amount: 16500, recipient_name: 'Youssef Alami' }, 'client'),
  line('K3', { kind: 'refund', cod_amount: -10000, fee: 3500, amount: -13500, recipient_name: 'Nadia Tazi' }, 'client'),
];

describe("the admin's new client invoice", () => {
  it('lists the shops with parcels to invoice (missing RIB flagged), drafts one without an unticked parcel', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/shops/unpaid/delivered': (call) =>
        listReply([unpaidShop('S1'), unpaidShop('S2', { name: 'Dar Zellige', bank_account: null, client: { key: 'M2', name: 'Zellige SARL' }, total: 12000 })], call.query),
      'GET /api/shops/unpaid/returned': (call) => listReply([unpaidShop('S3', { name: 'Souk Rabat', cod_total: 0, fees_total: 3000, total: -3000 })], call.query),
      'GET /api/shops/unpaid/delivered/S1': linesReply(MERCHANT_LINES),
      'POST /api/clients/invoices': { status: 201, body: { data: merchantInvoice('FC1', { parcels_count: 2, cod_total: 14900, fees_total: 7000, total: 7900 }) } },
    });
    renderWithProviders(<NewInvoiceScreen route={routeOf('create-client-invoice')} />, { session: adminSession(), path: '/compte/creer-facture-client' });
    const rows = await screen.findAllByTestId('table-row');
    expect(server.callsTo('GET', '/api/shops/unpaid/delivered')[0].query).toEqual({ page: '1', per_page: '25' });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Boutique Atlas');
    expect(rows[0]).toHaveTextContent('Atlas SARL');
    expect(rows[0]).toHaveTextContent(/543,00\sDH/);
    expect(within(rows[0]).queryByTestId('rib-missing')).not.toBeInTheDocument();
    expect(within(rows[1]).getByTestId('rib-missing')).toHaveTextContent('RIB manquant');

    await user.click(within(rows[0]).getByText('Boutique Atlas'));
    const drawer = await screen.findByTestId('holder-drawer');
    expect(within(drawer).getByTestId('holder-name')).toHaveTextContent('Boutique Atlas');
    const summary = await within(drawer).findByTestId('eligible-summary');
    // Every parcel ticked first: 249 + 200 − 100 collected, 3 × 35 fees, 304,00 to pay.
    expect(within(summary).getByTestId('eligible-summary-cod-value')).toHaveTextContent(/^349,00\sDH$/);
    expect(within(summary).getByTestId('eligible-summary-deductions-value')).toHaveTextContent(/105,00\sDH$/);
    expect(within(summary).getByTestId('eligible-summary-total')).toHaveTextContent(/À verser244,00\sDH/);
    expect(within(drawer).getAllByTestId('row-select').every((box) => (box.querySelector('input') as HTMLInputElement).checked)).toBe(true);
    expect(within(drawer).getByText('Remboursement')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('checkbox', { name: 'Sélectionner K2' }));
    expect(within(summary).getByTestId('eligible-summary-total-value')).toHaveTextContent(/^79,00\sDH$/);
    await user.click(within(drawer).getByTestId('eligible-lines-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/clients/invoices')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/clients/invoices')[0].body).toEqual({ shop: 'S1', type: 'delivered', parcels: ['K1', 'K3'] });
    const notice = await screen.findByTestId('invoices-notice');
    expect(notice).toHaveTextContent(/Brouillon créé pour Boutique Atlas : 2 colis, 79,00\sDH\./);
    await waitFor(() => expect(screen.queryByTestId('holder-drawer')).not.toBeInTheDocument());
    // The draft opens on its list.
    await user.click(within(notice).getByTestId('draft-open'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/compte/factures-clients-livrees'));

    // Returned parcels: the other tab.
    await user.click(screen.getByTestId('tab-returned'));
    expect(await screen.findByText('Souk Rabat')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/shops/unpaid/returned')[0].query).toEqual({ page: '1', per_page: '25' });
  });

  it('shows a 422 naming parcels no longer eligible, and the empty list', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/shops/unpaid/delivered': (call) => listReply([unpaidShop('S1')], call.query),
      'GET /api/shops/unpaid/delivered/S1': linesReply(MERCHANT_LINES),
      'POST /api/clients/invoices': { status: 422, body: { message: 'Données invalides.', errors: { parcels: ['Colis non facturables : K3.'] } } },
    });
    const view = renderWithProviders(<NewInvoiceScreen route={routeOf('create-client-invoice')} />, { session: adminSession() });
    await user.click(within((await screen.findAllByTestId('table-row'))[0]).getByText('Boutique Atlas'));
    const drawer = await screen.findByTestId('holder-drawer');
    await user.click(await within(drawer).findByTestId('eligible-lines-submit'));
    expect(await within(drawer).findByTestId('eligible-lines-error')).toHaveTextContent('Colis non facturables : K3.');
    view.unmount();

    mockServer({ 'GET /api/shops/unpaid/delivered': (call) => listReply([], call.query) });
    renderWithProviders(<NewInvoiceScreen route={routeOf('create-client-invoice')} />, { session: adminSession() });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucune boutique n’a de colis livrés à facturer.');
  });
});

describe("the admin's new delivery invoice", () => {
  it('lists who holds cash, opens one with his parcels all ticked and drafts them all', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/delivery-admins/parcels/unpaid': (call) => listReply([unpaidDeliveryPerson()], call.query),
      'GET /api/delivery-admins/D1/parcels/unpaid': linesReply([line('K1'), line('K2'), line('K3', { status: 'refused', status_label: 'Refusé', cod_amount: 0, commission: 1000, amount: -1000 })]),
      'POST /api/delivery-admins/invoices': { status: 201, body: { data: deliveryInvoice('FL9', { parcels_count: 3 }) } },
    });
    renderWithProviders(<NewInvoiceScreen route={routeOf('create-delivery-invoice')} />, { session: adminSession() });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(row).toHaveTextContent('Hamid Ouazzani');
    expect(row).toHaveTextContent(/648,00\sDH/);
    expect(within(row).getByTestId('holder-total')).toHaveTextContent(/^588,00\sDH$/);
    await user.click(within(row).getByText('Hamid Ouazzani'));
    const drawer = await screen.findByTestId('holder-drawer');
    const summary = await within(drawer).findByTestId('eligible-summary');
    expect(within(summary).getByTestId('eligible-summary-total')).toHaveTextContent(/À remettre448,00\sDH/);
    await user.click(within(drawer).getByTestId('eligible-lines-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/delivery-admins/invoices')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/delivery-admins/invoices')[0].body).toEqual({ delivery_admin: 'D1', parcels: ['K1', 'K2', 'K3'] });
    expect(await screen.findByTestId('invoices-notice')).toHaveTextContent(/Brouillon créé pour Hamid Ouazzani : 3 colis, 409,00\sDH\./);
    // The holders list is asked again.
    await waitFor(() => expect(server.callsTo('GET', '/api/delivery-admins/parcels/unpaid')).toHaveLength(2));
  });
});
