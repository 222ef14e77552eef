import Call from '@mui/icons-material/CallOutlined';
import DoneAll from '@mui/icons-material/DoneAllOutlined';
import Inbox from '@mui/icons-material/InboxOutlined';
import Place from '@mui/icons-material/PlaceOutlined';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState } from 'react';
import { errorBody, errorStatus } from '../../core/api';
import { DateText } from '../../components/DateText';
import { failureMessage } from '../../components/form/failureMessage';
import { CashBreakdown } from '../../components/CashBreakdown';
import { MoneyText } from '../../components/MoneyText';
import { NoticeSnackbar, useNotice, type Notice, type Notify } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/table/DataTable';
import { FilterSelect } from '../../components/table/FilterSelect';
import { useListState } from '../../components/table/useListState';
import { useT, type MessageKey } from '../../i18n';
import type { ScreenProps } from '../../navigation/types';
import { useStatisticsQuery } from '../../components/dashboard/api';
import { useAcknowledgeAddressMutation, useListParcelsQuery, useUndoStateMutation, type Parcel } from '../../components/parcel/api';
import { ParcelDrawer } from '../../components/parcel/ParcelDrawer';
import { ParcelStatusChip, useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import { VIEW_STATUSES } from '../../components/parcel/views';
import { useOpenedParcel } from '../../components/parcel/useOpenedParcel';
import { discardOutcome, type QueuedOutcome } from '../../components/parcel/outcomeQueue';
import { OfflineBanner, QueuedOutcomeNote, RefusedOutcomes, useOutcomeSync, usePrefetchRound } from './OfflineRound';
import { OutcomeSheet, outcomesFor } from './OutcomeSheet';
import { queuedNotice, type QueuedNoticeSubject } from './queueNotices';
import { useRecordCall } from './roundCalls';
import '../../i18n/parcels';
import '../../i18n/screens';
import '../../i18n/vouchers';
import { Ltr } from '../../components/Ltr';
import { MIRROR_IN_RTL } from '../../components/mirror';

/** The cash of the parcels he holds: to collect, to pay out (refunds), and the net, apart. */
function RoundCash() {
  const t = useT();
  const { data, isLoading } = useStatisticsQuery();
  const round = data?.data.money?.round;
  if (isLoading) return <Skeleton variant="rounded" height={40} data-testid="round-cash-loading" />;
  if (!round || (round.cash_to_collect === 0 && round.cash_to_pay_out === 0)) return null;
  return (
    <Card variant="outlined" data-testid="round-cash">
      <CardContent sx={{ py: 1.25, '&:last-child': { pb: 1.25 } }}>
        <Typography variant="body2" component="div" aria-label={t('round.cashTitle')}>
          <CashBreakdown figures={round} variant="inline" testId="round-cash-figures" />
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * The delivery person's working list (colis-expédiés), made for a phone: one card per parcel
 * with what he needs at the door (recipient, address, amount, a call button), the pending
 * address changes to acknowledge, and the outcome in two taps.
 */
export default function RoundScreen({ route }: ScreenProps) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const list = useListState({ sort: '-created_at', cursor: true, perPage: 25 });
  const listArgs = { ...list.args, view: 'sent' as const };
  const result = useListParcelsQuery(listArgs);
  const { data, isFetching, isError, error, refetch } = result;
  const rows = data?.data ?? [];
  const nextCursor = data?.meta.next_cursor ?? null;
  const [sheet, setSheet] = useState<{ parcel: Parcel; open: boolean } | null>(null);
  const [opened, open] = useOpenedParcel();
  const { notice, notify: notifyNow, close } = useNotice();
  // The notice of an outcome kept offline follows the queue (queueNotices.ts): it goes once that
  // outcome is sent, refused or taken back, and says how many wait beside it meanwhile.
  const [queuedSubject, setQueuedSubject] = useState<(QueuedNoticeSubject & { serial: number }) | null>(null);
  // Numbered apart from the other notices (downwards): each outcome kept gets its whole time.
  const queuedSerial = useRef(0);
  const notify = useCallback<Notify>(
    (...args) => {
      setQueuedSubject(null);
      notifyNow(...args);
    },
    [notifyNow],
  );
  const [acknowledge] = useAcknowledgeAddressMutation();
  const [acknowledging, setAcknowledging] = useState<string | null>(null);
  const [undoState] = useUndoStateMutation();
  const { items: queued, syncing, online, syncNow } = useOutcomeSync();
  const recordCall = useRecordCall();
  usePrefetchRound(listArgs, nextCursor, online && list.page === 1 && !isFetching);
  // The outcome waiting for each parcel (refused ones are listed apart, at the top).
  const queuedFor = new Map(queued.filter((item) => item.state === 'pending').map((item) => [item.parcel, item]));

  const undo = (parcel: Parcel) =>
    undoState(parcel.key)
      .unwrap()
      .then((result) => notify(t('round.undone', { code: result.data.key, status: statusLabel(result.data.status, result.data.status_label) }), 'info'))
      .catch((failure: unknown) => notify(failureMessage(failure, t), 'error'));

  const seeAddress = (parcel: Parcel) => {
    setAcknowledging(parcel.key);
    acknowledge(parcel.key)
      .unwrap()
      .then(() => notify(t('parcels.acknowledged', { code: parcel.key })))
      .catch((failure: unknown) => notify(failureMessage(failure, t), 'error'))
      .finally(() => setAcknowledging(null));
  };

  const queuedOutcomeNotice = (subject: QueuedNoticeSubject & { serial: number }): Notice => {
    const { open, message } = queuedNotice(t, subject, queued);
    return {
      message,
      severity: 'info',
      serial: subject.serial,
      closed: !open,
      action: <UndoButton onUndo={() => discardOutcome(queuedUser(queued, subject.key) ?? '', subject.key)} />,
    };
  };

  const total = data?.meta.total;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="round-screen">
      <PageHeader title={t(`route.${route.name}` as MessageKey)} subtitle={t('round.subtitle')} />
      <OfflineBanner items={queued} syncing={syncing} online={online} onSync={syncNow} />
      <RefusedOutcomes items={queued} onOpen={open} />
      <RoundCash />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <SearchBox placeholder={t('parcels.search')} list={list} />
        <FilterSelect
          list={list}
          filter="status"
          label={t('parcels.statusFilter')}
          options={[
            { value: '', label: t('table.filterAll') },
            ...VIEW_STATUSES.sent.map((status) => ({ value: status, label: t(`parcels.status.${status}` as MessageKey) })),
          ]}
        />
        <Box sx={{ flexGrow: 1 }} />
        {typeof total === 'number' && list.page === 1 && (
          <Typography variant="body2" color="text.secondary" data-testid="round-count">
            {t(data?.meta.total_capped ? 'round.countCapped' : 'round.count', { count: total })}
          </Typography>
        )}
      </Stack>

      {isError && !isFetching && (
        <Alert
          severity="error"
          data-testid="round-error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {t('error.retry')}
            </Button>
          }
        >
          {errorStatus(error) === 'FETCH_ERROR' ? t('error.network') : errorBody(error)?.message ?? t('table.loadError')}
        </Alert>
      )}

      {data === undefined && isFetching ? (
        <Stack spacing={1.5} data-testid="round-loading">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={170} />
          ))}
        </Stack>
      ) : rows.length === 0 && !isFetching && !isError ? (
        <Box data-testid="round-empty" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 6, color: 'text.secondary' }}>
          <Inbox fontSize="large" />
          <Typography>{list.q ? t('table.noResult', { query: list.q }) : t('round.empty')}</Typography>
        </Box>
      ) : (
        <Stack spacing={1.5} data-testid="round-list" aria-busy={isFetching}>
          {rows.map((parcel) => (
            <RoundCard
              key={parcel.key}
              parcel={parcel}
              queued={queuedFor.get(parcel.key)}
              acknowledging={acknowledging === parcel.key}
              onOutcome={() => setSheet({ parcel, open: true })}
              onCall={() => recordCall(parcel.key)}
              onAcknowledge={() => seeAddress(parcel)}
              onDetails={() => open(parcel.key)}
            />
          ))}
        </Stack>
      )}

      {(list.page > 1 || nextCursor) && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
          <Button disabled={list.page === 1 || isFetching} onClick={() => list.setPage(list.page - 1)} data-testid="round-previous">
            {t('round.previous')}
          </Button>
          <Button disabled={!nextCursor || isFetching} onClick={() => nextCursor && list.nextPage(nextCursor)} data-testid="round-next">
            {t('round.next')}
          </Button>
        </Stack>
      )}

      <OutcomeSheet
        parcel={sheet?.parcel ?? null}
        open={Boolean(sheet?.open)}
        onClose={() => setSheet((current) => (current ? { ...current, open: false } : null))}
        onQueued={(parcel, chosen, key) => {
          close();
          queuedSerial.current -= 1;
          setQueuedSubject({ key, code: parcel.key, status: statusLabel(chosen, chosen), serial: queuedSerial.current });
        }}
        onDone={(parcel, chosen) => {
          // A failed attempt past the limit turns the parcel refused on the server.
          const limit = parcel.status === 'refused' && chosen !== 'refused';
          // While the server lets him take it back (a few minutes), the notice offers « Annuler ».
          const undoLeft = parcel.undo_until ? Date.parse(parcel.undo_until) - Date.now() : 0;
          notify(
            limit
              ? t('round.movedTo', { code: parcel.key, status: statusLabel(parcel.status, parcel.status_label) })
              : t('parcels.state.done', { code: parcel.key, status: statusLabel(parcel.status, parcel.status_label) }),
            limit ? 'info' : 'success',
            undoLeft > 0 ? <UndoButton onUndo={() => undo(parcel)} /> : undefined,
            undoLeft > 0 ? Math.min(undoLeft, UNDO_NOTICE_MS) : undefined,
          );
        }}
      />
      <ParcelDrawer parcelKey={opened} onClose={() => open(null)} />
      {/* Above an open sheet, never over its buttons. */}
      <NoticeSnackbar
        notice={queuedSubject ? queuedOutcomeNotice(queuedSubject) : notice}
        onClose={queuedSubject ? () => setQueuedSubject(null) : close}
        testId="round-notice"
        anchor={sheet?.open ? 'top' : 'bottom'}
      />
    </Box>
  );
}

