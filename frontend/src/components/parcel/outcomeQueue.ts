// Outcomes recorded without a network wait here, in IndexedDB (they survive a reload, a closed
// tab, a phone restart), each with the idempotency key it was first tried with and the time it was
// recorded. They are sent in the order they were recorded when the network returns; the server
// applies a key once (`Idempotency-Key`, kept 7 days), so a queue sent twice (two tabs, a retry
// after a lost answer) writes once. What the server refuses stays, marked with its reason, until
// the delivery person has seen it (the server keeps its own record for the office, marked seen
// first): nothing is dropped silently.
// The calls he places from his round wait in the same queue (`kind: 'call'`), in their place: a
// « pas de réponse » recorded after a call reaches the server after it, as the server's check
// wants. A call the server refuses simply leaves the queue (not worth his attention).
import { useSyncExternalStore } from 'react';
import type { CallBody, ParcelStatus, StateBody } from './api';
import { available, transact } from './outcomeStore';

export interface QueuedOutcome {
  /** Absent on the items queued before calls were: an outcome. */
  kind?: 'outcome';
  /** The idempotency key: the same for every attempt to send it. */
  key: string;
  /** The delivery person's user key: the queue is his own on a shared phone. */
  user: string;
  parcel: string;
  status: ParcelStatus;
  body: StateBody;
  /** RFC 3339, when he recorded it. */
  recordedAt: string;
  state: 'pending' | 'failed';
  /** Why the server refused it (failed only). */
  error?: string;
}

/** A call placed from the round, waiting to be sent (it never stays once answered). */
export interface QueuedCall {
  kind: 'call';
  key: string;
  user: string;
  parcel: string;
  body: CallBody;
  /** RFC 3339: when he placed it (`started_at`), its place in the queue. */
  recordedAt: string;
  state: 'pending';
}

/** What the queue holds: outcomes and calls, sent in the order they were recorded. */
export type QueuedItem = QueuedOutcome | QueuedCall;

export function isCall(item: QueuedItem): item is QueuedCall {
  return item.kind === 'call';
}

/** What sending one outcome or call gave. */
export type SendResult =
  | { kind: 'sent' }
  /** No network, or the server is busy with the same key: try again later, stop for now. */
  | { kind: 'later' }
  | { kind: 'refused'; message: string };

/** Oldest first; a call before an outcome of the same instant (the call came first). */
export function queueOrder(a: QueuedItem, b: QueuedItem): number {
  return a.recordedAt.localeCompare(b.recordedAt) || Number(isCall(b)) - Number(isCall(a));
}

async function readAll(user: string): Promise<QueuedItem[]> {
  const items = await transact<QueuedItem[]>('readonly', (store) => store.index('user').getAll(user));
  return items.sort(queueOrder);
}

/** What one sending of the queue did: how many outcomes the server applied, how many it refused (calls are not counted). */
export interface SyncSummary {
  sent: number;
  refused: number;
}

/** A sending that did something, numbered (in this tab) so that a notice says each once. */
export interface SyncReport extends SyncSummary {
  serial: number;
}

// The queue as the screens see it: a snapshot kept in memory, refreshed from IndexedDB after each
// change, for `useSyncExternalStore`; with the last sending that applied or refused something. The
// outcomes (`items`) and the calls apart: the notices and lists are about the outcomes.
let snapshot: { user: string | null; items: QueuedOutcome[]; calls: QueuedCall[]; syncing: boolean; synced: SyncReport | null } = {
  user: null,
  items: [],
  calls: [],
  syncing: false,
  synced: null,
};
const listeners = new Set<() => void>();

function publish(next: Partial<typeof snapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

async function refresh(user: string): Promise<void> {
  if (!available()) return;
  const all = await readAll(user);
  if (snapshot.user === user) {
    publish({ items: all.filter((item): item is QueuedOutcome => !isCall(item)), calls: all.filter(isCall) });
  }
}

/** Loads `user`'s queue (once he is signed in, and on the round screen's start). */
export async function loadQueue(user: string): Promise<void> {
  if (snapshot.user !== user) publish({ user, items: [], calls: [] });
  await refresh(user);
}

/** `user`'s calls waiting to be sent, as last loaded (an outcome sent now waits for them). */
export function pendingCalls(user: string): QueuedCall[] {
  return snapshot.user === user ? snapshot.calls : [];
}

/** A new idempotency key. */
export function newOutcomeKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps an outcome to send later; false when this browser cannot (no IndexedDB). */
export async function queueOutcome(user: string, key: string, body: StateBody, recordedAt: Date): Promise<boolean> {
  if (!available()) return false;
  const item: QueuedOutcome = {
    key,
    user,
    parcel: body.parcel,
    status: body.status,
    body,
    recordedAt: recordedAt.toISOString(),
    state: 'pending',
  };
  await transact('readwrite', (store) => store.put(item));
  await loadQueue(user);
  return true;
}

/**
 * Keeps a call to send in its place (before the outcomes recorded after `startedAt`); false when
 * this browser cannot (no IndexedDB).
 */
export async function queueCall(user: string, key: string, parcel: string, body: CallBody): Promise<boolean> {
  if (!available()) return false;
  const item: QueuedCall = { kind: 'call', key, user, parcel, body, recordedAt: new Date(body.started_at).toISOString(), state: 'pending' };
  await transact('readwrite', (store) => store.put(item));
  await loadQueue(user);
  return true;
}

/** Takes an outcome out of the queue: undone before it was sent, or a refusal seen. */
export async function discardOutcome(user: string, key: string): Promise<void> {
  if (!available()) return;
  await transact('readwrite', (store) => store.delete(key));
  await refresh(user);
}

/** One sync at a time across this browser's tabs (Web Locks), else within this tab. */
async function exclusively(work: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request('colivra-outcome-queue', work);
  } else {
    await work();
  }
}

