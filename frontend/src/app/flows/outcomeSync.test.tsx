// The delivery person's outcomes recorded offline, across the app: the sign-in page says how many
// wait, the queue is sent as soon as he is signed in whichever screen he lands on, and a notice
// says what was sent and refused, with a link to his round (the queue: test/fakeOutcomeQueue.ts).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as outcomeQueue from '../../components/parcel/outcomeQueue';
import * as outcomeStore from '../../components/parcel/outcomeStore';
import { parcel, parcelPage } from '../../components/parcel/testData';
import OutcomeSync from '../../features/vouchers/OutcomeSync';
import { fakeOutcomeQueue, queued, queuedCall } from '../../test/fakeOutcomeQueue';
import { deliverySession, merchantSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderApp, renderWithProviders } from '../../test/render';

const location = () => screen.getByTestId('location').textContent;

let queue: ReturnType<typeof fakeOutcomeQueue>;
beforeEach(() => {
  queue = fakeOutcomeQueue();
});

describe('outcomes recorded offline when his session ends', () => {
  it('are counted on the sign-in page, then sent at once after sign-in on the screen he lands on, with a notice linking to his round', async () => {
    const user = userEvent.setup();
    vi.spyOn(outcomeStore, 'countWaitingOutcomes').mockResolvedValue(1);
    queue.set({ items: [queued('K1')] });
    const sync = queue.syncing();
    const server = mockServer({
      'GET /api/user': [{ status: 401 }, { status: 200, body: deliverySession() }],
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/login': { status: 200, body: deliverySession() },
      'GET /api/parcels': parcelPage([parcel('K1')]),
      'POST /api/parcels/states': { status: 200, body: { data: parcel('K1', { status: 'no_answer' }) } },
    });
    renderApp('/compte/connexion');

    const waiting = await screen.findByTestId('login-queued');
    expect(waiting).toHaveTextContent('1 résultat en attente d’envoi');
    expect(waiting).toHaveTextContent('il sera envoyé dès que le livreur qui l’a saisi se connectera.');
    // Nothing is sent without a session.
    expect(sync).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Adresse e-mail/), 'livreur@colivra.ma');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Livreur#Colivra2026');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    // The guard's landing screen, not his round: the queue goes all the same.
    await waitFor(() => expect(location()).toBe('/compte/tous-les-colis'));
    await waitFor(() => expect(sync).toHaveBeenCalledWith('u_1', expect.any(Function)));
    const posts = server.callsTo('POST', '/api/parcels/states');
    expect(posts).toHaveLength(1);
    expect(posts[0].headers.get('Idempotency-Key')).toBe('key-K1');
    expect(posts[0].body).toEqual({ parcel: 'K1', status: 'no_answer', recorded_at: '2026-11-26T10:00:00.000Z' });

    const notice = await screen.findByTestId('outcome-sync-notice');
    expect(notice).toHaveTextContent('1 résultat enregistré hors ligne a été envoyé.');
    const link = within(notice).getByRole('link', { name: 'Voir ma tournée' });
    expect(link).toHaveAttribute('href', '/compte/colis-expedies');
    await user.click(link);
    await waitFor(() => expect(location()).toBe('/compte/colis-expedies'));
    // Sent once: the queue is empty now.
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it('keeps an outcome the server answers 401 to (the session to open again): it waits, nothing is said', async () => {
    queue.set({ items: [queued('K1')] });
    const sync = queue.syncing();
    mockServer({
      'GET /api/user': { status: 200, body: deliverySession() },
      'GET /api/parcels': parcelPage([]),
      'POST /api/parcels/states': { status: 401, body: { message: 'Unauthenticated.' } },
    });
    renderApp('/compte/tous-les-colis');
    await waitFor(() => expect(sync).toHaveBeenCalled());
    // The 401 ends the session: the sign-in page.
    await waitFor(() => expect(location()).toBe('/compte/connexion'));
    expect(queue.state.items).toEqual([queued('K1')]);
    expect(queue.state.synced).toBeNull();
    expect(screen.queryByTestId('outcome-sync-notice')).not.toBeInTheDocument();
  });

  it('sends the calls placed from the round ahead of the outcomes recorded after them, the notice counting the outcomes only', async () => {
    queue.set({ items: [queued('K1')], calls: [queuedCall('K1', '2026-11-26T09:58:00.000Z'), queuedCall('K2', '2026-11-26T10:05:00.000Z')] });
    queue.syncing();
    const server = mockServer({
      'GET /api/user': { status: 200, body: deliverySession() },
      'GET /api/parcels': parcelPage([]),
      'POST /api/parcels/K1/calls': (call) => ({ status: 201, body: { data: { parcel: 'K1', ...(call.body as object) } } }),
      'POST /api/parcels/K2/calls': (call) => ({ status: 201, body: { data: { parcel: 'K2', ...(call.body as object) } } }),
      'POST /api/parcels/states': { status: 200, body: { data: parcel('K1', { status: 'no_answer' }) } },
    });
    renderApp('/compte/tous-les-colis');
    expect(await screen.findByTestId('outcome-sync-notice')).toHaveTextContent('1 résultat enregistré hors ligne a été envoyé.');
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/parcels/K1/calls',
      '/api/parcels/states',
      '/api/parcels/K2/calls',
    ]);
    expect(server.callsTo('POST', '/api/parcels/K1/calls')[0].headers.get('Idempotency-Key')).toBe('call-K1');
    expect(server.callsTo('POST', '/api/parcels/K1/calls')[0].body).toEqual({ started_at: '2026-11-26T09:58:00.000Z' });
    expect(queue.state.calls).toEqual([]);
  });

  it('sends calls waiting alone too (no outcome after them yet), saying nothing', async () => {
    queue.set({ calls: [queuedCall('K2', '2026-11-26T10:05:00.000Z')] });
    const sync = queue.syncing();
    const server = mockServer({
      'GET /api/user': { status: 200, body: deliverySession() },
      'GET /api/parcels': parcelPage([]),
      'POST /api/parcels/K2/calls': (call) => ({ status: 201, body: { data: { parcel: 'K2', ...(call.body as object) } } }),
    });
    renderApp('/compte/tous-les-colis');
    await waitFor(() => expect(sync).toHaveBeenCalled());
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/K2/calls')).toHaveLength(1));
    expect(queue.state.calls).toEqual([]);
    expect(screen.queryByTestId('outcome-sync-notice')).not.toBeInTheDocument();
  });

  it('is no business of a merchant: nothing of it loads nor runs for him', async () => {
    const sync = queue.syncing();
    mockServer({ 'GET /api/user': { status: 200, body: merchantSession() } });
    renderApp('/compte/accueille');
    expect(await screen.findByTestId('dashboard')).toHaveAttribute('data-role', 'client');
    expect(screen.queryByTestId('login-queued')).not.toBeInTheDocument();
    expect(outcomeQueue.loadQueue).not.toHaveBeenCalled();
    expect(sync).not.toHaveBeenCalled();
  });

  it('is not said on the sign-in page when nothing waits', async () => {
    vi.spyOn(outcomeStore, 'countWaitingOutcomes').mockResolvedValue(0);
    mockServer({ 'GET /api/user': { status: 401 } });
    renderApp('/compte/connexion');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    await waitFor(() => expect(outcomeStore.countWaitingOutcomes).toHaveBeenCalled());
    expect(screen.queryByTestId('login-queued')).not.toBeInTheDocument();
  });
});

