// The delivery person's offline queue lives in IndexedDB, which the test DOM lacks: a small store
// played behind the queue module's hooks instead (spies on its exports: test files share their
// modules, and a later vi.mock would not replace the module a screen was already given).
import { useSyncExternalStore } from 'react';
import { vi } from 'vitest';
import * as outcomeQueue from '../components/parcel/outcomeQueue';
import type { QueuedOutcome, SyncReport } from '../components/parcel/outcomeQueue';

type QueueState = { items: QueuedOutcome[]; syncing: boolean; synced: SyncReport | null };

/** An outcome waiting in the queue of user `u_1` (the fixtures' user). */
export function queued(parcel: string, overrides: Partial<QueuedOutcome> = {}): QueuedOutcome {
  return {
    key: `key-${parcel}`,
    user: 'u_1',
    parcel,
    status: 'no_answer',
    body: { parcel, status: 'no_answer' },
    recordedAt: '2026-11-26T10:00:00.000Z',
    state: 'pending',
    ...overrides,
  };
}

/**
 * Puts the fake queue behind useOutcomeQueue, loadQueue, lastSyncSerial, queueOutcome and
 * discardOutcome (call it in each test: the spies are restored after each). `queue.set` changes it
 * as the module would publish a change.
 */
export function fakeOutcomeQueue(items: QueuedOutcome[] = []) {
  let state: QueueState = { items, syncing: false, synced: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<QueueState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  function useFakeQueue() {
    return useSyncExternalStore(
      (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      () => state,
    );
  }
  vi.spyOn(outcomeQueue, 'useOutcomeQueue').mockImplementation(useFakeQueue);
  vi.spyOn(outcomeQueue, 'loadQueue').mockImplementation(async () => undefined);
  vi.spyOn(outcomeQueue, 'lastSyncSerial').mockImplementation(() => state.synced?.serial ?? 0);
  vi.spyOn(outcomeQueue, 'queueOutcome').mockImplementation(async (user, key, body, recordedAt) => {
    set({ items: [...state.items, { key, user, parcel: body.parcel, status: body.status, body, recordedAt: recordedAt.toISOString(), state: 'pending' }] });
    return true;
  });
  vi.spyOn(outcomeQueue, 'discardOutcome').mockImplementation(async (_user, key) => {
    set({ items: state.items.filter((item) => item.key !== key) });
  });
  /** syncQueue as the module does it: the pending outcomes sent with `send` in turn until one must wait, then the report. */
  const syncing = () =>
    vi.spyOn(outcomeQueue, 'syncQueue').mockImplementation(async (_user, send) => {
      const left: QueuedOutcome[] = [];
      let sent = 0;
      let refused = 0;
      for (const item of state.items) {
        const result = left.length > 0 || item.state !== 'pending' ? { kind: 'later' as const } : await send(item);
        if (result.kind === 'later') left.push(item);
        else if (result.kind === 'sent') sent += 1;
        else refused += 1;
      }
      set({ items: left, ...(sent + refused > 0 ? { synced: { sent, refused, serial: (state.synced?.serial ?? 0) + 1 } } : {}) });
      return { sent, refused };
    });
  return { get state() { return state; }, set, syncing };
}
