// The delivery person's offline queue lives in IndexedDB, which the test DOM lacks: a small store
// played behind the queue module's hooks instead (spies on its exports: test files share their
// modules, and a later vi.mock would not replace the module a screen was already given).
import { useSyncExternalStore } from 'react';
import { vi } from 'vitest';
import * as outcomeQueue from '../components/parcel/outcomeQueue';
import type { QueuedCall, QueuedItem, QueuedOutcome, SyncReport } from '../components/parcel/outcomeQueue';

type QueueState = { items: QueuedOutcome[]; calls: QueuedCall[]; syncing: boolean; synced: SyncReport | null };

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

/** A call waiting in the queue of user `u_1`, placed at `startedAt`. */
export function queuedCall(parcel: string, startedAt: string, overrides: Partial<QueuedCall> = {}): QueuedCall {
  return {
    kind: 'call',
    key: `call-${parcel}`,
    user: 'u_1',
    parcel,
    body: { started_at: startedAt },
    recordedAt: new Date(startedAt).toISOString(),
    state: 'pending',
    ...overrides,
  };
}

/**
 * Puts the fake queue behind useOutcomeQueue, loadQueue, lastSyncSerial, pendingCalls,
 * queueOutcome, queueCall and discardOutcome (call it in each test: the spies are restored after
 * each). `queue.set` changes it as the module would publish a change.
 */
export function fakeOutcomeQueue(items: QueuedOutcome[] = []) {
  let state: QueueState = { items, calls: [], syncing: false, synced: null };
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
  vi.spyOn(outcomeQueue, 'pendingCalls').mockImplementation(() => state.calls);
  vi.spyOn(outcomeQueue, 'queueOutcome').mockImplementation(async (user, key, body, recordedAt) => {
    set({ items: [...state.items, { key, user, parcel: body.parcel, status: body.status, body, recordedAt: recordedAt.toISOString(), state: 'pending' }] });
    return true;
  });
  vi.spyOn(outcomeQueue, 'queueCall').mockImplementation(async (user, key, parcel, body) => {
    set({ calls: [...state.calls, { kind: 'call', key, user, parcel, body, recordedAt: new Date(body.started_at).toISOString(), state: 'pending' }] });
    return true;
  });
  vi.spyOn(outcomeQueue, 'discardOutcome').mockImplementation(async (_user, key) => {
    set({ items: state.items.filter((item) => item.key !== key) });
  });
  /**
   * syncQueue as the module does it: the pending outcomes and calls sent with `send` in the order
   * they were recorded until one must wait, a call leaving the queue whatever the answer; then the
   * report of the outcomes.
   */
  const syncing = () =>
    vi.spyOn(outcomeQueue, 'syncQueue').mockImplementation(async (_user, send) => {
      const left: QueuedItem[] = [];
      let sent = 0;
      let refused = 0;
      for (const item of [...state.calls, ...state.items].sort(outcomeQueue.queueOrder)) {
        const result = left.length > 0 || item.state !== 'pending' ? { kind: 'later' as const } : await send(item);
        if (result.kind === 'later') left.push(item);
        else if (outcomeQueue.isCall(item)) continue;
        else if (result.kind === 'sent') sent += 1;
        else refused += 1;
      }
      set({
        items: left.filter((item): item is QueuedOutcome => !outcomeQueue.isCall(item)),
        calls: left.filter(outcomeQueue.isCall),
        ...(sent + refused > 0 ? { synced: { sent, refused, serial: (state.synced?.serial ?? 0) + 1 } } : {}),
      });
      return { sent, refused };
    });
  return {
    get state() {
      return state;
    },
    set,
    syncing,
  };
}
