import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { Role, RouteDef } from '../../navigation/types';
import { adminSession, merchantSession, deliverySession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import ParcelsScreen from './ParcelsScreen';
import { stateChoices, stateRequirements } from '../../components/parcel/states';
import { parcel, parcelPage } from '../../components/parcel/testData';
import type { Parcel } from '../../components/parcel/api';
import { PARCEL_VIEWS, parcelListRoute, parcelViewOf } from '../../components/parcel/views';

function routeOf(role: Role, name: string): RouteDef {
  const route = ROLE_ROUTES[role].find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name} for ${role}`);
  return route;
}

describe('parcel list configuration', () => {
  it('maps every parcel route of every role to the view of the brief', () => {
    const views = Object.fromEntries(
      (Object.keys(PARCEL_VIEWS) as Role[]).map((role) => [
        role,
        Object.fromEntries(Object.entries(PARCEL_VIEWS[role]).map(([name, config]) => [name, config.view])),
      ]),
    );
    expect(views).toEqual({
      client: {
        'new-parcels': 'new',
        'to-confirm-parcels': 'to-confirm',
        'all-parcels': 'all',
        'sent-parcels': 'sent',
        'delivered-parcels': 'delivered',
        'return-parcels': 'returned',
        refunds: 'refunds',
        exchanges: 'exchanges',
      },
      admin: {
        'all-parcels': 'all',
        'pickup-parcels': 'pickup',
        'sent-parcels': 'sent',
        'delivered-parcels': 'delivered',
        'canceled-parcels': 'canceled',
        'return-parcels': 'returned',
        refunds: 'refunds',
        exchanges: 'exchanges',
      },
      'delivery-admin': {
        'all-parcels': 'all',
        'delivered-parcels': 'delivered',
        refunds: 'refunds',
        exchanges: 'exchanges',
      },
    });
  });

  it('has a view for every route showing the parcel screen, and a parcel screen for every view', () => {
    for (const role of Object.keys(ROLE_ROUTES) as Role[]) {
      const parcelRoutes = ROLE_ROUTES[role].filter((route) => route.screen === 'parcels').map((route) => route.name);
      expect(parcelRoutes.sort(), role).toEqual(Object.keys(PARCEL_VIEWS[role]).sort());
      for (const name of parcelRoutes) expect(parcelViewOf(role, name), `${role} ${name}`).not.toBeNull();
    }
    expect(parcelViewOf('delivery-admin', 'canceled-parcels')).toBeNull();
    expect(parcelViewOf(null, 'all-parcels')).toBeNull();
  });

  it('gives merchants the pickup voucher and cancel bulk actions on new parcels, everybody the labels, admins the merchant and delivery person columns', () => {
    expect(PARCEL_VIEWS.client['new-parcels'].bulk).toEqual(['pickup', 'labels', 'cancel']);
    // Orders waiting for our agents' call: cancelled, not yet on a pickup voucher.
    expect(PARCEL_VIEWS.client['to-confirm-parcels'].bulk).toEqual(['labels', 'cancel']);
    expect(PARCEL_VIEWS.admin['all-parcels'].bulk).toEqual(['labels']);
    expect(PARCEL_VIEWS['delivery-admin']['all-parcels'].bulk).toEqual(['labels']);
    expect(PARCEL_VIEWS.admin['all-parcels'].columns).toEqual(expect.arrayContaining(['merchant', 'delivery_admin']));
    expect(PARCEL_VIEWS.client['all-parcels'].columns).toContain('shop');
    expect(PARCEL_VIEWS.client['all-parcels'].columns).not.toContain('delivery_admin');
  });

  it('opens searched parcels in all-parcels, else in the first parcel list held', () => {
    expect(parcelListRoute('delivery-admin', [])).toBe('all-parcels');
    expect(parcelListRoute('client', ['dashboard', 'new-parcels', 'all-parcels'])).toBe('all-parcels');
    expect(parcelListRoute('client', ['dashboard', 'delivered-parcels'])).toBe('delivered-parcels');
    expect(parcelListRoute('admin', ['dashboard', 'cities'])).toBeNull();
  });
});

describe('state dialog rules', () => {
  it('requires a date for postponed and scheduled, a reason for refused, cancelled, lost and damaged', () => {
    expect(stateRequirements('delivery-admin', 'out_for_delivery', 'postponed')).toEqual({ date: true, comment: false, forced: false });
    expect(stateRequirements('delivery-admin', 'no_answer', 'scheduled')).toEqual({ date: true, comment: false, forced: false });
    expect(stateRequirements('delivery-admin', 'out_for_delivery', 'refused')).toEqual({ date: false, comment: true, forced: false });
    expect(stateRequirements('delivery-admin', 'out_for_delivery', 'delivered')).toEqual({ date: false, comment: false, forced: false });
    expect(stateRequirements('admin', 'picked_up', 'lost')).toEqual({ date: false, comment: true, forced: false });
    expect(stateRequirements('admin', 'delivered', 'damaged')).toEqual({ date: false, comment: true, forced: false });
    // An admin forcing a move outside the flow justifies it.
    expect(stateRequirements('admin', 'new', 'delivered')).toEqual({ date: false, comment: true, forced: true });
    expect(stateRequirements('admin', 'picked_up', 'out_for_delivery')).toEqual({ date: false, comment: false, forced: false });
    // An order « à confirmer » is confirmed (new) or cancelled in the flow; anything else is forced.
    expect(stateRequirements('admin', 'to_confirm', 'new')).toEqual({ date: false, comment: false, forced: false });
    expect(stateRequirements('admin', 'to_confirm', 'cancelled')).toEqual({ date: false, comment: true, forced: false });
    expect(stateRequirements('admin', 'to_confirm', 'awaiting_pickup')).toEqual({ date: false, comment: true, forced: true });
  });

  it('offers a delivery person the outcomes of a parcel he holds, an admin every other status', () => {
    expect(stateChoices('delivery-admin', 'out_for_delivery')).toEqual([
      'no_answer',
      'unreachable',
      'wrong_number',
      'postponed',
      'scheduled',
      'delivered',
      'refused',
      'cancelled',
    ]);
    expect(stateChoices('delivery-admin', 'postponed')).not.toContain('postponed');
    expect(stateChoices('delivery-admin', 'delivered')).toEqual([]);
    // Every other status, « à confirmer » among them (the order goes back to the agents' queue).
    expect(stateChoices('admin', 'new')).toHaveLength(16);
    expect(stateChoices('admin', 'new')).toContain('to_confirm');
    expect(stateChoices('client', 'new')).toEqual([]);
  });
});

describe('parcels screen', () => {
  it('lists a merchant view from the server with its columns, and opens a parcel with its fees and history', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': parcelPage([parcel('CLV7K3QX9M2'), parcel('CLV8A2B3C4D', { recipient_name: 'Youssef Alami', cod_amount: 15000 })]),
      'GET /api/shops': listReply([]),
      'GET /api/parcels/CLV7K3QX9M2': { status: 200, body: { data: parcel('CLV7K3QX9M2', { reference: 'CMD-1001' }) } },
      'GET /api/parcels/CLV7K3QX9M2/states': {
        status: 200,
        body: {
          data: [
            { status: 'new', status_label: 'Nouveau colis', comment: null, date: null, user_name: 'Samira Bennani', created_at: '2026-03-02T09:30:00Z' },
            { status: 'cancelled', status_label: 'Annulé', comment: 'Client injoignable', date: null, user_name: 'Samira Bennani', created_at: '2026-03-02T10:00:00Z' },
          ],
        },
      },
    });
    renderWithProviders(<ParcelsScreen route={routeOf('client', 'new-parcels')} />, { session: merchantSession(), path: '/compte/nouveaux-colis' });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    expect(server.callsTo('GET', '/api/parcels')[0].query).toEqual({ view: 'new', page: '1', per_page: '25', sort: '-created_at' });
    expect(rows[0]).toHaveTextContent('CLV7K3QX9M2');
    expect(rows[0]).toHaveTextContent('Amina Benali');
    expect(rows[0]).toHaveTextContent('249,00 DH');
    expect(rows[0]).toHaveTextContent('Nouveau colis');
    expect(rows[0]).toHaveTextContent('Boutique Atlas');
    expect(within(rows[0]).getByRole('link', { name: /0612345678/ })).toHaveAttribute('href', 'tel:0612345678');
    expect(screen.getByTestId('table-pagination')).toHaveTextContent('1–2 sur 2');
    // The merchant's actions come from the row's `actions`.
    expect(within(rows[0]).getByRole('button', { name: 'Modifier CLV7K3QX9M2' })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Annuler le colis CLV7K3QX9M2' })).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: /Changer le statut/ })).not.toBeInTheDocument();

    await user.click(within(rows[0]).getByText('Amina Benali'));
    const drawer = await screen.findByTestId('parcel-detail');
    expect(screen.getByTestId('location')).toHaveTextContent('/compte/nouveaux-colis');
    expect(drawer).toHaveTextContent('CMD-1001');
    expect(within(drawer).getByTestId('parcel-fees')).toHaveTextContent('35,00 DH');
    expect(within(drawer).getByTestId('parcel-fees')).toHaveTextContent('10,00 DH');
    expect(within(drawer).getByTestId('parcel-fees')).toHaveTextContent('15,00 DH');
    const history = await within(drawer).findAllByTestId('history-entry');
    // Newest first.
    expect(history.map((entry) => entry.dataset.status)).toEqual(['cancelled', 'new']);
    expect(history[0]).toHaveTextContent('Client injoignable');
    expect(history[0]).toHaveTextContent('Samira Bennani');
  });

  it("lists the merchant's orders « à confirmer » (view=to-confirm): edited, deleted or cancelled, no pickup voucher yet", async () => {
    const user = userEvent.setup();
    const waiting = parcel('K7', { status: 'to_confirm', status_label: 'À confirmer', actions: ['edit', 'delete', 'cancel', 'change-address'] });
    const server = mockServer({
      'GET /api/parcels': parcelPage([waiting]),
      'GET /api/shops': listReply([]),
    });
    renderWithProviders(<ParcelsScreen route={routeOf('client', 'to-confirm-parcels')} />, { session: merchantSession(), path: '/compte/colis-a-confirmer' });
    const row = await screen.findByTestId('table-row');
    expect(server.callsTo('GET', '/api/parcels')[0].query).toMatchObject({ view: 'to-confirm' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('À confirmer');
    expect(screen.getByTestId('parcels-screen')).toHaveTextContent('Vos commandes que nos agents appellent pour les confirmer avant le ramassage');
    expect(within(row).getByTestId('parcel-status')).toHaveTextContent('À confirmer');
    expect(within(row).getByTestId('parcel-status')).toHaveAttribute('data-status', 'to_confirm');
    for (const name of ['Modifier K7', 'Supprimer K7', 'Annuler le colis K7']) expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    // One status only: no status filter.
    expect(screen.queryByTestId('filter-status')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('checkbox'));
    expect(screen.getByTestId('bulk-cancel')).toBeInTheDocument();
    expect(screen.queryByTestId('bulk-pickup')).not.toBeInTheDocument();
  });

  it("shows where a delivered parcel's money stands: cash with the delivery person, cashed in, paid out", async () => {
    const user = userEvent.setup();
    const delivered: Partial<Parcel> = { status: 'delivered', status_label: 'Livré', actions: [] };
    const awaiting = parcel('CLV1AWAIT', { ...delivered, payout_state: 'awaiting_cash' });
    mockServer({
      'GET /api/parcels': parcelPage([
        awaiting,
        parcel('CLV2TOPAY', { ...delivered, payout_state: 'to_pay' }),
        parcel('CLV3PAID', { ...delivered, payout_state: 'paid', client_completed_invoice: 'FC-2026-0001' }),
        parcel('CLV4NEW'),
      ]),
      'GET /api/shops': listReply([]),
      'GET /api/cities': listReply([]),
      'GET /api/parcels/CLV1AWAIT': { status: 200, body: { data: awaiting } },
      'GET /api/parcels/CLV1AWAIT/states': { status: 200, body: { data: [] } },
      'GET /api/parcels/CLV1AWAIT/proofs': { status: 200, body: { data: [] } },
    });
    const view = renderWithProviders(<ParcelsScreen route={routeOf('client', 'delivered-parcels')} />, { session: merchantSession(), path: '/compte/colis-livres' });
    const rows = await screen.findAllByTestId('table-row');
    const payout = (row: HTMLElement) => within(row).queryByTestId('parcel-payout');
    expect(payout(rows[0])).toHaveTextContent(/^Espèces chez le livreur$/);
    expect(payout(rows[0])).toHaveAttribute('data-state', 'awaiting_cash');
    expect(payout(rows[0])).toHaveClass('MuiChip-colorWarning');
    expect(payout(rows[1])).toHaveTextContent(/^Encaissé, à verser$/);
    expect(payout(rows[1])).toHaveClass('MuiChip-colorInfo');
    expect(payout(rows[2])).toHaveTextContent(/^Versé$/);
    expect(payout(rows[2])).toHaveClass('MuiChip-colorSuccess');
    // Not delivered: nothing beside the status.
    expect(payout(rows[3])).not.toBeInTheDocument();

    await user.click(within(rows[0]).getByText('Amina Benali'));
    const drawer = await screen.findByTestId('parcel-detail');
    expect(within(drawer).getByTestId('parcel-payout')).toHaveTextContent('Espèces chez le livreur');
    view.unmount();

    // A delivery person's lists leave the merchant's payout out.
    mockServer({ 'GET /api/parcels': parcelPage([awaiting]), 'GET /api/cities': listReply([]) });
    renderWithProviders(<ParcelsScreen route={routeOf('delivery-admin', 'all-parcels')} />, { session: deliverySession() });
    const [row] = await screen.findAllByTestId('table-row');
    expect(row).toHaveTextContent('Livré');
    expect(within(row).queryByTestId('parcel-payout')).not.toBeInTheDocument();
  });

  it('filters by search text, status and dates on the server, and pages with the cursor', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': (call) =>
        call.query.cursor
          ? parcelPage([parcel('P2')], { total: null })
          : parcelPage([parcel('P1', { status: 'delivered', status_label: 'Livré', actions: [] })], { nextCursor: '100_41', total: 1000, capped: true }),
      'GET /api/shops': listReply([]),
      'GET /api/cities': listReply([]),
    });
    renderWithProviders(<ParcelsScreen route={routeOf('client', 'all-parcels')} />, { session: merchantSession(), path: '/compte/tous-les-colis' });
    await screen.findAllByTestId('table-row');
    expect(screen.getByTestId('table-pagination').textContent).toMatch(/1–1 sur 1\s000\+/);
    const lastQuery = () => server.callsTo('GET', '/api/parcels').at(-1)!.query;

    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(lastQuery()).toEqual({ view: 'all', cursor: '100_41', per_page: '25', sort: '-created_at' }));
    expect(await screen.findByText('P2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(await screen.findByText('P1')).toBeInTheDocument();

    await user.type(screen.getByTestId('table-search'), '0612{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: '0612', page: '1' }));

    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByRole('option', { name: 'Livré' }));
    await user.click(await screen.findByRole('option', { name: 'Reporté' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'postponed,delivered', q: '0612' }));
    await user.keyboard('{Escape}');

    await user.type(screen.getByTestId('filter-from'), '2026-03-01');
    await waitFor(() => expect(lastQuery()).toMatchObject({ from: '2026-03-01' }));
  });

  it('shows the error state with a retry', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/parcels': [{ status: 503, body: { message: 'Base de données indisponible.' } }, parcelPage([parcel('P1')])],
      'GET /api/shops': listReply([]),
    });
    renderWithProviders(<ParcelsScreen route={routeOf('client', 'all-parcels')} />, { session: merchantSession() });
    const error = await screen.findByTestId('table-error');
    expect(error).toHaveTextContent('Base de données indisponible.');
    await user.click(within(error).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findAllByTestId('table-row')).toHaveLength(1);
  });

  it('prints the labels of the selected parcels in a 1000 by 600 pop-up, A6 or four per A4', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    mockServer({
      'GET /api/parcels': parcelPage([parcel('K1'), parcel('K2'), parcel('K3')]),
      'GET /api/shops': listReply([]),
    });
    renderWithProviders(<ParcelsScreen route={routeOf('client', 'all-parcels')} />, { session: merchantSession() });
    await screen.findAllByTestId('table-row');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner K3' }));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('2 colis sélectionnés');
    await user.click(screen.getByTestId('labels-button'));
    await user.click(await screen.findByTestId('labels-a4'));
    expect(open).toHaveBeenCalledWith('/api/parcels/labels?parcels=K1,K3&layout=a4', 'colivra-labels', 'width=1000,height=600');
    await user.click(screen.getByTestId('labels-button'));
    await user.click(await screen.findByTestId('labels-a6'));
    expect(open).toHaveBeenLastCalledWith('/api/parcels/labels?parcels=K1,K3&layout=a6', 'colivra-labels', 'width=1000,height=600');
  });

  it('cancels a parcel with a reason, and several selected ones at once', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': parcelPage([parcel('K1'), parcel('K2'), parcel('K3', { status: 'picked_up', status_label: 'Ramassé', actions: [] })]),
      'GET /api/shops': listReply([]),
      'PUT /api/parcels/K1/cancel': { status: 200, body: { data: parcel('K1', { status: 'cancelled' }) } },
      'PUT /api/parcels/K2/cancel': { status: 200, body: { data: parcel('K2', { status: 'cancelled' }) } },
      'PUT /api/parcels/K3/cancel': { status: 409, body: { message: 'Un colis « Ramassé » ne peut plus être annulé par le marchand : contactez le support.' } },
    });
    renderWithProviders(<ParcelsScreen route={routeOf('client', 'all-parcels')} />, { session: merchantSession() });
    await user.click(await screen.findByRole('button', { name: 'Annuler le colis K1' }));
    const dialog = await screen.findByTestId('parcel-cancel-dialog');
    // Its close button is not another "Annuler" next to "Annuler le colis".
    expect(within(dialog).getByTestId('form-submit')).toHaveTextContent('Annuler le colis');
    expect(within(dialog).getByTestId('form-cancel')).toHaveTextContent(/^Retour$/);
    expect(within(dialog).queryByRole('button', { name: 'Annuler' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Raison (facultatif)'), 'Commande annulée par le client');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/K1/cancel')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/K1/cancel')[0].body).toEqual({ comment: 'Commande annulée par le client' });
    expect(await screen.findByTestId('parcels-notice')).toHaveTextContent('Colis K1 annulé.');
    await waitFor(() => expect(screen.queryByTestId('parcel-cancel-dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner les lignes de la page' }));
    await user.click(screen.getByTestId('bulk-cancel'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Annuler 3 colis ?');
    expect(within(confirm).getByTestId('confirm-cancel')).toHaveTextContent(/^Retour$/);
    expect(within(confirm).queryByRole('button', { name: 'Annuler' })).not.toBeInTheDocument();
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/K3/cancel')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('parcels-notice')).toHaveTextContent('2 colis annulés, 1 ne peut plus l’être.'));
    // The refused one stays selected.
    expect(screen.getByTestId('selection-count')).toHaveTextContent('1 colis sélectionné');
  });

  it('lets a delivery person record a postponement with its date, and refuses a refusal without a reason', async () => {
    const user = userEvent.setup();
    const out = parcel('K1', { status: 'out_for_delivery', status_label: 'Mis en distribution', actions: ['state'] });
    const server = mockServer({
      'GET /api/parcels': parcelPage([out]),
      'POST /api/parcels/states': (call) => ({
        status: 200,
        body: { data: { ...out, status: (call.body as { status: string }).status, status_label: 'Reporté' } },
      }),
    });
    renderWithProviders(<ParcelsScreen route={routeOf('delivery-admin', 'all-parcels')} />, { session: deliverySession() });
    // No city filter: delivery people may not list the cities.
    await screen.findAllByTestId('table-row');
    expect(screen.queryByRole('combobox', { name: 'Ville' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Changer le statut K1' }));
    const dialog = await screen.findByTestId('state-dialog');
    expect(within(dialog).queryByLabelText(/^Date/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /Nouveau statut/ }));
    await user.click(await screen.findByRole('option', { name: 'Refusé' }));
    expect(within(dialog).getByLabelText(/^Raison/)).toBeRequired();
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Indiquez la raison.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(0);
    // Typing the reason takes the message away.
    await user.type(within(dialog).getByLabelText(/^Raison/), 'Client absent');
    expect(within(dialog).queryByText('Indiquez la raison.')).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Raison/));

    await user.click(within(dialog).getByRole('combobox', { name: /Nouveau statut/ }));
    await user.click(await screen.findByRole('option', { name: 'Reporté' }));
    const date = within(dialog).getByLabelText(/^Date/);
    expect(date).toBeRequired();
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Indiquez la date.')).toBeInTheDocument();
    await user.type(date, '2099-05-04');
    expect(within(dialog).queryByText('Indiquez la date.')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Commentaire/), 'Rappeler le matin');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/parcels/states')[0].body).toEqual({
      parcel: 'K1',
      status: 'postponed',
      date: '2099-05-04',
      comment: 'Rappeler le matin',
    });
    expect(await screen.findByTestId('parcels-notice')).toHaveTextContent('Colis K1 : Reporté.');
  });

  it('asks an admin for a comment to force a move, and shows the server refusal (409)', async () => {
    const user = userEvent.setup();
    const picked = parcel('K9', { status: 'new', status_label: 'Nouveau colis', actions: ['state'] });
    const server = mockServer({
      'GET /api/parcels': parcelPage([picked]),
      'GET /api/clients': listReply([]),
      'GET /api/cities': listReply([]),
      'GET /api/delivery-admins': listReply([]),
      'POST /api/parcels/states': { status: 409, body: { message: 'Le colis a changé entre-temps : rechargez-le.' } },
    });
    renderWithProviders(<ParcelsScreen route={routeOf('admin', 'all-parcels')} />, { session: adminSession() });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows[0]).toHaveTextContent('Atlas SARL');
    await user.click(screen.getByRole('button', { name: 'Changer le statut K9' }));
    const dialog = await screen.findByTestId('state-dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Nouveau statut/ }));
    await user.click(await screen.findByRole('option', { name: 'Livré' }));
    expect(dialog).toHaveTextContent('Ce passage sort du circuit normal');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Un commentaire est obligatoire pour forcer ce passage.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Raison/), 'Livré au dépôt');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByTestId('form-error')).toHaveTextContent('Le colis a changé entre-temps');
    expect(server.callsTo('POST', '/api/parcels/states')[0].body).toEqual({ parcel: 'K9', status: 'delivered', comment: 'Livré au dépôt' });
  });
});
