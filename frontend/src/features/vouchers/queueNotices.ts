// What the delivery person's notices say of his offline queue, from the queue as it stands (not as
// it stood when the notice opened): pure, for the round's notice of an outcome kept offline and
// the app's notice of a queue sent.
import type { QueuedOutcome, SyncSummary } from '../../components/parcel/outcomeQueue';
import { waitingCount } from '../../components/parcel/outcomeStore';
import type { Translate } from '../../i18n';
import '../../i18n/vouchers';

/** The outcome a « sera envoyé au retour du réseau » notice is about. */
export interface QueuedNoticeSubject {
  /** Its idempotency key in the queue. */
  key: string;
  /** The parcel's code. */
  code: string;
  /** The outcome's label (« Livré »). */
  status: string;
}

/**
 * The notice of an outcome kept offline, as the queue now stands: shown while that outcome still
 * waits (gone once it is sent, refused or taken back, and when nothing waits any more), with how
 * many wait in all when others wait beside it.
 */
export function queuedNotice(t: Translate, subject: QueuedNoticeSubject, items: readonly QueuedOutcome[]): { open: boolean; message: string } {
  const waiting = waitingCount(items);
  const open = waiting > 0 && items.some((item) => item.key === subject.key && item.state === 'pending');
  const message = t('offline.queuedNotice', { code: subject.code, status: subject.status });
  return { open, message: waiting > 1 ? `${message} ${t('offline.queuedTotal', { count: waiting })}` : message };
}

/** The notice of a sending of the queue: how many were sent, and how many the server refused. */
export function syncedNotice(t: Translate, { sent, refused }: SyncSummary): { message: string; severity: 'success' | 'warning'; link: string } {
  const parts: string[] = [];
  if (sent > 0) parts.push(t('offline.synced', { count: sent }));
  if (refused > 0) parts.push(t('offline.syncRefused', { count: refused }));
  return {
    message: parts.join(' '),
    severity: refused > 0 ? 'warning' : 'success',
    // The refused ones are listed at the top of his round: the one place to go either way.
    link: refused > 0 ? t('offline.seeRefused') : t('offline.seeRound'),
  };
}
