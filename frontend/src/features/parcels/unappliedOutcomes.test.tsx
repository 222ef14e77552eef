import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer, type RecordedCall } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import { ParcelDrawer } from '../../components/parcel/ParcelDrawer';
import { parcel, unappliedOutcome } from '../../components/parcel/testData';
import type { UnappliedOutcome } from '../../components/parcel/unapplied';
import UnappliedOutcomesScreen from './UnappliedOutcomesScreen';

const DELIVERED = unappliedOutcome('RN1');
// A refund's « Livré »: the cash he paid out to the customer.
const REFUND = unappliedOutcome('RN2', {
  parcel: { key: 'K2', status: 'cancelled', status_label: 'Annulé', recipient_name: 'Omar Tazi', cod_amount: 5000 },
  cash_at_stake: -5000,
  had_proof: false,
});
const POSTPONED = unappliedOutcome('RN3', {
  parcel: { key: 'K3', status: 'out_for_delivery', status_label: 'Mis en distribution', recipient_name: 'Sara Alami', cod_amount: 9900 },
  delivery_admin: { key: 'D2', full_name: 'Hamid Berrada' },
  outcome: 'postponed',
  outcome_label: 'Reporté',
  date: '2026-11-28',
  comment: 'Rappeler demain',
  had_proof: false,
  cash_at_stake: 0,
  reason: 'Ce colis n’est plus confié à ce livreur.',
});
const SETTLED = unappliedOutcome('RN0', {
  state: 'resolved',
  resolution: 'dismiss',
  resolution_comment: 'Colis retrouvé, livré le lendemain',
  resolved_by_name: 'Karim Alaoui',
  resolved_at: '2026-11-27T09:00:00Z',
});

/** The office's list: open ones on `status=open`, settled ones on `status=resolved`; `resolve` answers the PUT of RN1. */
function serve(resolve: (call: RecordedCall) => { status: number; body?: unknown } = () => ({ status: 200, body: { data: { ...DELIVERED, state: 'resolved' } } })) {
  return mockServer({
    'GET /api/parcels/outcomes/unapplied': (call) =>
      call.query.parcel
        ? listReply([DELIVERED, SETTLED], call.query)
        : listReply(call.query.status === 'resolved' ? [SETTLED] : [DELIVERED, REFUND, POSTPONED], call.query),
    'PUT /api/parcels/outcomes/unapplied/RN1': resolve,
    'GET /api/parcels/K1': { status: 200, body: { data: parcel('K1', { status: 'lost', status_label: 'Perdu' }) } },
    'GET /api/parcels/K1/states': { status: 200, body: { data: [] } },
  });
}

const rowOf = async (key: string) => {
  await waitFor(() => expect(screen.getAllByTestId('table-row').length).toBeGreaterThan(0));
  return screen.getAllByTestId('table-row').find((row) => row.getAttribute('data-key') === key)!;
};

