import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { MoneyText } from '../../components/MoneyText';
import { useLanguage, useT } from '../../i18n';
import { formatCount } from '../../components/moneyFormat';
import { pathOf } from '../../navigation/access';
import { selectSessionInfo } from '../../core/session/authSlice';
import { BalanceChip } from '../../components/invoice/BalanceChip';
import { useListParcelsQuery, type Parcel } from '../../components/parcel/api';
import { useStatisticsQuery } from '../../components/dashboard/api';
import { CountText, countOf, type QueueCount } from './WorkQueues';
import '../../i18n/invoices';
import '../../i18n/parcels';

/** Today as `YYYY-MM-DD` in the device's time zone (the dates of postponed parcels are days). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The postponed (or scheduled) parcels due today, and those whose day has passed. */
export function dueToday(parcels: readonly Pick<Parcel, 'postponed_to'>[], today: string): { today: number; late: number } {
  let dueNow = 0;
  let late = 0;
  for (const parcel of parcels) {
    if (!parcel.postponed_to) continue;
    const day = parcel.postponed_to.slice(0, 10);
    if (day === today) dueNow += 1;
    else if (day < today) late += 1;
  }
  return { today: dueNow, late };
}

/** The most postponed parcels a delivery person is expected to hold (one page of the API). */
const POSTPONED_PAGE = 100;

/**
 * The delivery person's home: his round of the day (parcels to deliver, those postponed to
 * today, the cash he holds, his balance with the company) and one big button into the round.
 */
export function TodayRound() {
  const t = useT();
  const language = useLanguage();
  const session = useAppSelector(selectSessionInfo);
  const roundPath = pathOf('sent-parcels', session);
  const toDeliver = countOf(useListParcelsQuery({ view: 'sent', page: 1, per_page: 1 }));
  const postponed = useListParcelsQuery({ view: 'sent', status: 'postponed,scheduled', page: 1, per_page: POSTPONED_PAGE });
  const due = dueToday(postponed.data?.data ?? [], localToday());
  const postponedCount: QueueCount = {
    count: postponed.data ? due.today : null,
    capped: false,
    loading: postponed.isLoading,
    failed: postponed.isError,
  };
  const statistics = useStatisticsQuery();
  const cash = statistics.data?.data.money?.cash_held ?? null;
  const balance = statistics.data?.data.money?.balance ?? null;

  return (
    <Card data-testid="today-round" component="section" aria-labelledby="today-round-title">
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" id="today-round-title">
          {t('today.title')}
        </Typography>
        <Grid container spacing={1.5}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Figure label={t('today.toDeliver')} testId="today-to-deliver">
              <CountText count={toDeliver} testId="today-to-deliver-count" />
              {toDeliver.count === 0 && (
                <Typography variant="caption" color="text.secondary" data-testid="today-empty">
                  {t('today.nothing')}
                </Typography>
              )}
            </Figure>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Figure label={t('today.postponed')} testId="today-postponed">
              <CountText count={postponedCount} testId="today-postponed-count" />
              {due.late > 0 && (
                <Typography variant="caption" color="warning.main" data-testid="today-late">
                  {t('today.late', { count: formatCount(due.late, language, true) })}
                </Typography>
              )}
            </Figure>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Figure label={t('today.cash')} testId="today-cash" to={pathOf('create-invoice', session)} hint={t('today.cashHint')}>
              {statistics.isLoading ? (
                <Skeleton variant="rounded" width={120} height={40} data-testid="today-cash-loading" />
              ) : (
                <Typography variant="h4" component="p" sx={{ fontWeight: 700, m: 0 }} data-testid="today-cash-value">
                  {cash === null ? '—' : <MoneyText centimes={cash} />}
                </Typography>
              )}
            </Figure>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Figure label={t('invoices.balance.mine')} testId="today-balance" to={pathOf('invoices', session)}>
              {statistics.isLoading ? (
                <Skeleton variant="rounded" width={120} height={32} data-testid="today-balance-loading" />
              ) : balance === null ? (
                <Typography variant="h4" component="p" sx={{ fontWeight: 700, m: 0 }}>
                  —
                </Typography>
              ) : (
                <Box>
                  <BalanceChip balance={balance} own size="medium" testId="today-balance-value" />
                </Box>
              )}
            </Figure>
          </Grid>
        </Grid>
        <Button
          component={RouterLink}
          to={roundPath}
          variant="contained"
          size="large"
          fullWidth
          startIcon={<LocalShipping />}
          sx={{ py: 1.75, fontSize: '1.05rem' }}
          data-testid="today-open-round"
        >
          {t('today.open')}
        </Button>
      </CardContent>
    </Card>
  );
}

function Figure({ label, testId, to, hint, children }: { label: string; testId: string; to?: string; hint?: string; children: ReactNode }) {
  const content = (
    <Box sx={{ p: 1.5, display: 'grid', gap: 0.25, alignContent: 'start', height: '100%' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {children}
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
