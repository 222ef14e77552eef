// The calls the delivery person places from his round (the `tel:` buttons, which stay links: the
// phone's dialer opens). Each tap records a call (`POST parcels/{key}/calls`) through the offline
// queue, in its place before the outcomes recorded after it, timed when the phone can tell: the
// page going to the background soon after the tap (the dialer) and coming back gives its length.
// Each is also noted on the phone, so that the outcome sheet knows whether a parcel was called in
// the last 15 minutes (the server's rule for a « pas de réponse »), offline too.
import { useCallback, useSyncExternalStore } from 'react';
import { useAppSelector } from '../../core/hooks';
import { selectUser } from '../../core/session/authSlice';
import { useSendQueuedCallMutation, type CallBody } from '../../components/parcel/api';
import { newOutcomeKey, pendingCalls, queueCall, useOutcomeQueue, type QueuedCall } from '../../components/parcel/outcomeQueue';
import { CALL_WINDOW_MS } from '../../components/parcel/states';
import { useSendQueue } from './useSyncNow';

const LOG_KEY = 'colivra-round-calls';
/** Long enough for the 15-minute check, short enough to keep little on the phone. */
const LOG_KEPT_MS = 60 * 60_000;

interface LoggedCall {
  user: string;
  parcel: string;
  /** When he tapped, in ms. */
  at: number;
}

// The log where this browser keeps nothing (private mode, storage full): memory only.
let fallback: string | null = null;
const listeners = new Set<() => void>();

function readLog(): string {
  if (fallback !== null) return fallback;
  try {
    return window.localStorage.getItem(LOG_KEY) ?? '';
  } catch {
    return '';
  }
}

function parseLog(raw: string): LoggedCall[] {
  if (!raw) return [];
  try {
    const entries: unknown = JSON.parse(raw);
    if (!Array.isArray(entries)) return [];
    return entries.filter(
      (entry): entry is LoggedCall =>
        typeof entry === 'object' && entry !== null && typeof entry.user === 'string' && typeof entry.parcel === 'string' && typeof entry.at === 'number',
    );
  } catch {
    return [];
  }
}

/** Notes a call `user` placed to the recipient of `parcel` at `at` (ms). */
export function noteCall(user: string, parcel: string, at: number): void {
  const entries = [...parseLog(readLog()).filter((entry) => at - entry.at < LOG_KEPT_MS), { user, parcel, at }];
  const raw = JSON.stringify(entries);
  try {
    window.localStorage.setItem(LOG_KEY, raw);
    fallback = null;
  } catch {
    fallback = raw;
  }
  for (const listener of listeners) listener();
}

/** When `user` last called about `parcel` (ms), from the phone's log and the calls still queued. */
export function lastCallAt(log: string, queued: readonly QueuedCall[], user: string, parcel: string): number | null {
  const times = [
    ...parseLog(log)
      .filter((entry) => entry.user === user && entry.parcel === parcel)
      .map((entry) => entry.at),
    ...queued.filter((call) => call.user === user && call.parcel === parcel).map((call) => Date.parse(call.body.started_at)),
  ].filter(Number.isFinite);
  return times.length > 0 ? Math.max(...times) : null;
}

/** From when a call covers a failed attempt recorded now (ms): the 15 minutes before. */
export function callWindowStart(): number {
  return Date.now() - CALL_WINDOW_MS;
}

/** Whether `user` called about `parcel` at or after `since` (ms): for an event handler. */
export function calledSince(user: string, parcel: string, since: number): boolean {
  const last = lastCallAt(readLog(), pendingCalls(user), user, parcel);
  return last !== null && last >= since;
}

function subscribeLog(listener: () => void): () => void {
  listeners.add(listener);
  // A call placed in another tab.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** When the signed-in delivery person last called about `parcel` (ms; null: no call known). */
export function useLastCall(parcel: string): number | null {
  const user = useAppSelector(selectUser)?.key ?? null;
  const log = useSyncExternalStore(subscribeLog, readLog, () => '');
  const { calls } = useOutcomeQueue();
  return user ? lastCallAt(log, calls, user, parcel) : null;
}

/** How soon after the tap the page must go to the background (the dialer) for the call to be timed. */
const HIDDEN_WITHIN_MS = 10_000;
/** The longest call the server keeps (2 hours). */
const MAX_DURATION_S = 7_200;

/** What becomes of a call once placed: queued (or sent, without a queue). */
export type DeliverCall = (key: string, parcel: string, body: CallBody) => Promise<void>;

interface CallInProgress {
  user: string;
  finish: () => Promise<void>;
}

// Calls still being timed, and calls being handed to the queue.
const inProgress = new Set<CallInProgress>();
const delivering = new Set<Promise<void>>();

/**
 * A call placed now: noted at once, then timed and handed to `deliver`. Timed when the page goes
 * to the background within 10 s of the tap: its length is the time until the page is back; never
 * hidden in that time, it has no length.
 */
export function startCall(user: string, parcel: string, deliver: DeliverCall): void {
  const startedAt = Date.now();
  noteCall(user, parcel, startedAt);
  const key = newOutcomeKey();
  let hiddenAt: number | null = null;
  let finished: Promise<void> | null = null;

  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      if (hiddenAt === null && Date.now() - startedAt <= HIDDEN_WITHIN_MS) hiddenAt = Date.now();
    } else if (hiddenAt !== null) {
      void finish();
    }
  };
  const timer = window.setTimeout(() => {
    if (hiddenAt === null) void finish();
  }, HIDDEN_WITHIN_MS);

  const finish = (): Promise<void> => {
    if (finished) return finished;
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
    inProgress.delete(call);
    // Ended early (an outcome recorded meanwhile): the seconds so far, if it was timed at all.
    const seconds = hiddenAt === null ? null : Math.min(MAX_DURATION_S, Math.max(0, Math.round((Date.now() - hiddenAt) / 1000)));
    const body: CallBody = { started_at: new Date(startedAt).toISOString(), ...(seconds === null ? {} : { duration_seconds: seconds }) };
    const delivery: Promise<void> = deliver(key, parcel, body)
      // A call that could not be kept is lost, not worth his attention: the outcome says the rest.
      .catch(() => undefined)
      .finally(() => delivering.delete(delivery));
    delivering.add(delivery);
    finished = delivery;
    return delivery;
  };

  const call: CallInProgress = { user, finish };
  inProgress.add(call);
  document.addEventListener('visibilitychange', onVisibility);
}

/**
 * Hands `user`'s calls still being timed to the queue at once (an outcome is being recorded: they
 * go before it), and waits for those being handed over.
 */
export async function finishCalls(user: string): Promise<void> {
  for (const call of [...inProgress]) if (call.user === user) void call.finish();
  await Promise.all([...delivering]);
}

/**
 * What a call button does besides opening the dialer: records the call of the signed-in delivery
 * person through the queue (sent at once when online), or straight to the server in a browser
 * without IndexedDB.
 */
export function useRecordCall(): (parcel: string) => void {
  const user = useAppSelector(selectUser)?.key ?? null;
  const sendQueue = useSendQueue();
  const [sendCall] = useSendQueuedCallMutation();
  return useCallback(
    (parcel: string) => {
      if (!user) return;
      startCall(user, parcel, async (key, code, body) => {
        if (await queueCall(user, key, code, body)) {
          // A sending under way may have read the queue before this call: sent after it.
          if (navigator.onLine) await sendQueue({ after: true, refresh: false });
          return;
        }
        await sendCall({ ...body, parcel: code, idempotencyKey: key }).unwrap();
      });
    },
    [user, sendQueue, sendCall],
  );
}
