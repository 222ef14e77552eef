// The round's notice of an outcome kept offline follows the queue: it says how many wait beside
// it, and goes once that outcome left the queue (sent, refused, taken back).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { RouteDef } from '../../navigation/types';
import { fakeOutcomeQueue, queued } from '../../test/fakeOutcomeQueue';
import { deliverySession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { parcel, parcelPage } from '../../components/parcel/testData';
import RoundScreen from './RoundScreen';

const route: RouteDef = ROLE_ROUTES['delivery-admin'].find((r) => r.name === 'sent-parcels')!;
const out = (key: string) => parcel(key, { status: 'out_for_delivery', status_label: 'Mis en distribution', actions: ['state'], delivery_admin: 'D1' });

let queue: ReturnType<typeof fakeOutcomeQueue>;
beforeEach(() => {
  queue = fakeOutcomeQueue();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});

async function recordOffline(code: string) {
  const user = userEvent.setup();
  renderWithProviders(<RoundScreen route={route} />, { session: deliverySession(), path: '/compte/colis-expedies' });
  const card = (await screen.findAllByTestId('round-card')).find((candidate) => candidate.getAttribute('data-key') === code)!;
  // Called first (the call waits in the queue ahead of the outcome): « Pas de réponse » in one tap.
  await user.click(within(card).getByTestId('round-call'));
  await user.click(within(card).getByTestId('round-outcome'));
  await user.click(within(await screen.findByTestId('outcome-body')).getByTestId('outcome-no_answer'));
  return user;
}

describe('the notice of an outcome kept offline', () => {
  it('says how many wait as the queue grows, and goes once the queue is sent', async () => {
    mockServer({ 'GET /api/parcels': parcelPage([out('K1'), out('K2')]) });
    await recordOffline('K1');
    const notice = await screen.findByTestId('round-notice');
    expect(notice).toHaveTextContent('Hors ligne : « Pas de réponse » du colis K1 sera envoyé au retour du réseau.');
    expect(notice).not.toHaveTextContent('en tout');
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Hors ligne · 1 en attente');

    // Another one joins the queue (recorded in another tab): the notice counts it.
    act(() => queue.set({ items: [...queue.state.items, queued('K2')] }));
    expect(screen.getByTestId('round-notice')).toHaveTextContent('sera envoyé au retour du réseau. 2 résultats en attente en tout.');

    // The network returns and the queue goes: the notice with it (not « sera envoyé » any more).
    act(() => queue.set({ items: [] }));
    // At once, not when its 12 s are over (8 s at most, for a loaded machine).
    await waitFor(() => expect(screen.queryByTestId('round-notice')).not.toBeInTheDocument(), { timeout: 8000 });
  });

  it('goes once its outcome is refused by the server', async () => {
    mockServer({ 'GET /api/parcels': parcelPage([out('K1')]) });
    await recordOffline('K1');
    expect(await screen.findByTestId('round-notice')).toHaveTextContent('du colis K1 sera envoyé');
    act(() => queue.set({ items: queue.state.items.map((item) => ({ ...item, state: 'failed' as const, error: 'Ce colis est perdu.' })) }));
    // At once, not when its 12 s are over (8 s at most, for a loaded machine).
    await waitFor(() => expect(screen.queryByTestId('round-notice')).not.toBeInTheDocument(), { timeout: 8000 });
    expect(screen.getByTestId('refused-outcome')).toHaveTextContent('Ce colis est perdu.');
  });

  it('takes the outcome back with its « Annuler », and goes', async () => {
    mockServer({ 'GET /api/parcels': parcelPage([out('K1')]) });
    const user = await recordOffline('K1');
    await user.click(within(await screen.findByTestId('round-notice')).getByTestId('round-undo'));
    expect(queue.state.items).toEqual([]);
    // At once, not when its 12 s are over (8 s at most, for a loaded machine).
    await waitFor(() => expect(screen.queryByTestId('round-notice')).not.toBeInTheDocument(), { timeout: 8000 });
  });
});
