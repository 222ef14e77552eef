// Where the outcomes recorded without a network are kept: IndexedDB, store `outcomes` of
// `colivra-offline` (outcomeQueue.ts keeps, lists and sends them, and the calls placed from the
// round beside them, `kind: 'call'`). Apart and small, as the sign-in
// page reads it too: with no session there, it only counts what waits, and loads nothing else.

export const DB_NAME = 'colivra-offline';
const STORE = 'outcomes';

/** Whether this browser has IndexedDB. */
export function available(): boolean {
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

/** One request on the store, resolved once its transaction is committed. */
export function transact<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
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

/** How many outcomes of `items` still wait to be sent (not those the server refused, nor the calls). */
export function waitingCount(items: ReadonlyArray<{ state: string; kind?: string }>): number {
  return items.filter((item) => item.state === 'pending' && item.kind !== 'call').length;
}

/**
 * How many outcomes wait to be sent from this browser, whoever recorded them (the sign-in page
 * has no session to tell whose). 0 without IndexedDB or when it cannot be read; a browser that
 * never queued anything gets no database out of the question.
 */
export async function countWaitingOutcomes(): Promise<number> {
  if (!available()) return 0;
  try {
    if (typeof indexedDB.databases === 'function') {
      const known = await indexedDB.databases();
      if (!known.some((db) => db.name === DB_NAME)) return 0;
    }
    return waitingCount(await transact<Array<{ state: string; kind?: string }>>('readonly', (store) => store.getAll()));
  } catch {
    return 0;
  }
}