describe("the office's refused outcomes (résultats à régler)", () => {
  it('lists the open ones with the cash at stake, a refund as paid out, and opens the parcel', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderWithProviders(<UnappliedOutcomesScreen />, { session: adminSession(), path: '/compte/resultats-a-regler' });
    expect(await screen.findByRole('heading', { name: 'Résultats à régler' })).toBeInTheDocument();
    const delivered = await rowOf('RN1');
    expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied')[0].query).toEqual({ page: '1', per_page: '25', status: 'open' });
    expect(screen.getAllByTestId('table-row')).toHaveLength(3);
    expect(within(delivered).getByTestId('unapplied-parcel')).toHaveTextContent('K1');
    expect(delivered).toHaveTextContent('Perdu');
    expect(delivered).toHaveTextContent('Amina Benali');
    expect(delivered).toHaveTextContent('Youssef El Idrissi');
    expect(within(delivered).getByTestId('unapplied-outcome')).toHaveTextContent('Livré');
    expect(within(delivered).getByTestId('unapplied-outcome')).toHaveTextContent('avec preuve de livraison');
    expect(within(delivered).getByTestId('unapplied-reason')).toHaveTextContent('Ce changement de statut n’est pas permis.');
    expect(delivered).toHaveTextContent(/refusé par le serveur le/);
    expect(within(delivered).getByTestId('cash-at-stake')).toHaveTextContent(/^249,00\sDH\s?encaissés par le livreur$/);
    expect(within(delivered).getByTestId('unapplied-state')).toHaveTextContent('À régler');

    // A refund's cash was paid out: never shown as a negative amount to collect.
    const refund = await rowOf('RN2');
    expect(within(refund).getByTestId('cash-at-stake')).toHaveTextContent(/^50,00\sDH\s?versés au destinataire \(remboursement\)$/);
    expect(within(refund).getByTestId('cash-at-stake')).not.toHaveTextContent('-');
    const postponed = await rowOf('RN3');
    expect(within(postponed).getByTestId('cash-at-stake')).toHaveTextContent(/^—$/);
    expect(within(postponed).getByTestId('unapplied-outcome')).toHaveTextContent('Rappeler demain');

    // The row opens the parcel's drawer, as the parcel lists do.
    await user.click(within(delivered).getByTestId('unapplied-parcel'));
    expect(await screen.findByTestId('parcel-drawer-code')).toHaveTextContent('K1');
  });

  it('dismisses only with a reason, and sends it (a 422 shown under the field)', async () => {
    const user = userEvent.setup();
    const server = serve((call) =>
      (call.body as { comment?: string }).comment === 'x'
        ? { status: 422, body: { message: 'Données invalides.', errors: { comment: ['La raison est trop courte.'] } } }
        : { status: 200, body: { data: { ...DELIVERED, state: 'resolved', resolution: 'dismiss' } } },
    );
    renderWithProviders(<UnappliedOutcomesScreen />, { session: adminSession(), path: '/compte/resultats-a-regler' });
    await user.click(within(await rowOf('RN1')).getByRole('button', { name: 'Écarter K1' }));
    const dialog = await screen.findByTestId('dismiss-dialog');
    expect(dialog).toHaveTextContent('Écarter « Livré » du colis K1');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Indiquez pourquoi ce résultat est écarté.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/parcels/outcomes/unapplied/RN1')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Pourquoi l’écarter/), 'x');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('La raison est trop courte.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Pourquoi l’écarter/));
    await user.type(within(dialog).getByLabelText(/^Pourquoi l’écarter/), '  Colis retrouvé au dépôt ');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await screen.findByTestId('resource-notice')).toHaveTextContent('Résultat écarté pour le colis K1.');
    expect(server.callsTo('PUT', '/api/parcels/outcomes/unapplied/RN1').map((call) => call.body)).toEqual([
      { resolution: 'dismiss', comment: 'x' },
      { resolution: 'dismiss', comment: 'Colis retrouvé au dépôt' },
    ]);
    // Settled: the list is asked again.
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied').length).toBeGreaterThan(1));
  });

  it('applies after confirming, saying the cash it brings, and shows a 409 in the dialog', async () => {
    const user = userEvent.setup();
    const server = serve(() => ({ status: 409, body: { message: 'Ce changement de statut n’est pas permis.' } }));
    renderWithProviders(<UnappliedOutcomesScreen />, { session: adminSession(), path: '/compte/resultats-a-regler' });
    await user.click(within(await rowOf('RN1')).getByRole('button', { name: 'Appliquer K1' }));
    const dialog = await screen.findByTestId('apply-dialog');
    expect(dialog).toHaveTextContent('Appliquer « Livré » au colis K1 ?');
    expect(within(dialog).getByTestId('apply-cash')).toHaveTextContent(/Les 249,00\sDH encaissés s’ajoutent aux espèces qu’il doit remettre\./);
    await user.click(within(dialog).getByTestId('confirm-submit'));
    expect(await within(dialog).findByTestId('confirm-error')).toHaveTextContent('Ce changement de statut n’est pas permis.');
    expect(server.callsTo('PUT', '/api/parcels/outcomes/unapplied/RN1')[0].body).toEqual({ resolution: 'apply' });
    // Refused: the dialog stays open, no notice of success.
    expect(screen.getByTestId('apply-dialog')).toBeVisible();
    expect(screen.queryByText('Résultat appliqué au colis K1.')).not.toBeInTheDocument();
  });

  it('records the cash returned, the comment optional', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderWithProviders(<UnappliedOutcomesScreen />, { session: adminSession(), path: '/compte/resultats-a-regler' });
    await user.click(within(await rowOf('RN1')).getByRole('button', { name: 'Espèces rendues K1' }));
    const dialog = await screen.findByTestId('cash-returned-dialog');
    expect(dialog).toHaveTextContent(/Les espèces en jeu \(249,00\sDH\) sont réglées avec Youssef El Idrissi\. Le colis ne change pas\./);
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await screen.findByTestId('resource-notice')).toHaveTextContent('Espèces rendues notées pour le colis K1.');
    expect(server.callsTo('PUT', '/api/parcels/outcomes/unapplied/RN1')[0].body).toEqual({ resolution: 'cash_returned' });
  });

  it('shows the settled ones with how and by whom, without actions, as cards on a phone', async () => {
    const user = userEvent.setup();
    setViewportWidth(390);
    const server = serve();
    renderWithProviders(<UnappliedOutcomesScreen />, { session: adminSession(), path: '/compte/resultats-a-regler' });
    await rowOf('RN1');
    await user.click(screen.getByTestId('tab-resolved'));
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied').at(-1)!.query).toMatchObject({ status: 'resolved' });
    const card = screen.getByTestId('table-row');
    // A card (no table cell) at 390 px.
    expect(card.tagName).not.toBe('TR');
    expect(within(card).getByTestId('unapplied-state')).toHaveTextContent('Écarté');
    expect(within(card).getByTestId('unapplied-resolution')).toHaveTextContent(/par Karim Alaoui · .* · « Colis retrouvé, livré le lendemain »/);
    expect(within(card).queryByRole('button', { name: /Appliquer|Écarter|Espèces rendues/ })).not.toBeInTheDocument();
  });

  it('says when there is nothing to settle', async () => {
    mockServer({ 'GET /api/parcels/outcomes/unapplied': (call) => listReply([] as UnappliedOutcome[], call.query) });
    renderWithProviders(<UnappliedOutcomesScreen />, { session: adminSession(), path: '/compte/resultats-a-regler' });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucun résultat à régler.');
  });
});

