import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { selectSessionInfo, selectUser } from '../../core/session/authSlice';
import { NoticeSnackbar, type Notice } from '../../components/NoticeSnackbar';
import { lastSyncSerial, loadQueue, useOnline, useOutcomeQueue } from '../../components/parcel/outcomeQueue';
import { waitingCount } from '../../components/parcel/outcomeStore';
import { pathOf } from '../../navigation/access';
import { useT } from '../../i18n';
import '../../i18n/vouchers';
import { syncedNotice } from './queueNotices';
import { useSendQueue } from './useSyncNow';

/** How often pending outcomes and calls are tried again while the phone says it is online. */
const RETRY_MS = 20_000;

/**
 * The delivery person's queue of outcomes recorded offline, for the whole signed-in app (loaded
 * for him only, by SessionBootstrap): sent at once after sign-in whichever screen the guard lands
 * him on, when the network returns, and every 20 s while something waits; each tab tries, the
 * queue's lock and idempotency keys apply each outcome once. A sending that applied or refused
 * something says so in a notice, with a link to his round (where the refused ones are listed).
 */
export default function OutcomeSync() {
  const t = useT();
  const user = useAppSelector(selectUser)?.key ?? null;
  const session = useAppSelector(selectSessionInfo);
  const { pathname } = useLocation();
  const { items, calls, synced } = useOutcomeQueue();
  const online = useOnline();
  const sendQueue = useSendQueue();
  // Sendings before this session (another person's, an earlier sign-in) are not said again.
  const [since] = useState(lastSyncSerial);
  const [closed, setClosed] = useState(0);

  useEffect(() => {
    if (user) void loadQueue(user);
  }, [user]);

  // The calls placed from the round too: they go (before the outcomes after them) as they do;
  // calls alone refresh no list.
  const outcomesWaiting = waitingCount(items) > 0;
  const pending = outcomesWaiting || calls.length > 0;
  useEffect(() => {
    if (!online || !pending) return;
    const sync = () => void sendQueue({ refresh: outcomesWaiting });
    sync();
    const timer = window.setInterval(sync, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [online, pending, outcomesWaiting, sendQueue]);

  const report = synced && synced.serial > since ? synced : null;
  const round = pathOf('sent-parcels', session);
  let notice: Notice | null = null;
  if (report) {
    const { message, severity, link } = syncedNotice(t, report);
    notice = {
      message,
      severity,
      serial: report.serial,
      closed: closed >= report.serial,
      // On the round itself, what was sent and refused is in view.
      action:
        pathname === round ? undefined : (
          <Button color="inherit" size="small" component={RouterLink} to={round} onClick={() => setClosed(report.serial)} data-testid="outcome-sync-round">
            {link}
          </Button>
        ),
    };
  }
  // At the top: at the bottom it would hide the round's own notices and its outcome sheet.
  return <NoticeSnackbar notice={notice} onClose={() => setClosed(report?.serial ?? 0)} testId="outcome-sync-notice" anchor="top" />;
}
