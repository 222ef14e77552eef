// The calls placed from the round: a tap on a card's call button (a `tel:` link, the dialer opens)
// records the call, timed by the page going to the background and coming back, through the
// offline queue (test/fakeOutcomeQueue.ts), in its place before the outcome recorded after it.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { RouteDef } from '../../navigation/types';
import { fakeOutcomeQueue, queuedCall } from '../../test/fakeOutcomeQueue';
import { deliverySession } from '../../test/fixtures';
import { mockServer, type RecordedCall } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import type { ParcelStatus } from '../../components/parcel/api';
import { parcel, parcelPage } from '../../components/parcel/testData';
import { lastCallAt } from './roundCalls';
import RoundScreen from './RoundScreen';

const route: RouteDef = ROLE_ROUTES['delivery-admin'].find((r) => r.name === 'sent-parcels')!;
const out = (key: string) => parcel(key, { status: 'out_for_delivery', status_label: 'Mis en distribution', actions: ['state'], delivery_admin: 'D1' });

/** The server's answer to an outcome: the parcel moved to it. */
function moved(call: RecordedCall) {
  const body = call.body as { parcel: string; status: ParcelStatus };
  return { status: 200, body: { data: parcel(body.parcel, { status: body.status, status_label: 'Pas de réponse', actions: [] }) } };
}

/** The server's answer to a call: kept as sent. */
function kept(call: RecordedCall) {
  return { status: 201, body: { data: { parcel: call.path.split('/')[3], ...(call.body as object) } } };
}

let visibility: DocumentVisibilityState = 'visible';
/** The page going to the background (the dialer opens) or coming back. */
function pageGoes(state: DocumentVisibilityState) {
  visibility = state;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

let online = true;
let queue: ReturnType<typeof fakeOutcomeQueue>;
beforeEach(() => {
  queue = fakeOutcomeQueue();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
  vi.useRealTimers();
});

function renderRound() {
  return renderWithProviders(<RoundScreen route={route} />, { session: deliverySession(), path: '/compte/colis-expedies' });
}

const names = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.path);

