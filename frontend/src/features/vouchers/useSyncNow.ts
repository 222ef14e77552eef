import { useCallback } from 'react';
import { errorStatus, fieldErrors } from '../../core/api';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { selectUser } from '../../core/session/authSlice';
import { failureMessage } from '../../components/form/failureMessage';
import { parcelsApi, useSendQueuedStateMutation, WRITES } from '../../components/parcel/api';
import { syncQueue, type QueuedOutcome, type SendResult } from '../../components/parcel/outcomeQueue';
import { useT } from '../../i18n';

/**
 * Sends the signed-in delivery person's queue now (the app's sync on sign-in and when the network
 * returns, the round's « Envoyer maintenant »): each outcome under its idempotency key, dated when
 * he recorded it; then the lists and figures once.
 */
export function useSyncNow(): () => void {
  const t = useT();
  const user = useAppSelector(selectUser)?.key ?? null;
  const [sendQueued] = useSendQueuedStateMutation();
  const dispatch = useAppDispatch();

  const send = useCallback(
    async (item: QueuedOutcome): Promise<SendResult> => {
      try {
        // Dated when he recorded it, not when the network came back (his day, his cash).
        await sendQueued({ ...item.body, recorded_at: item.recordedAt, idempotencyKey: item.key }).unwrap();
        return { kind: 'sent' };
      } catch (error) {
        const status = errorStatus(error);
        // No network, the server busy with the same key (another tab), down, or the session to
        // open again (a 401 sends him to the sign-in page, which says what waits): the outcome
        // keeps its place in the queue.
        const busyWithKey = status === 409 && Boolean(fieldErrors(error)['Idempotency-Key']);
        if (typeof status !== 'number' || busyWithKey || status === 401 || status === 429 || status >= 500) return { kind: 'later' };
        return { kind: 'refused', message: failureMessage(error, t) };
      }
    },
    [sendQueued, t],
  );

  return useCallback(() => {
    if (!user) return;
    // The lists and figures once, after the queue (not once per outcome; another tab may have
    // sent it).
    void syncQueue(user, send).then(() => dispatch(parcelsApi.util.invalidateTags([...WRITES])));
  }, [user, send, dispatch]);
}
