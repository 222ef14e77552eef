import CloudOff from '@mui/icons-material/CloudOffOutlined';
import CloudSync from '@mui/icons-material/CloudSyncOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect } from 'react';
import { errorStatus, fieldErrors } from '../../core/api';
import { useAppSelector } from '../../core/hooks';
import { selectUser } from '../../core/session/authSlice';
import { failureMessage } from '../../components/form/failureMessage';
import { usePostStateMutation } from '../../components/parcel/api';
import {
  discardOutcome,
  loadQueue,
  syncQueue,
  useOnline,
  useOutcomeQueue,
  type QueuedOutcome,
  type SendResult,
} from '../../components/parcel/outcomeQueue';
import { useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import { useT } from '../../i18n';
import '../../i18n/vouchers';

/** How often pending outcomes are tried again while the phone says it is online. */
const RETRY_MS = 20_000;

/**
 * The delivery person's queue on the round: loads it, sends it when the network returns (and every
 * 20 s while something waits), and gives the screen a way to send now.
 */
export function useOutcomeSync(): { items: QueuedOutcome[]; syncing: boolean; online: boolean; syncNow: () => void } {
  const t = useT();
  const user = useAppSelector(selectUser)?.key ?? null;
  const { items, syncing } = useOutcomeQueue();
  const online = useOnline();
  const [postState] = usePostStateMutation();

  const send = useCallback(
    async (item: QueuedOutcome): Promise<SendResult> => {
      try {
        await postState({ ...item.body, idempotencyKey: item.key }).unwrap();
        return { kind: 'sent' };
      } catch (error) {
        const status = errorStatus(error);
        // No network, the server busy with the same key (another tab), down, or the session to
        // open again: the outcome keeps its place in the queue.
        const busyWithKey = status === 409 && Boolean(fieldErrors(error)['Idempotency-Key']);
        if (typeof status !== 'number' || busyWithKey || status === 401 || status === 429 || status >= 500) return { kind: 'later' };
        return { kind: 'refused', message: failureMessage(error, t) };
      }
    },
    [postState, t],
  );

  const syncNow = useCallback(() => {
    if (user) void syncQueue(user, send);
  }, [user, send]);

  useEffect(() => {
    if (user) void loadQueue(user);
  }, [user]);

  const pending = items.some((item) => item.state === 'pending');
  useEffect(() => {
    if (!online || !pending) return;
    syncNow();
    const timer = window.setInterval(syncNow, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [online, pending, syncNow]);

  return { items, syncing, online, syncNow };
}

/** « Hors ligne · 3 en attente »: shown while offline or while outcomes wait. */
export function OfflineBanner({ items, syncing, online, onSync }: { items: QueuedOutcome[]; syncing: boolean; online: boolean; onSync: () => void }) {
  const t = useT();
  const pending = items.filter((item) => item.state === 'pending').length;
  if (online && pending === 0) return null;
  return (
    <Alert
      severity={online ? 'info' : 'warning'}
      icon={online ? <CloudSync /> : <CloudOff />}
      data-testid="offline-banner"
      data-pending={pending}
      action={
        online && pending > 0 ? (
          <Button color="inherit" size="small" onClick={onSync} disabled={syncing} data-testid="offline-sync">
            {t('offline.sendNow')}
          </Button>
        ) : undefined
      }
    >
      {online ? t('offline.waiting', { count: pending }) : t('offline.banner', { count: pending })}
    </Alert>
  );
}

/** On a parcel's card: its outcome waiting to be sent (with « Annuler »), or refused with why. */
export function QueuedOutcomeNote({ item }: { item: QueuedOutcome }) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const status = statusLabel(item.status, item.status);
  if (item.state === 'pending') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }} data-testid="queued-outcome" data-state="pending">
        <Chip size="small" color="info" icon={<CloudSync />} label={t('offline.queued', { status })} />
        <Button size="small" onClick={() => void discardOutcome(item.user, item.key)} data-testid="queued-undo">
          {t('round.undo')}
        </Button>
      </Stack>
    );
  }
  return (
    <Alert
      severity="error"
      data-testid="queued-outcome"
      data-state="failed"
      action={
        <Button color="inherit" size="small" onClick={() => void discardOutcome(item.user, item.key)} data-testid="queued-dismiss">
          {t('offline.dismiss')}
        </Button>
      }
    >
      {t('offline.refused', { status, reason: item.error ?? '' })}
    </Alert>
  );
}
