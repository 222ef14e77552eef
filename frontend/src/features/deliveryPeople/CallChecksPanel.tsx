import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorStatus, fieldErrors } from '../../core/api';
import { PeriodFields, usePeriod } from '../../components/PeriodFields';
import { formatCount, formatRate } from '../../components/moneyFormat';
import { DataTable, type Column } from '../../components/table/DataTable';
import { localResult } from '../../components/table/localList';
import { useListState } from '../../components/table/useListState';
import { useLanguage, useT } from '../../i18n';
import { useCallChecksQuery, type CallCheckRow } from './api';
import '../../i18n/screens';

/**
 * « Appels avant échec »: per delivery person, his « pas de réponse », « injoignable » and
 * « numéro erroné » of a period (the last 30 days unless chosen), how many were recorded without
 * a call from his round in the 15 minutes before, their share, and the calls he placed; the
 * server's order, most without a call first.
 */
export function CallChecksPanel() {
  const t = useT();
  const language = useLanguage();
  const period = usePeriod();
  const query = useCallChecksQuery(period.query);
  const refused = query.isError && errorStatus(query.error) === 422 ? fieldErrors(query.error) : null;
  // Every row on one page: one per delivery person.
  const list = useListState({ perPage: 100, url: false });
  const count = (id: 'failed_attempts' | 'without_call' | 'calls', label: string): Column<CallCheckRow> => ({
    id,
    label,
    align: 'right',
    nowrap: true,
    render: (row) => formatCount(row[id], language),
  });
  const columns: Column<CallCheckRow>[] = [
    { id: 'name', label: t('deliveryPeople.calls.name'), minWidth: 140, render: (row) => <bdi>{row.name}</bdi> },
    count('failed_attempts', t('deliveryPeople.calls.failed')),
    count('without_call', t('deliveryPeople.calls.withoutCall')),
    {
      id: 'without_call_percent',
      label: t('deliveryPeople.calls.share'),
      align: 'right',
      nowrap: true,
      render: (row) => (
        <Box component="span" sx={{ fontWeight: row.without_call > 0 ? 600 : undefined }} data-testid="call-check-share">
          {formatRate(row.without_call_percent, language)}
        </Box>
      ),
    },
    count('calls', t('deliveryPeople.calls.calls')),
  ];

  return (
    <Stack spacing={2} data-testid="call-checks">
      <Typography variant="body2" color="text.secondary">
        {t('deliveryPeople.calls.intro')}
      </Typography>
      <PeriodFields
        period={period}
        legend={t('deliveryPeople.calls.period')}
        fromLabel={t('deliveryPeople.calls.from')}
        toLabel={t('deliveryPeople.calls.to')}
        errors={refused}
      />
      <DataTable<CallCheckRow>
        columns={columns}
        list={list}
        result={localResult(query.currentData?.rows, list, {
          isFetching: query.isFetching,
          isError: query.isError,
          error: query.error,
          refetch: query.refetch,
        })}
        rowKey={(row) => row.key}
        rowName={(row) => row.name}
        emptyMessage={t('deliveryPeople.calls.empty')}
        testId="call-checks-table"
      />
    </Stack>
  );
}
