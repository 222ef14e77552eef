import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { DateText } from '../../components/DateText';
import { DateTimeText } from '../../components/DateTimeText';
import { FormDialog } from '../../components/form/FormDialog';
import { lazyNamed, useLoadedOnce } from '../../components/lazy';
import { Ltr } from '../../components/Ltr';
import { formatMoney } from '../../components/money';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import type { Column } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { ParcelStatusChip, useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import { CashAtStake, ResolutionNote, UnappliedStateChip } from '../../components/parcel/UnappliedParts';
import { useListUnappliedOutcomesQuery, useResolveUnappliedOutcomeMutation, type UnappliedOutcome } from '../../components/parcel/unapplied';
import { useOpenedParcel } from '../../components/parcel/useOpenedParcel';
import { useLanguage, useT } from '../../i18n';
import '../../i18n/parcels';
import '../../i18n/screens';

// The parcel list's drawer (same chunk): loaded when a parcel is first opened from here.
const ParcelDrawer = lazyNamed(() => import(/* webpackChunkName: "parcel-drawer" */ '../../components/parcel/ParcelDrawer'), 'ParcelDrawer');

/** The two settlements that take words: the cash returned (optional), a dismissal (required). */
interface Settling {
  outcome: UnappliedOutcome;
  resolution: 'cash_returned' | 'dismiss';
}

/**
 * /compte/resultats-a-regler (admin, any screen that moves parcels): the outcomes the server
 * refused from the delivery people's phones, with the cash each implies, the open ones first
 * (oldest first, a work queue). Each is applied after all (when the parcel's status still allows
 * it), recorded as the cash returned, or dismissed with the reason; a parcel code opens its drawer.
 */
export default function UnappliedOutcomesScreen() {
  const t = useT();
  const language = useLanguage();
  const statusLabel = useStatusLabel();
  const list = useListState({ filters: { status: 'open' } });
  const status = list.filters.status === 'resolved' ? 'resolved' : 'open';
  const result = useListUnappliedOutcomesQuery({ ...list.args, status });
  const [resolve] = useResolveUnappliedOutcomeMutation();
  const [settling, setSettling] = useState<Settling | null>(null);
  const [opened, open] = useOpenedParcel();
  const drawerLoaded = useLoadedOnce(opened !== null);
  const outcomeOf = (outcome: UnappliedOutcome) => statusLabel(outcome.outcome, outcome.outcome_label);

  const columns: Column<UnappliedOutcome>[] = [
    {
      id: 'parcel',
      label: t('unapplied.parcel'),
      render: (outcome) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="unapplied-parcel">
            <Ltr>{outcome.parcel.key}</Ltr>
          </Typography>
          <ParcelStatusChip status={outcome.parcel.status} label={outcome.parcel.status_label} />
        </Stack>
      ),
    },
    { id: 'recipient', label: t('unapplied.recipient'), render: (outcome) => outcome.parcel.recipient_name },
    { id: 'delivery_admin', label: t('unapplied.deliveryPerson'), render: (outcome) => outcome.delivery_admin.full_name },
    {
      id: 'outcome',
      label: t('unapplied.outcome'),
      render: (outcome) => (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', minWidth: 0 }} data-testid="unapplied-outcome">
          <ParcelStatusChip status={outcome.outcome} label={outcome.outcome_label} />
          {outcome.date && (
            <Typography variant="caption" component="div">
              {t('parcels.historyDate')} <DateText value={outcome.date} />
            </Typography>
          )}
          {outcome.comment && (
            <Typography variant="caption" color="text.secondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
              « <bdi>{outcome.comment}</bdi> »
            </Typography>
          )}
          {outcome.had_proof && (
            <Typography variant="caption" color="text.secondary">
              {t('unapplied.withProof')}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'recorded_at',
      label: t('unapplied.recordedAt'),
      render: (outcome) => (
        <Box sx={{ minWidth: 0 }}>
          <DateTimeText value={outcome.recorded_at} />
          <Typography variant="caption" color="text.secondary" component="div">
            {t('unapplied.refusedAt')} <DateTimeText value={outcome.received_at} />
          </Typography>
        </Box>
      ),
    },
    {
      id: 'reason',
      label: t('unapplied.reason'),
      render: (outcome) => (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: 280 }} data-testid="unapplied-reason">
          {outcome.reason}
        </Typography>
      ),
    },
    { id: 'cash_at_stake', label: t('unapplied.cashColumn'), align: 'right', render: (outcome) => <CashAtStake centimes={outcome.cash_at_stake} /> },
    {
      id: 'state',
      label: t('unapplied.stateColumn'),
      card: 'badge',
      render: (outcome) => (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
          <UnappliedStateChip outcome={outcome} />
          <ResolutionNote outcome={outcome} />
        </Box>
      ),
    },
  ];

  const dismissing = settling?.resolution === 'dismiss';
  return (
    <ResourceScreen<UnappliedOutcome, Record<string, never>>
      title={t('route.unapplied-outcomes')}
      subtitle={t('unapplied.subtitle')}
      testId="unapplied-outcomes-screen"
      list={list}
      result={result}
      columns={columns}
      rowName={(outcome) => outcome.parcel.key}
      tabs={{
        filter: 'status',
        options: [
          { value: 'open', label: t('unapplied.tab.open') },
          { value: 'resolved', label: t('unapplied.tab.resolved') },
        ],
      }}
      emptyMessage={t(status === 'open' ? 'unapplied.empty.open' : 'unapplied.empty.resolved')}
      onRowClick={(outcome) => open(outcome.parcel.key)}
      rowActions={(outcome, { confirm, notify }) =>
        outcome.state !== 'open'
          ? []
          : [
              {
                id: 'apply',
                label: t('unapplied.apply'),
                icon: <CheckCircleOutlined fontSize="small" />,
                color: 'success',
                onClick: () =>
                  confirm({
                    title: t('unapplied.applyTitle', { outcome: outcomeOf(outcome), code: outcome.parcel.key }),
                    body: (
                      <Stack spacing={1} component="span">
                        <span>{t('unapplied.applyBody', { name: outcome.delivery_admin.full_name })}</span>
                        {outcome.cash_at_stake !== 0 && (
                          <span data-testid="apply-cash">
                            {t(outcome.cash_at_stake > 0 ? 'unapplied.applyCollected' : 'unapplied.applyPaidOut', {
                              amount: formatMoney(Math.abs(outcome.cash_at_stake), language),
                            })}
                          </span>
                        )}
                      </Stack>
                    ),
                    confirmLabel: t('unapplied.apply'),
                    color: 'success',
                    onConfirm: () => resolve({ key: outcome.key, resolution: 'apply' }).unwrap(),
                    onDone: () => notify(t('unapplied.applied', { code: outcome.parcel.key })),
                    testId: 'apply-dialog',
                  }),
              },
              {
                id: 'cash-returned',
                label: t('unapplied.cashReturned'),
                icon: <PaymentsOutlined fontSize="small" />,
                color: 'info',
                onClick: () => setSettling({ outcome, resolution: 'cash_returned' }),
              },
              {
                id: 'dismiss',
                label: t('unapplied.dismiss'),
                icon: <HighlightOff fontSize="small" />,
                color: 'error',
                onClick: () => setSettling({ outcome, resolution: 'dismiss' }),
              },
            ]
      }
    >
      {({ notify }) => (
        <>
          {settling && (
            <FormDialog<{ comment: string }>
              open
              title={
                dismissing
                  ? t('unapplied.dismissTitle', { outcome: outcomeOf(settling.outcome), code: settling.outcome.parcel.key })
                  : t('unapplied.cashReturnedTitle', { code: settling.outcome.parcel.key })
              }
              intro={
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {dismissing
                    ? t('unapplied.dismissIntro')
                    : [
                        settling.outcome.cash_at_stake !== 0 &&
                          t('unapplied.cashReturnedIntro', {
                            amount: formatMoney(Math.abs(settling.outcome.cash_at_stake), language),
                            name: settling.outcome.delivery_admin.full_name,
                          }),
                        t('unapplied.noChange'),
                      ]
                        .filter(Boolean)
                        .join(' ')}
                </Typography>
              }
              fields={[
                {
                  name: 'comment',
                  label: dismissing ? t('unapplied.dismissComment') : t('unapplied.commentOptional'),
                  type: 'multiline',
                  required: dismissing,
                  wide: true,
                  autoFocus: true,
                  maxLength: 500,
                },
              ]}
              initialValues={{ comment: '' }}
              validate={({ comment }): Record<string, string> => (dismissing && !comment.trim() ? { comment: t('unapplied.commentRequired') } : {})}
              submitLabel={dismissing ? t('unapplied.dismiss') : t('unapplied.cashReturned')}
              onSubmit={({ comment }) =>
                resolve({ key: settling.outcome.key, resolution: settling.resolution, ...(comment.trim() ? { comment: comment.trim() } : {}) }).unwrap()
              }
              onSaved={() =>
                notify(t(dismissing ? 'unapplied.dismissed' : 'unapplied.cashReturnedDone', { code: settling.outcome.parcel.key }))
              }
              onClose={() => setSettling(null)}
              testId={dismissing ? 'dismiss-dialog' : 'cash-returned-dialog'}
            />
          )}
          {drawerLoaded && (
            <Suspense fallback={null}>
              <ParcelDrawer parcelKey={opened} onClose={() => open(null)} />
            </Suspense>
          )}
        </>
      )}
    </ResourceScreen>
  );
}