/** How long the notice of an outcome stays with its « Annuler » (never past the server's limit). */
const UNDO_NOTICE_MS = 60_000;

/** « Annuler » in the notice of an outcome: one tap, then disabled until the server answers. */
function UndoButton({ onUndo }: { onUndo: () => Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      color="inherit"
      size="small"
      startIcon={<Undo {...MIRROR_IN_RTL} />}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void onUndo().finally(() => setBusy(false));
      }}
      data-testid="round-undo"
    >
      {t('round.undo')}
    </Button>
  );
}

/** Whose queue holds `key` (the signed-in delivery person's, once it is loaded). */
function queuedUser(items: QueuedOutcome[], key: string): string | undefined {
  return items.find((item) => item.key === key)?.user;
}

interface CardProps {
  parcel: Parcel;
  /** Its outcome recorded offline, waiting to be sent. */
  queued?: QueuedOutcome;
  acknowledging: boolean;
  onOutcome: () => void;
  /** A call button tapped (the link opens the dialer): the call is recorded. */
  onCall: () => void;
  onAcknowledge: () => void;
  onDetails: () => void;
}

/** One parcel of the round: who, where, how much, and the buttons used at the door. */
function RoundCard({ parcel, queued, acknowledging, onOutcome, onCall, onAcknowledge, onDetails }: CardProps) {
  const t = useT();
  const canRecord = outcomesFor(parcel).length > 0 && !queued;
  return (
    <Card data-testid="round-card" data-key={parcel.key} data-status={parcel.status}>
      <CardContent sx={{ display: 'grid', gap: 1.25, p: 2, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.75 }}>
          <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 700 }} data-testid="parcel-code">
            <Ltr>{parcel.key}</Ltr>
          </Typography>
          <ParcelStatusChip status={parcel.status} label={parcel.status_label} />
          {parcel.attempts > 0 && (
            <Chip size="small" variant="outlined" color="warning" label={t('parcels.attempts', { count: parcel.attempts })} data-testid="round-attempts" />
          )}
          {parcel.kind !== 'standard' && (
            <Chip size="small" variant="outlined" label={t(parcel.kind === 'exchange' ? 'parcels.kind.exchange' : 'parcels.kind.refund')} />
          )}
        </Stack>

        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }} data-testid="round-recipient">
              {parcel.recipient_name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', overflowWrap: 'anywhere' }}>
              <Place sx={{ fontSize: 18, mt: '1px', flexShrink: 0 }} />
              <span>
                <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {parcel.city_name}
                </Box>
                {' · '}
                <bdi>{parcel.address}</bdi>
              </span>
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {parcel.kind === 'refund' ? t('round.toRefund') : t('round.toCollect')}
            </Typography>
            <Typography variant="h6" component="div" sx={{ lineHeight: 1.2 }} data-testid="round-amount">
              <MoneyText centimes={parcel.cod_amount} />
            </Typography>
          </Box>
        </Stack>

        {(parcel.postponed_to || parcel.item_to_collect || parcel.note) && (
          <Box sx={{ display: 'grid', gap: 0.25 }}>
            {parcel.postponed_to && (
              <Typography variant="body2">
                {t('parcels.postponedTo')} <DateText value={parcel.postponed_to} />
              </Typography>
            )}
            {parcel.item_to_collect && (
              <Typography variant="body2">
                {t('parcels.itemToCollect')} : {parcel.item_to_collect}
              </Typography>
            )}
            {parcel.note && (
              <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                « {parcel.note} »
              </Typography>
            )}
          </Box>
        )}

        {queued && <QueuedOutcomeNote item={queued} />}

        {parcel.address_change_pending && (
          <Alert
            severity="warning"
            data-testid="round-address-changed"
            action={
              parcel.actions.includes('acknowledge-address') ? (
                <Button color="inherit" size="small" startIcon={<DoneAll />} disabled={acknowledging} onClick={onAcknowledge} data-testid="round-acknowledge">
                  {t('round.seen')}
                </Button>
              ) : undefined
            }
          >
            {t('round.addressChanged')}
          </Alert>
        )}

        <Stack direction="row" spacing={1}>
          <Button
            component={Link}
            href={`tel:${parcel.recipient_phone}`}
            variant="outlined"
            startIcon={<Call />}
            sx={{ flex: '1 1 0', minHeight: 44, whiteSpace: 'nowrap' }}
            aria-label={t('round.callName', { name: parcel.recipient_name, phone: parcel.recipient_phone })}
            onClick={onCall}
            data-testid="round-call"
          >
            <Ltr>{parcel.recipient_phone}</Ltr>
          </Button>
          <Button
            variant="contained"
            startIcon={<TaskAlt />}
            disabled={!canRecord}
            onClick={onOutcome}
            sx={{ flex: '1 1 0', minHeight: 44 }}
            data-testid="round-outcome"
          >
            {t('round.outcome')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          {parcel.recipient_phone_alt ? (
            <Link href={`tel:${parcel.recipient_phone_alt}`} variant="body2" onClick={onCall} data-testid="round-call-alt">
              {t('round.callAlt', { phone: parcel.recipient_phone_alt })}
            </Link>
          ) : (
            <span />
          )}
          <Button size="small" onClick={onDetails} data-testid="round-details">
            {t('round.details')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