describe('the notice of a queue sent', () => {
  it('says the refused ones and links to his round, where they are listed', async () => {
    renderWithProviders(<OutcomeSync />, { session: deliverySession(), path: '/compte/tous-les-colis' });
    act(() => queue.set({ synced: { sent: 2, refused: 1, serial: 1 } }));
    const notice = await screen.findByTestId('outcome-sync-notice');
    expect(notice).toHaveTextContent('2 résultats enregistrés hors ligne ont été envoyés. 1 résultat a été refusé par le serveur.');
    expect(within(notice).getByRole('link', { name: 'Voir les refus' })).toHaveAttribute('href', '/compte/colis-expedies');
  });

  it('has no link on the round itself, where they are in view', async () => {
    renderWithProviders(<OutcomeSync />, { session: deliverySession(), path: '/compte/colis-expedies' });
    act(() => queue.set({ synced: { sent: 1, refused: 0, serial: 1 } }));
    const notice = await screen.findByTestId('outcome-sync-notice');
    expect(notice).toHaveTextContent('1 résultat enregistré hors ligne a été envoyé.');
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
  });

  it('does not say again a sending from before he signed in', async () => {
    queue.set({ synced: { sent: 3, refused: 0, serial: 4 } });
    renderWithProviders(<OutcomeSync />, { session: deliverySession(), path: '/compte/tous-les-colis' });
    // A render later, still nothing.
    act(() => queue.set({ items: [] }));
    expect(screen.queryByTestId('outcome-sync-notice')).not.toBeInTheDocument();
  });
});
