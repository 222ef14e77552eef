// Outcomes recorded without a network wait here, in IndexedDB (they survive a reload, a closed
// tab, a phone restart), each with the idempotency key it was first tried with and the time it was
// recorded. They are sent in the order they were recorded when the network returns; the server
// applies a key once (`Idempotency-Key`, kept 7 days), so a queue sent twice (two tabs, a retry
// after a lost answer) writes once. What the server refuses stays, marked with its reason, until
// the delivery person has seen it (the server keeps its own record for the office, marked seen
// first): nothing is dropped silently.
import { useSyncExternalStore } from 'react';
import type { ParcelStatus, StateBody } from './api';

export interface QueuedOutcome {
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

/** What sending one outcome gave. */
export type SendResult =
  | { kind: 'sent' }
  /** No network, or the server is busy with the same key: try again later, stop for now. */
  | { kind: 'later' }
  | { kind: 'refused'; message: string };

const DB_NAME = 'colivra-offline';
const STORE = 'outcomes';

function available(): boolean {
  return typeof indexedDB !== 'undefined';
}

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'key' });
      store.createIndex('user', 'user');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

function transact<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return database().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(STORE, mode);
        const request = work(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
      }),
  );
}

async function readAll(user: string): Promise<QueuedOutcome[]> {
  const items = await transact<QueuedOutcome[]>('readonly', (store) => store.index('user').getAll(user));
  return items.sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
}

// The queue as the screens see it: a snapshot kept in memory, refreshed from IndexedDB after each
// change, for `useSyncExternalStore`.
let snapshot: { user: string | null; items: QueuedOutcome[]; syncing: boolean } = { user: null, items: [], syncing: false };
const listeners = new Set<() => void>();

function publish(next: Partial<typeof snapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

async function refresh(user: string): Promise<void> {
  if (!available()) return;
  const items = await readAll(user);
  if (snapshot.user === user) publish({ items });
}

/** Loads `user`'s queue (on the round screen's start). */
export async function loadQueue(user: string): Promise<void> {
  if (snapshot.user !== user) publish({ user, items: [] });
  await refresh(user);
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

/**
 * Sends `user`'s pending outcomes in the order they were recorded, with `send`. Stops at the first
 * that must wait (still offline); a refused one is kept with its reason and the next ones go on.
 */
export async function syncQueue(user: string, send: (item: QueuedOutcome) => Promise<SendResult>): Promise<void> {
  if (!available() || snapshot.syncing) return;
  publish({ syncing: true });
  try {
    await exclusively(async () => {
      // Read again inside the lock: another tab may have sent them meanwhile.
      for (const item of await readAll(user)) {
        if (item.state !== 'pending') continue;
        const result = await send(item);
        if (result.kind === 'later') break;
        if (result.kind === 'sent') {
          await transact('readwrite', (store) => store.delete(item.key));
        } else {
          await transact('readwrite', (store) => store.put({ ...item, state: 'failed', error: result.message }));
        }
        await refresh(user);
      }
    });
  } finally {
    publish({ syncing: false });
    await refresh(user);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current user's queued outcomes, oldest first, and whether they are being sent. */
export function useOutcomeQueue(): { items: QueuedOutcome[]; syncing: boolean } {
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
