import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorStatus, fieldErrors } from '../../core/api';
import { StatFigure } from '../../components/dashboard/StatFigure';
import { failureMessage } from '../../components/form/failureMessage';
import { PeriodFields, usePeriod } from '../../components/PeriodFields';
import { formatCount, formatRate } from '../../components/moneyFormat';
import { DataTable, type Column } from '../../components/table/DataTable';
import { localResult } from '../../components/table/localList';
import { useListState } from '../../components/table/useListState';
import { useLanguage, useT, type Language, type Translate } from '../../i18n';
import { useConfirmationStatisticsQuery, type CallFigures, type ConfirmationStatistics } from './api';
import '../../i18n/confirmations';

/** « 45 min », « 2 h 05 », « 1 j 3 h »; « — » without a confirmation. */
export function formatMinutes(minutes: number | null | undefined, t: Translate, language: Language): string {
  if (minutes == null || !Number.isFinite(minutes)) return '—';
  const count = (value: number) => formatCount(value, language);
  if (minutes < 60) return t('confirmations.minutes', { minutes: count(minutes) });
  if (minutes < 24 * 60) return t('confirmations.hours', { hours: count(Math.floor(minutes / 60)), minutes: String(minutes % 60).padStart(2, '0') });
  return t('confirmations.days', { days: count(Math.floor(minutes / (24 * 60))), hours: count(Math.floor((minutes % (24 * 60)) / 60)) });
}

/** The queue figures, in the order of the work: waiting, of which callable now, of which held. */
const QUEUE_FIGURES = [
  { id: 'waiting', label: 'confirmations.stats.waiting', hint: 'confirmations.stats.waitingHint' },
  { id: 'due', label: 'confirmations.stats.due', hint: 'confirmations.stats.dueHint' },
  { id: 'held', label: 'confirmations.stats.held', hint: 'confirmations.stats.heldHint' },
] as const;

/**
 * The confirmation figures of a period (the last 30 days unless chosen): the queue now, then the
 * calls per agent and per merchant (confirmed, cancelled, unanswered, wrong numbers, the
 * confirmation rate, the mean time from the queue to confirmed).
 */
export function StatisticsPanel() {
  const t = useT();
  const period = usePeriod();
  const query = useConfirmationStatisticsQuery(period.query);
  const refused = query.isError && errorStatus(query.error) === 422 ? fieldErrors(query.error) : null;
  const stats = query.currentData;

  return (
    <Stack spacing={3} data-testid="confirmation-statistics">
      <PeriodFields
        period={period}
        legend={t('confirmations.stats.period')}
        fromLabel={t('confirmations.stats.from')}
        toLabel={t('confirmations.stats.to')}
        errors={refused}
      />

      {refused ? (
        <Typography color="text.secondary" data-testid="confirmation-stats-fix">
          {t('confirmations.stats.fixPeriod')}
        </Typography>
      ) : query.isError ? (
        <Alert
          severity="error"
          data-testid="confirmation-stats-error"
          action={
            <Button color="inherit" size="small" onClick={() => query.refetch()}>
              {t('error.retry')}
            </Button>
          }
        >
          {t('confirmations.stats.error')} {failureMessage(query.error, t)}
        </Alert>
      ) : (
        <Figures stats={stats} loading={query.isFetching} />
      )}
    </Stack>
  );
}

function Figures({ stats, loading }: { stats: ConfirmationStatistics | undefined; loading: boolean }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }} data-testid="confirmation-queue-figures">
        {QUEUE_FIGURES.map((figure) =>
          stats ? (
            <StatFigure key={figure.id} id={`queue-${figure.id}`} label={t(figure.label)} value={formatCount(stats.queue[figure.id], language)} hint={t(figure.hint)} />
          ) : (
            <Skeleton key={figure.id} variant="rounded" height={104} />
          ),
        )}
      </Box>
      <FiguresTable title={t('confirmations.stats.agents')} who={t('confirmations.stats.agent')} rows={stats?.agents} loading={loading} empty={t('confirmations.stats.noAgents')} testId="confirmation-agents" />
      <FiguresTable
        title={t('confirmations.stats.merchants')}
        who={t('confirmations.stats.merchant')}
        rows={stats?.merchants}
        loading={loading}
        empty={t('confirmations.stats.noMerchants')}
        testId="confirmation-merchants"
      />
    </>
  );
}

/** One agent's or merchant's calls per row (the server's order: most calls first), all in memory. */
function FiguresTable({ title, who, rows, loading, empty, testId }: { title: string; who: string; rows: readonly CallFigures[] | undefined; loading: boolean; empty: string; testId: string }) {
  const t = useT();
  const language = useLanguage();
  const list = useListState({ perPage: 100, url: false });
  const count = (id: 'calls' | 'confirmed' | 'cancelled' | 'no_answer' | 'wrong_number', label: string): Column<CallFigures> => ({
    id,
    label,
    align: 'right',
    nowrap: true,
    render: (row) => formatCount(row[id], language),
  });
  const columns: Column<CallFigures>[] = [
    { id: 'name', label: who, minWidth: 140, render: (row) => <bdi>{row.name}</bdi> },
    count('calls', t('confirmations.stats.calls')),
    count('confirmed', t('confirmations.stats.confirmed')),
    count('cancelled', t('confirmations.stats.cancelled')),
    count('no_answer', t('confirmations.stats.noAnswer')),
    count('wrong_number', t('confirmations.stats.wrongNumber')),
    { id: 'rate', label: t('confirmations.stats.rate'), align: 'right', nowrap: true, render: (row) => formatRate(row.confirmation_rate, language) },
    { id: 'mean', label: t('confirmations.stats.meanTime'), align: 'right', nowrap: true, render: (row) => formatMinutes(row.mean_minutes_to_confirm, t, language) },
  ];
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <DataTable<CallFigures>
        columns={columns}
        list={list}
        result={localResult(rows, list, { isFetching: loading, isError: false, refetch: () => undefined })}
        rowKey={(row) => row.key}
        rowName={(row) => row.name}
        emptyMessage={empty}
        testId={testId}
      />
    </Box>
  );
}