describe('a call placed from the round', () => {
  it('is recorded when the call button is tapped, timed by the page away and back, and sent before the outcome after it', async () => {
    setViewportWidth(390);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    const user = userEvent.setup();
    queue.syncing();
    const server = mockServer({ 'GET /api/parcels': parcelPage([out('K1')]), 'POST /api/parcels/K1/calls': kept, 'POST /api/parcels/states': moved });
    renderRound();
    const card = await screen.findByTestId('round-card');
    const call = within(card).getByTestId('round-call');
    // Still the link that opens the dialer.
    expect(call).toHaveAttribute('href', 'tel:0612345678');
    await user.click(call);

    // The dialer takes the screen a second later; he comes back 42 s after that.
    vi.setSystemTime(new Date('2026-11-26T10:00:01Z'));
    pageGoes('hidden');
    vi.setSystemTime(new Date('2026-11-26T10:00:43Z'));
    pageGoes('visible');
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/K1/calls')).toHaveLength(1));
    const sent = server.callsTo('POST', '/api/parcels/K1/calls')[0];
    expect(sent.body).toEqual({ started_at: '2026-11-26T10:00:00.000Z', duration_seconds: 42 });
    expect(sent.headers.get('Idempotency-Key')).toBeTruthy();
    // Out of the queue once sent.
    await waitFor(() => expect(queue.state.calls).toEqual([]));

    // Called: « Pas de réponse » in one tap, without a reason.
    await user.click(within(card).getByTestId('round-outcome'));
    await user.click(within(await screen.findByTestId('outcome-body')).getByTestId('outcome-no_answer'));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/parcels/states')[0].body).toEqual({ parcel: 'K1', status: 'no_answer' });
    expect(names(server.calls)).toEqual(['/api/parcels/K1/calls', '/api/parcels/states']);
  });

  it('offline, waits in the queue ahead of the outcome recorded after it (not counted as an outcome), and goes first when the network returns', async () => {
    const user = userEvent.setup();
    online = false;
    const server = mockServer({ 'GET /api/parcels': parcelPage([out('K1')]), 'POST /api/parcels/K1/calls': kept, 'POST /api/parcels/states': moved });
    renderRound();
    const card = await screen.findByTestId('round-card');
    await user.click(within(card).getByTestId('round-call'));
    // The outcome recorded at once, while the call is still being timed (the page never went
    // away): the call goes into the queue then, untimed, ahead of the outcome.
    await user.click(within(card).getByTestId('round-outcome'));
    await user.click(within(await screen.findByTestId('outcome-body')).getByTestId('outcome-no_answer'));
    await waitFor(() => expect(queue.state.items).toHaveLength(1));
    expect(queue.state.calls).toHaveLength(1);
    const [queuedCall] = queue.state.calls;
    const [queuedOutcome] = queue.state.items;
    expect(Object.keys(queuedCall.body)).toEqual(['started_at']);
    expect(queuedCall.recordedAt <= queuedOutcome.recordedAt).toBe(true);
    // The notices and lists are about outcomes: one waits.
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Hors ligne · 1 en attente');
    expect(within(card).getByTestId('queued-outcome')).toHaveTextContent('Pas de réponse');
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);

    // The network returns: « Envoyer maintenant » sends the call, then the outcome.
    queue.syncing();
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await user.click(await screen.findByTestId('offline-sync'));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(1));
    expect(names(server.calls)).toEqual(['/api/parcels/K1/calls', '/api/parcels/states']);
    expect(server.callsTo('POST', '/api/parcels/K1/calls')[0].headers.get('Idempotency-Key')).toBe(queuedCall.key);
    expect(server.callsTo('POST', '/api/parcels/states')[0].body).toMatchObject({ parcel: 'K1', status: 'no_answer', recorded_at: queuedOutcome.recordedAt });
    await waitFor(() => expect(queue.state.calls).toEqual([]));
    expect(queue.state.items).toEqual([]);
  });

  it('is dropped from the queue when the server refuses it, without a word, and the queue goes on', async () => {
    const user = userEvent.setup();
    online = false;
    const server = mockServer({
      'GET /api/parcels': parcelPage([out('K1')]),
      'POST /api/parcels/K1/calls': { status: 409, body: { message: 'Ce colis a quitté votre tournée.' } },
      'POST /api/parcels/states': moved,
    });
    renderRound();
    const card = await screen.findByTestId('round-card');
    await user.click(within(card).getByTestId('round-call'));
    await user.click(within(card).getByTestId('round-outcome'));
    await user.click(within(await screen.findByTestId('outcome-body')).getByTestId('outcome-no_answer'));
    await waitFor(() => expect(queue.state.items).toHaveLength(1));

    queue.syncing();
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await user.click(await screen.findByTestId('offline-sync'));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(1));
    expect(queue.state.calls).toEqual([]);
    expect(screen.queryByTestId('refused-outcome')).not.toBeInTheDocument();
  });
});

describe('the calls the phone knows of', () => {
  it('are his own, from the phone’s log and from the calls still queued, the latest first', () => {
    const log = JSON.stringify([
      { user: 'u_1', parcel: 'K1', at: Date.parse('2026-11-26T10:00:00Z') },
      { user: 'u_2', parcel: 'K1', at: Date.parse('2026-11-26T10:20:00Z') },
      { user: 'u_1', parcel: 'K2', at: Date.parse('2026-11-26T10:30:00Z') },
    ]);
    expect(lastCallAt(log, [], 'u_1', 'K1')).toBe(Date.parse('2026-11-26T10:00:00Z'));
    // Another delivery person's call on the shared phone counts for nothing.
    expect(lastCallAt(log, [], 'u_3', 'K1')).toBeNull();
    // A call still waiting in the queue (the log of another tab, a reload) counts.
    expect(lastCallAt(log, [queuedCall('K1', '2026-11-26T10:05:00.000Z')], 'u_1', 'K1')).toBe(Date.parse('2026-11-26T10:05:00Z'));
    // A log the phone cannot read: the queue alone.
    expect(lastCallAt('{broken', [queuedCall('K1', '2026-11-26T10:05:00.000Z')], 'u_1', 'K1')).toBe(Date.parse('2026-11-26T10:05:00Z'));
    expect(lastCallAt('', [], 'u_1', 'K1')).toBeNull();
  });
});
