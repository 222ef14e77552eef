import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import * as outcomeQueue from '../../components/parcel/outcomeQueue';
import type { QueuedOutcome } from '../../components/parcel/outcomeQueue';
import { unappliedOutcome } from '../../components/parcel/testData';
import { deliverySession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { OfflineBanner, RefusedOutcomes } from './OfflineRound';

// The phone's queue lives in IndexedDB, which the test DOM lacks: its removal is watched here. A
// spy on the module's export rather than vi.mock: test files share their modules (isolate: false),
// and OfflineRound, once loaded by an earlier file (the round screen's tests), keeps the module it
// was given, which a later vi.mock does not replace.
let discardOutcome: MockInstance<typeof outcomeQueue.discardOutcome>;
beforeEach(() => {
  discardOutcome = vi.spyOn(outcomeQueue, 'discardOutcome').mockImplementation(async () => undefined);
});

const item = (parcel: string, state: QueuedOutcome['state'], error?: string): QueuedOutcome => ({
  key: `key-${parcel}`,
  user: 'D1',
  parcel,
  status: 'delivered',
  body: { parcel, status: 'delivered' },
  recordedAt: '2026-11-26T10:00:00.000Z',
  state,
  ...(error ? { error } : {}),
});

describe('the offline round', () => {
  it('says offline with the count waiting, and offers to send once online', async () => {
    const user = userEvent.setup();
    const items = [item('K1', 'pending'), item('K2', 'pending'), item('K3', 'failed', 'Refusé.')];
    const { rerender } = renderWithProviders(<OfflineBanner items={items} syncing={false} online={false} onSync={() => undefined} />);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Hors ligne · 2 en attente');
    expect(screen.queryByTestId('offline-sync')).not.toBeInTheDocument();

    const onSync = vi.fn();
    rerender(<OfflineBanner items={items} syncing={false} online onSync={onSync} />);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('2 résultats en attente d’envoi');
    await user.click(screen.getByTestId('offline-sync'));
    expect(onSync).toHaveBeenCalledTimes(1);

    // Online with nothing waiting: no banner.
    rerender(<OfflineBanner items={[item('K3', 'failed', 'Refusé.')]} syncing={false} online onSync={onSync} />);
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it('lists each refused outcome with its parcel and the server’s reason, and opens the parcel', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    renderWithProviders(
      <RefusedOutcomes items={[item('K1', 'pending'), item('K3', 'failed', 'Ce changement de statut n’est pas permis.')]} onOpen={onOpen} />,
    );
    const refused = screen.getAllByTestId('refused-outcome');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toHaveTextContent('K3 · « Livré » non enregistré : Ce changement de statut n’est pas permis.');
    await user.click(screen.getByRole('button', { name: 'Détails et historique' }));
    expect(onOpen).toHaveBeenCalledWith('K3');
  });

  describe('« Vu » on a refused outcome', () => {
    it('marks his open ones of that parcel seen on the server, then takes the note off the phone', async () => {
      const user = userEvent.setup();
      let putsWhenDiscarded = -1;
      const server = mockServer({
        'GET /api/parcels/outcomes/unapplied': (call) =>
          listReply([unappliedOutcome('RN1', { parcel: { ...unappliedOutcome('RN1').parcel, key: 'K3' } }), unappliedOutcome('RN2', { seen_at: '2026-11-26T13:00:00Z' })], call.query),
        'PUT /api/parcels/outcomes/unapplied/RN1/seen': { status: 200, body: { data: unappliedOutcome('RN1', { seen_at: '2026-11-26T14:00:00Z' }) } },
      });
      discardOutcome.mockImplementation(async () => {
        putsWhenDiscarded = server.callsTo('PUT', '/api/parcels/outcomes/unapplied/RN1/seen').length;
      });
      renderWithProviders(<RefusedOutcomes items={[item('K3', 'failed', 'Ce colis est perdu.')]} onOpen={() => undefined} />, { session: deliverySession() });
      const refused = screen.getByTestId('refused-outcome');
      // The office keeps it: said on the phone.
      expect(within(refused).getByTestId('refused-on-record')).toHaveTextContent('Le bureau en garde la trace et le réglera.');
      const seen = within(refused).getByRole('button', { name: 'Vu : refus du colis K3' });
      expect(seen).toHaveTextContent(/^Vu$/);
      expect(seen).toHaveAttribute('data-testid', 'queued-dismiss');
      await user.click(seen);

      await waitFor(() => expect(discardOutcome).toHaveBeenCalledWith('D1', 'key-K3'));
      expect(server.callsTo('GET', '/api/parcels/outcomes/unapplied')[0].query).toEqual({ parcel: 'K3', status: 'open', per_page: '100' });
      // Each one not seen yet, before the note leaves the phone.
      expect(server.callsTo('PUT', '/api/parcels/outcomes/unapplied/RN1/seen')).toHaveLength(1);
      expect(server.callsTo('PUT', '/api/parcels/outcomes/unapplied/RN2/seen')).toHaveLength(0);
      expect(putsWhenDiscarded).toBe(1);
      expect(screen.queryByTestId('refused-seen-error')).not.toBeInTheDocument();
    });

    it('keeps the note, and says so, when the server cannot be reached', async () => {
      const user = userEvent.setup();
      let offline = true;
      const server = mockServer({
        'GET /api/parcels/outcomes/unapplied': (call) => {
          if (offline) throw new TypeError('Failed to fetch');
          return listReply([unappliedOutcome('RN1')], call.query);
        },
        'PUT /api/parcels/outcomes/unapplied/RN1/seen': { status: 503, body: { message: 'Service indisponible.' } },
      });
      renderWithProviders(<RefusedOutcomes items={[item('K3', 'failed', 'Ce colis est perdu.')]} onOpen={() => undefined} />, { session: deliverySession() });
      await user.click(screen.getByTestId('queued-dismiss'));
      expect(await screen.findByTestId('refused-seen-error')).toHaveTextContent('Le serveur n’a pas pu être joint : le refus reste ici, réessayez une fois en ligne.');
      expect(discardOutcome).not.toHaveBeenCalled();
      expect(screen.getByTestId('refused-outcome')).toBeInTheDocument();

      // Back online, but marking it seen fails: still kept.
      offline = false;
      await waitFor(() => expect(screen.getByTestId('queued-dismiss')).toBeEnabled());
      await user.click(screen.getByTestId('queued-dismiss'));
      await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/outcomes/unapplied/RN1/seen')).toHaveLength(1));
      expect(await screen.findByTestId('refused-seen-error')).toHaveTextContent('Le serveur n’a pas pu être joint');
      expect(discardOutcome).not.toHaveBeenCalled();
    });
  });
});
