import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorStatus, fieldErrors } from '../../core/api';
import { daysBefore, today } from '../../components/dates';
import { FormTextField } from '../../components/FormTextField';
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
  const [from, setFrom] = useState(() => daysBefore(29));
  const [to, setTo] = useState(() => today());
  const query = useCallChecksQuery({ from: from || undefined, to: to || undefined });
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
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
          {t('deliveryPeople.calls.period')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, 200px)' } }}>
          <FormTextField
            type="date"
            name="from"
            label={t('deliveryPeople.calls.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={Boolean(refused?.from)}
            helperText={refused?.from}
            shrinkLabel
          />
          <FormTextField
            type="date"
            name="to"
            label={t('deliveryPeople.calls.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={Boolean(refused?.to)}
            helperText={refused?.to}
            shrinkLabel
          />
        </Box>
      </Box>
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