describe("a parcel's refused outcomes, in its drawer", () => {
  it('shows an admin each one with its cash at stake and its state, and leads to the screen', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => undefined} />, { session: adminSession(), path: '/compte/tous-les-colis' });
    const section = await screen.findByTestId('parcel-unapplied');
    expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied')[0].query).toEqual({ parcel: 'K1', per_page: '100' });
    const items = within(section).getAllByTestId('parcel-unapplied-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('« Livré » de Youssef El Idrissi');
    expect(within(items[0]).getByTestId('cash-at-stake')).toHaveTextContent(/249,00\sDH/);
    expect(within(items[0]).getByTestId('unapplied-state')).toHaveTextContent('À régler');
    expect(items[0]).toHaveTextContent('Ce changement de statut n’est pas permis.');
    expect(within(items[1]).getByTestId('unapplied-state')).toHaveTextContent('Écarté');
    expect(items[1]).toHaveTextContent('Colis retrouvé, livré le lendemain');
    await user.click(within(section).getByTestId('parcel-unapplied-open'));
    expect(screen.getByTestId('location')).toHaveTextContent('/compte/resultats-a-regler');
  });

  it('shows nothing when there is none, and asks nothing for a merchant or an admin without the parcel screens', async () => {
    const server = mockServer({
      'GET /api/parcels/outcomes/unapplied': (call) => listReply([] as UnappliedOutcome[], call.query),
      'GET /api/parcels/K1': { status: 200, body: { data: parcel('K1') } },
      'GET /api/parcels/K1/states': { status: 200, body: { data: [] } },
    });
    const admin = renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => undefined} />, { session: adminSession() });
    await screen.findByTestId('parcel-history');
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied')).toHaveLength(1));
    expect(screen.queryByTestId('parcel-unapplied')).not.toBeInTheDocument();
    admin.unmount();

    const merchant = renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => undefined} />, { session: merchantSession() });
    await screen.findByTestId('parcel-history');
    merchant.unmount();
    renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => undefined} />, { session: adminSession(['dashboard', 'clients']) });
    await screen.findByTestId('parcel-history');
    expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied')).toHaveLength(1);
  });
});
