import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { RouteDef } from '../../navigation/types';
import { deliverySession } from '../../test/fixtures';
import { mockServer, type RecordedCall } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import type { Parcel, ParcelStatus } from '../../components/parcel/api';
import { parcel, parcelPage } from '../../components/parcel/testData';
import RoundScreen from './RoundScreen';

const route: RouteDef = ROLE_ROUTES['delivery-admin'].find((r) => r.name === 'sent-parcels')!;

const LABELS: Partial<Record<ParcelStatus, string>> = {
  delivered: 'Livré',
  no_answer: 'Pas de réponse',
  out_for_delivery: 'Mis en distribution',
};

const out = (key: string, overrides: Partial<Parcel> = {}) =>
  parcel(key, { status: 'out_for_delivery', status_label: 'Mis en distribution', actions: ['state'], delivery_admin: 'D1', ...overrides });

/** In five minutes: the server's default undo window. */
const inFiveMinutes = () => new Date(Date.now() + 5 * 60_000).toISOString();

/** The server's answer to an outcome: the parcel moved to it, which he may undo for a while. */
function moved(undoUntil: string | null) {
  return (call: RecordedCall) => {
    const body = call.body as { parcel: string; status: ParcelStatus };
    return {
      status: 200,
      body: { data: out(body.parcel, { status: body.status, status_label: LABELS[body.status] ?? body.status, actions: [], undo_until: undoUntil }) },
    };
  };
}

function renderRound() {
  return renderWithProviders(<RoundScreen route={route} />, { session: deliverySession(), path: '/compte/colis-expedies' });
}

describe('the outcome sheet and its undo', () => {
  it('shows the amount to collect above the outcomes, and the amount to refund for a refund', async () => {
    setViewportWidth(360);
    const user = userEvent.setup();
    mockServer({ 'GET /api/parcels': parcelPage([out('K1', { cod_amount: 25000 }), out('K2', { kind: 'refund', cod_amount: 9900 })]) });
    renderRound();
    const cards = await screen.findAllByTestId('round-card');
    await user.click(within(cards[0]).getByTestId('round-outcome'));
    let sheet = await screen.findByTestId('outcome-body');
    const amount = within(sheet).getByTestId('outcome-amount');
    expect(amount).toHaveTextContent(/^À encaisser : 250,00\sDH$/);
    // Above the outcome buttons.
    const first = within(sheet).getByTestId('outcome-delivered');
    expect(amount.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByTestId('outcome-body')).not.toBeInTheDocument());

    await user.click(within(cards[1]).getByTestId('round-outcome'));
    sheet = await screen.findByTestId('outcome-body');
    expect(within(sheet).getByTestId('outcome-amount')).toHaveTextContent(/^À rembourser : 99,00\sDH$/);
  });

  it('offers « Annuler » after an outcome: the parcel goes back to the round', async () => {
    const user = userEvent.setup();
    let state: 'out' | 'delivered' = 'out';
    const server = mockServer({
      'GET /api/parcels': () => parcelPage(state === 'out' ? [out('K1')] : []),
      'POST /api/parcels/states': (call) => {
        state = 'delivered';
        return moved(inFiveMinutes())(call);
      },
      'POST /api/parcels/K1/undo': () => {
        state = 'out';
        return { status: 200, body: { data: out('K1') } };
      },
    });
    renderRound();
    await user.click(await screen.findByTestId('round-outcome'));
    await user.click(within(await screen.findByTestId('outcome-body')).getByTestId('outcome-delivered'));
    const notice = await screen.findByTestId('round-notice');
    expect(notice).toHaveTextContent('Colis K1 : Livré.');
    // The parcel left the round.
    expect(await screen.findByTestId('round-empty')).toBeInTheDocument();

    await user.click(within(notice).getByTestId('round-undo'));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/K1/undo')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/parcels/K1/undo')[0].body).toBeUndefined();
    expect(await screen.findByTestId('round-notice')).toHaveTextContent('Résultat annulé : le colis K1 est de nouveau « Mis en distribution ».');
    // The round is asked again and the parcel is back, ready for another outcome.
    const card = await screen.findByTestId('round-card');
    expect(card).toHaveAttribute('data-status', 'out_for_delivery');
    expect(within(card).getByTestId('round-outcome')).toBeEnabled();
  });

  it('shows the reason when the server refuses the undo (409), and no « Annuler » once the time is over', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': parcelPage([out('K1'), out('K2')]),
      'POST /api/parcels/states': [
        moved(inFiveMinutes())({ body: { parcel: 'K1', status: 'no_answer' } } as RecordedCall),
        moved(null)({ body: { parcel: 'K2', status: 'no_answer' } } as RecordedCall),
      ],
      'POST /api/parcels/K1/undo': {
        status: 409,
        body: { message: 'Trop tard : « Pas de réponse » ne s’annule que dans les 5 minutes qui suivent. Enregistrez le bon statut à la place.' },
      },
    });
    renderRound();
    const cards = await screen.findAllByTestId('round-card');
    // Called first from the card: « Pas de réponse » then takes one tap.
    await user.click(within(cards[0]).getByTestId('round-call'));
    await user.click(within(cards[0]).getByTestId('round-outcome'));
    await user.click(within(await screen.findByTestId('outcome-body')).getByTestId('outcome-no_answer'));
    await user.click(within(await screen.findByTestId('round-notice')).getByTestId('round-undo'));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/K1/undo')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('round-notice')).toHaveTextContent('Trop tard : « Pas de réponse » ne s’annule que dans les 5 minutes qui suivent.'));
    expect(screen.queryByTestId('round-undo')).not.toBeInTheDocument();

    // The notice sits at the bottom, and goes to the top while a sheet is open: it hides none of it.
    const snackbar = () => screen.getByTestId('round-notice').closest('.MuiSnackbar-root');
    expect(snackbar()).toHaveClass('MuiSnackbar-anchorOriginBottomCenter');
    // An outcome the server says cannot be undone (undo_until null): no button.
    await user.click(within(screen.getAllByTestId('round-card')[1]).getByTestId('round-call'));
    await user.click(within(screen.getAllByTestId('round-card')[1]).getByTestId('round-outcome'));
    const sheet = await screen.findByTestId('outcome-body');
    expect(snackbar()).toHaveClass('MuiSnackbar-anchorOriginTopCenter');
    await user.click(within(sheet).getByTestId('outcome-no_answer'));
    await waitFor(() => expect(screen.getByTestId('round-notice')).toHaveTextContent('Colis K2 : Pas de réponse.'));
    expect(screen.queryByTestId('round-undo')).not.toBeInTheDocument();
  });
});
