import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { QueuedOutcome } from '../../components/parcel/outcomeQueue';
import { renderWithProviders } from '../../test/render';
import { OfflineBanner, RefusedOutcomes } from './OfflineRound';

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
});
