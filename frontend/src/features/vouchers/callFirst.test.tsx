// The outcome sheet's rule for a failed attempt (« Pas de réponse », « Injoignable », « Numéro
// erroné »): without a call from the round in the 15 minutes before, it asks for one, or why he
// could not; and every outcome goes with where the phone was, when the phone says it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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
const out = (key: string, overrides: Partial<Parcel> = {}) =>
  parcel(key, { status: 'out_for_delivery', status_label: 'Mis en distribution', actions: ['state'], delivery_admin: 'D1', ...overrides });

function moved(call: RecordedCall) {
  const body = call.body as { parcel: string; status: ParcelStatus };
  return { status: 200, body: { data: out(body.parcel, { status: body.status, status_label: body.status, actions: [] }) } };
}

/** The phone's position as the browser gives it (or refuses it). */
function phoneAt(coords: { latitude: number; longitude: number; accuracy: number } | 'denied') {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (found: PositionCallback, failed: PositionErrorCallback) =>
        coords === 'denied' ? failed({ code: 1, message: 'denied' } as GeolocationPositionError) : found({ coords } as GeolocationPosition),
    },
  });
}

afterEach(() => {
  delete (navigator as { geolocation?: Geolocation }).geolocation;
});

async function openSheet(code = 'K1') {
  const user = userEvent.setup();
  renderWithProviders(<RoundScreen route={route} />, { session: deliverySession(), path: '/compte/colis-expedies' });
  const card = (await screen.findAllByTestId('round-card')).find((candidate) => candidate.getAttribute('data-key') === code)!;
  return { user, card, sheet: async () => screen.findByTestId('outcome-body') };
}

