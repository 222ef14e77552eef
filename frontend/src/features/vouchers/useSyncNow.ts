import { useCallback } from 'react';
import { errorStatus, fieldErrors } from '../../core/api';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { selectUser } from '../../core/session/authSlice';
import { failureMessage } from '../../components/form/failureMessage';
import { parcelsApi, useSendQueuedCallMutation, useSendQueuedStateMutation, WRITES } from '../../components/parcel/api';
import { isCall, syncQueue, type QueuedItem, type SendResult } from '../../components/parcel/outcomeQueue';
import { useT } from '../../i18n';

export interface SendQueueOptions {
  /**
   * Once the sending under way is over, send again: it may have read the queue before a call just
   * added, which an outcome about to be sent must follow.
   */
  after?: boolean;
  /** Refresh the lists and figures even when this sending applied no outcome (another tab may have). */
  refresh?: boolean;
}

/**
 * Sends the signed-in delivery person's queue (see `useSyncNow`); the promise settles once what
 * waited is sent or must wait.
 */
export function useSendQueue(): (options?: SendQueueOptions) => Promise<void> {
  const t = useT();
  const user = useAppSelector(selectUser)?.key ?? null;
  const [sendQueued] = useSendQueuedStateMutation();
  const [sendCall] = useSendQueuedCallMutation();
  const dispatch = useAppDispatch();

  const send = useCallback(
    async (item: QueuedItem): Promise<SendResult> => {
      try {
        if (isCall(item)) {
          await sendCall({ ...item.body, parcel: item.parcel, idempotencyKey: item.key }).unwrap();
        } else {
          // Dated when he recorded it, not when the network came back (his day, his cash).
          await sendQueued({ ...item.body, recorded_at: item.recordedAt, idempotencyKey: item.key }).unwrap();
        }
        return { kind: 'sent' };
      } catch (error) {
        const status = errorStatus(error);
        // No network, the server busy with the same key (another tab), down, or the session to
        // open again (a 401 sends him to the sign-in page, which says what waits): the item
        // keeps its place in the queue.
        const busyWithKey = status === 409 && Boolean(fieldErrors(error)['Idempotency-Key']);
        if (typeof status !== 'number' || busyWithKey || status === 401 || status === 429 || status >= 500) return { kind: 'later' };
        return { kind: 'refused', message: failureMessage(error, t) };
      }
    },
    [sendQueued, sendCall, t],
  );

  return useCallback(
    async ({ after = false, refresh = true }: SendQueueOptions = {}) => {
      if (!user) return;
      const first = await syncQueue(user, send);
      const second = after ? await syncQueue(user, send) : { sent: 0, refused: 0 };
      // The lists and figures once, after the queue (not once per outcome); not after calls alone.
      if (refresh || first.sent + first.refused + second.sent + second.refused > 0) dispatch(parcelsApi.util.invalidateTags([...WRITES]));
    },
    [user, send, dispatch],
  );
}

/**
 * Sends the signed-in delivery person's queue now (the app's sync on sign-in and when the network
 * returns, the round's « Envoyer maintenant »): each outcome and call under its idempotency key,
 * an outcome dated when he recorded it; then the lists and figures once.
 */
export function useSyncNow(): () => void {
  const sendQueue = useSendQueue();
  return useCallback(() => void sendQueue(), [sendQueue]);
}