/** What `sendInOrder` does with an item once the server answered. */
export interface SendOutcomes {
  /** Applied (or a call, whatever the answer): it leaves the queue. */
  sent: (item: QueuedItem) => Promise<void>;
  /** An outcome refused: it stays, marked with the reason, until he has seen it. */
  refused: (item: QueuedOutcome, message: string) => Promise<void>;
}

/**
 * Sends the pending ones of `items` in the order given, with `send`. Stops at the first that must
 * wait (still offline, the session to open again), a call as an outcome: what follows it stays
 * behind it. A refused outcome is kept with its reason and the next ones go on; a refused call
 * leaves the queue (the outcome after it says what matters). Says how many outcomes were applied
 * and refused.
 */
export async function sendInOrder(
  items: readonly QueuedItem[],
  send: (item: QueuedItem) => Promise<SendResult>,
  keep: SendOutcomes,
): Promise<SyncSummary> {
  const summary: SyncSummary = { sent: 0, refused: 0 };
  for (const item of items) {
    if (item.state !== 'pending') continue;
    const result = await send(item);
    if (result.kind === 'later') break;
    if (isCall(item)) {
      await keep.sent(item);
    } else if (result.kind === 'sent') {
      await keep.sent(item);
      summary.sent += 1;
    } else {
      await keep.refused(item, result.message);
      summary.refused += 1;
    }
  }
  return summary;
}

let reports = 0;
/** The sending under way in this tab, if any. */
let running: Promise<SyncSummary> | null = null;

/** The serial of the last sending that applied or refused something (0: none yet in this tab). */
export function lastSyncSerial(): number {
  return snapshot.synced?.serial ?? 0;
}

/**
 * Sends `user`'s pending outcomes and calls in the order they were recorded, with `send` (see
 * `sendInOrder`), one sending at a time across the tabs: the queue is read again inside the lock,
 * so what another tab sent meanwhile is not sent twice (and not counted here). A sending that
 * applied or refused an outcome is published (`synced`) for the notice that says so. While one is
 * under way in this tab, its promise is given back (it may have read the queue before an item
 * just added: a caller that needs that item sent asks again once it is over).
 */
export function syncQueue(user: string, send: (item: QueuedItem) => Promise<SendResult>): Promise<SyncSummary> {
  if (!available()) return Promise.resolve({ sent: 0, refused: 0 });
  running ??= sync(user, send).finally(() => {
    running = null;
  });
  return running;
}

async function sync(user: string, send: (item: QueuedItem) => Promise<SendResult>): Promise<SyncSummary> {
  let summary: SyncSummary = { sent: 0, refused: 0 };
  publish({ syncing: true });
  try {
    await exclusively(async () => {
      summary = await sendInOrder(await readAll(user), send, {
        sent: async (item) => {
          await transact('readwrite', (store) => store.delete(item.key));
          await refresh(user);
        },
        refused: async (item, message) => {
          await transact('readwrite', (store) => store.put({ ...item, state: 'failed', error: message }));
          await refresh(user);
        },
      });
    });
  } finally {
    publish({ syncing: false });
    await refresh(user);
    if (summary.sent + summary.refused > 0) {
      reports += 1;
      publish({ synced: { ...summary, serial: reports } });
    }
  }
  return summary;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The current user's queued outcomes (`items`) and calls, oldest first, whether they are being
 * sent, and the last sending that applied or refused an outcome.
 */
export function useOutcomeQueue(): { items: QueuedOutcome[]; calls: QueuedCall[]; syncing: boolean; synced: SyncReport | null } {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network (it may be wrong: sending says for sure). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