describe('a failed attempt without a call', () => {
  it('asks for a call first; « Je n’ai pas pu appeler » asks the reason (required), sent with the outcome and the position', async () => {
    setViewportWidth(390);
    phoneAt({ latitude: 33.5731, longitude: -7.5898, accuracy: 23.6 });
    const server = mockServer({ 'GET /api/parcels': parcelPage([out('K1')]), 'POST /api/parcels/states': moved });
    const { user, card, sheet: opened } = await openSheet();
    await user.click(within(card).getByTestId('round-outcome'));
    const sheet = await opened();
    await user.click(within(sheet).getByTestId('outcome-unreachable'));

    // Not saved: he is asked to call, with the call button (the dialer) at hand.
    expect(within(sheet).getByTestId('outcome-call-first')).toHaveTextContent(
      'Appelez d’abord le destinataire : « Injoignable » doit suivre un appel passé depuis votre tournée.',
    );
    expect(within(sheet).getByTestId('outcome-call')).toHaveAttribute('href', 'tel:0612345678');
    expect(within(sheet).queryByTestId('outcome-submit')).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(0);

    await user.click(within(sheet).getByTestId('outcome-cannot-call'));
    const reason = within(sheet).getByTestId('outcome-no-call-reason');
    expect(reason).toHaveAttribute('maxlength', '300');
    await user.click(within(sheet).getByTestId('outcome-submit'));
    expect(await within(sheet).findByText('Indiquez pourquoi vous n’avez pas pu appeler.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(0);
    // A one-tap reason fills the field, and the message goes.
    await user.click(within(sheet).getByRole('button', { name: 'Téléphone sans crédit ou sans réseau' }));
    expect(reason).toHaveValue('Téléphone sans crédit ou sans réseau');
    expect(within(sheet).queryByText('Indiquez pourquoi vous n’avez pas pu appeler.')).not.toBeInTheDocument();
    await user.click(within(sheet).getByTestId('outcome-submit'));

    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/parcels/states')[0].body).toEqual({
      parcel: 'K1',
      status: 'unreachable',
      no_call_reason: 'Téléphone sans crédit ou sans réseau',
      position: { latitude: 33.5731, longitude: -7.5898, accuracy: 24 },
    });
    // No call was placed.
    expect(server.calls.filter((call) => call.path.endsWith('/calls'))).toEqual([]);
  });

  it('once called from the sheet, is saved as it is: the call reaches the server first', async () => {
    phoneAt('denied');
    const server = mockServer({
      'GET /api/parcels': parcelPage([out('K1', { recipient_phone_alt: '0700000001' })]),
      'POST /api/parcels/K1/calls': (call) => ({ status: 201, body: { data: { parcel: 'K1', ...(call.body as object) } } }),
      'POST /api/parcels/states': moved,
    });
    const { user, card, sheet: opened } = await openSheet();
    await user.click(within(card).getByTestId('round-outcome'));
    const sheet = await opened();
    await user.click(within(sheet).getByTestId('outcome-wrong_number'));
    expect(within(sheet).getByTestId('outcome-call-alt')).toHaveAttribute('href', 'tel:0700000001');
    await user.click(within(sheet).getByTestId('outcome-call'));
    expect(await within(sheet).findByTestId('outcome-called')).toHaveTextContent('Appel enregistré : vous pouvez enregistrer le résultat.');
    expect(within(sheet).queryByTestId('outcome-call-first')).not.toBeInTheDocument();
    expect(within(sheet).queryByTestId('outcome-cannot-call')).not.toBeInTheDocument();
    await user.click(within(sheet).getByTestId('outcome-submit'));

    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(1));
    // The position refused: the outcome goes without it.
    expect(server.callsTo('POST', '/api/parcels/states')[0].body).toEqual({ parcel: 'K1', status: 'wrong_number' });
    const posts = server.calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(posts).toEqual(['/api/parcels/K1/calls', '/api/parcels/states']);
    expect(server.callsTo('POST', '/api/parcels/K1/calls')[0].body).toEqual({ started_at: expect.any(String) });
    expect(await screen.findByTestId('round-notice')).toHaveTextContent('Colis K1 : Numéro erroné.');
  });

  it('shows the server’s refusal under the reason field when it knows of no call, and saves with the reason', async () => {
    const server = mockServer({
      'GET /api/parcels': parcelPage([out('K1')]),
      // The call from the card did not reach the server (it left his round, then came back).
      'POST /api/parcels/K1/calls': { status: 409, body: { message: 'Ce colis n’est plus dans votre tournée.' } },
      'POST /api/parcels/states': (call, index) =>
        index === 0
          ? { status: 422, body: { message: 'Données invalides.', errors: { no_call_reason: ['Aucun appel de votre tournée dans les 15 minutes : dites pourquoi.'] } } }
          : moved(call),
    });
    const { user, card, sheet: opened } = await openSheet();
    await user.click(within(card).getByTestId('round-call'));
    await user.click(within(card).getByTestId('round-outcome'));
    const sheet = await opened();
    // Called minutes ago, as far as the phone knows: one tap.
    await user.click(within(sheet).getByTestId('outcome-no_answer'));
    const reason = await within(sheet).findByTestId('outcome-no-call-reason');
    expect(reason).toHaveAccessibleDescription('Aucun appel de votre tournée dans les 15 minutes : dites pourquoi.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(within(sheet).getByTestId('outcome-chosen')).toHaveTextContent('Pas de réponse');
    expect(within(sheet).queryByTestId('outcome-error')).not.toBeInTheDocument();

    await user.type(reason, 'Le destinataire a raccroché');
    expect(reason).not.toHaveAccessibleDescription();
    await user.click(within(sheet).getByTestId('outcome-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/parcels/states')[1].body).toEqual({ parcel: 'K1', status: 'no_answer', no_call_reason: 'Le destinataire a raccroché' });
  });

  it('asks nothing of the other outcomes, and sends the position with each', async () => {
    phoneAt({ latitude: 34.02, longitude: -6.83, accuracy: 12 });
    const server = mockServer({ 'GET /api/parcels': parcelPage([out('K1')]), 'POST /api/parcels/states': moved });
    const { user, card, sheet: opened } = await openSheet();
    await user.click(within(card).getByTestId('round-outcome'));
    await user.click(within(await opened()).getByTestId('outcome-delivered'));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/parcels/states')[0].body).toEqual({
      parcel: 'K1',
      status: 'delivered',
      position: { latitude: 34.02, longitude: -6.83, accuracy: 12 },
    });
  });
});
