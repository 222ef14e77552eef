import CloudOff from '@mui/icons-material/CloudOffOutlined';
import CloudSync from '@mui/icons-material/CloudSyncOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { errorStatus } from '../../core/api';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { selectUser } from '../../core/session/authSlice';
import { failureMessage } from '../../components/form/failureMessage';
import { parcelsApi, type ParcelListArgs } from '../../components/parcel/api';
import { discardOutcome, loadQueue, useOnline, useOutcomeQueue, type QueuedOutcome } from '../../components/parcel/outcomeQueue';
import { waitingCount } from '../../components/parcel/outcomeStore';
import { useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import { useLazyListUnappliedOutcomesQuery, useMarkUnappliedOutcomeSeenMutation } from '../../components/parcel/unapplied';
import { useT } from '../../i18n';
import '../../i18n/parcels';
import '../../i18n/vouchers';
import { useSyncNow } from './useSyncNow';

/**
 * The delivery person's queue on the round: loads it, and gives the screen a way to send now. The
 * sending on sign-in, when the network returns and every 20 s while something waits is the app's
 * (OutcomeSync, mounted for him whichever screen is open).
 */
export function useOutcomeSync(): { items: QueuedOutcome[]; syncing: boolean; online: boolean; syncNow: () => void } {
  const user = useAppSelector(selectUser)?.key ?? null;
  const { items, syncing } = useOutcomeQueue();
  const online = useOnline();
  const syncNow = useSyncNow();

  useEffect(() => {
    if (user) void loadQueue(user);
  }, [user]);

  return { items, syncing, online, syncNow };
}

/** Pages of the round fetched ahead for the offline app (25 parcels each: 250 at most). */
const PREFETCHED_PAGES = 10;

/**
 * While the phone is online under the offline app's control, the round's next pages are fetched
 * ahead, with the very arguments the screen would send for them: the worker keeps each answer,
 * so without a network every page of the round opens, not only those looked at.
 */
export function usePrefetchRound(args: ParcelListArgs, nextCursor: string | null | undefined, active: boolean): void {
  const dispatch = useAppDispatch();
  const argsKey = JSON.stringify(args);
  useEffect(() => {
    if (!active || !nextCursor || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
    let stopped = false;
    const { page: _page, per_page, ...others } = JSON.parse(argsKey) as ParcelListArgs;
    void (async () => {
      let cursor: string | null = nextCursor;
      for (let n = 0; n < PREFETCHED_PAGES && cursor && !stopped; n += 1) {
        // The key order of the screen's own request for that page: per_page, cursor, the rest.
        const page: { data?: { meta: { next_cursor?: string | null } } } = await dispatch(
          parcelsApi.endpoints.listParcels.initiate({ per_page, cursor, ...others }, { subscribe: false }),
        );
        cursor = page.data?.meta.next_cursor ?? null;
      }
    })();
    return () => {
      stopped = true;
    };
  }, [dispatch, active, nextCursor, argsKey]);
}

/** « Hors ligne · 3 en attente »: shown while offline or while outcomes wait. */
export function OfflineBanner({ items, syncing, online, onSync }: { items: QueuedOutcome[]; syncing: boolean; online: boolean; onSync: () => void }) {
  const t = useT();
  const pending = waitingCount(items);
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

/** On a parcel's card: its outcome waiting to be sent, with « Annuler » while it waits. */
export function QueuedOutcomeNote({ item }: { item: QueuedOutcome }) {
  const t = useT();
  const statusLabel = useStatusLabel();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }} data-testid="queued-outcome" data-state="pending">
      <Chip size="small" color="info" icon={<CloudSync />} label={t('offline.queued', { status: statusLabel(item.status, item.status) })} />
      <Button size="small" onClick={() => void discardOutcome(item.user, item.key)} data-testid="queued-undo">
        {t('round.undo')}
      </Button>
    </Stack>
  );
}

/**
 * Outcomes the server refused when they were sent (the parcel moved meanwhile, cancelled, given to
 * another delivery person): each with its parcel, the reason, a way to look at the parcel, and
 * « Vu ». The server kept each refusal for the office: « Vu » marks his open ones of that parcel
 * seen there, then takes the note off the phone. At the top of the round, as the parcel may have
 * left it.
 */
export function RefusedOutcomes({ items, onOpen }: { items: QueuedOutcome[]; onOpen: (parcel: string) => void }) {
  const refused = items.filter((item) => item.state === 'failed');
  if (refused.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="refused-outcomes">
      {refused.map((item) => (
        <RefusedOutcome key={item.key} item={item} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

/** No answer from the server (no network, or the server down): worth trying again later. */
function unreachable(error: unknown): boolean {
  const status = errorStatus(error);
  return typeof status !== 'number' || status >= 500;
}

function RefusedOutcome({ item, onOpen }: { item: QueuedOutcome; onOpen: (parcel: string) => void }) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const [listOpen] = useLazyListUnappliedOutcomesQuery();
  const [markSeen] = useMarkUnappliedOutcomeSeenMutation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Marked seen on the server first: the note leaves the phone only once the server knows.
  const seen = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const kept = await listOpen({ parcel: item.parcel, status: 'open', per_page: 100 }).unwrap();
      for (const outcome of kept.data) {
        if (!outcome.seen_at) await markSeen(outcome.key).unwrap();
      }
      await discardOutcome(item.user, item.key);
    } catch (error) {
      setFailure(unreachable(error) ? t('offline.seenFailed') : failureMessage(error, t));
      setBusy(false);
    }
  };

  return (
    <Alert
      severity="error"
      data-testid="refused-outcome"
      data-key={item.parcel}
      action={
        <Stack direction="row" spacing={0.5}>
          <Button color="inherit" size="small" onClick={() => onOpen(item.parcel)}>
            {t('round.details')}
          </Button>
          <Button
            color="inherit"
            size="small"
            onClick={() => void seen()}
            disabled={busy}
            aria-label={t('offline.seenLabel', { code: item.parcel })}
            data-testid="queued-dismiss"
          >
            {t('offline.seen')}
          </Button>
        </Stack>
      }
    >
      <strong>{item.parcel}</strong> · {t('offline.refused', { status: statusLabel(item.status, item.status), reason: item.error ?? '' })}
      <Typography variant="body2" component="div" sx={{ mt: 0.5 }} data-testid="refused-on-record">
        {t('offline.onRecord')}
      </Typography>
      {failure && (
        <Typography variant="body2" component="div" sx={{ mt: 0.5, fontWeight: 600 }} role="alert" data-testid="refused-seen-error">
          {failure}
        </Typography>
      )}
    </Alert>
  );
}
