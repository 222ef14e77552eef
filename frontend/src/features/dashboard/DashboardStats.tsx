import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useAppSelector } from '../../core/hooks';
import { errorBody } from '../../core/api';
import { MoneyText } from '../../components/MoneyText';
import { formatCount, formatRate } from '../../components/moneyFormat';
import { StatFigure } from '../../components/dashboard/StatFigure';
import { formatDate, useLanguage, useT, type MessageKey } from '../../i18n';
import { pathOf, type SessionInfo } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import type { Role } from '../../navigation/types';
import { selectSessionInfo } from '../../core/session/authSlice';
import { statusColor, useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import { useStatisticsQuery, type MoneyFigures, type Statistics } from '../../components/dashboard/api';
import '../../i18n/parcels';
import { MIRROR_IN_RTL } from '../../components/mirror';

/** The figures of a dashboard (GET /api/statistics): totals, cash, delivery rate, 30 days. */
export function DashboardStats({ role }: { role: Role }) {
  const t = useT();
  const { data, isLoading, isError, error, refetch } = useStatisticsQuery();
  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }} data-testid="stats-loading">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={104} />
        ))}
      </Box>
    );
  }
  if (isError || !data) {
    return (
      <Alert
        severity="error"
        data-testid="stats-error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            {t('error.retry')}
          </Button>
        }
      >
        {errorBody(error)?.message ?? t('stats.error')}
      </Alert>
    );
  }
  return <Figures stats={data.data} role={role} />;
}

function Figures({ stats, role }: { stats: Statistics; role: Role }) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const language = useLanguage();
  const statuses = stats.by_status.filter((entry) => entry.count > 0);
  return (
    <Stack spacing={2} data-testid="dashboard-stats">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        <StatFigure id="total" label={t('stats.total')} value={formatCount(stats.total, language)} />
        <StatFigure id="cod" label={t(role === 'delivery-admin' ? 'stats.codCollectedDeliveryPerson' : 'stats.codCollected')} value={<MoneyText centimes={stats.cod_collected} />} />
        {role === 'client' && !(stats.money && stats.money.payouts_due !== null) && (
          <StatFigure id="to-be-paid" label={t('stats.toBePaid')} value={<MoneyText centimes={stats.to_be_paid} />} hint={t('stats.toBePaidHint')} />
        )}
        <StatFigure id="rate" label={t('stats.deliveryRate')} value={formatRate(stats.delivery_rate, language)} hint={t('stats.deliveryRateHint')} />
      </Box>
      {stats.money && <MoneyRow money={stats.money} role={role} />}
      <Card>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('stats.chartTitle')}
          </Typography>
          <DailyChart daily={stats.daily} />
          {statuses.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mt: 2 }} data-testid="stats-by-status">
              {statuses.map((entry) => (
                <Chip
                  key={entry.status}
                  size="small"
                  variant="outlined"
                  color={statusColor(entry.status)}
                  label={`${statusLabel(entry.status, entry.status_label)} · ${entry.count}`}
                />
              ))}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

/** The money figures that are one amount. */
type MoneyAmount = Exclude<keyof MoneyFigures, 'round' | 'account'>;

interface MoneyFigure {
  id: string;
  field: MoneyAmount;
  label: MessageKey;
  hint: MessageKey;
  /** The screen where this money is settled. */
  route?: string;
}

/** The money figures of each role, in order (those the server leaves null are not shown). */
const MONEY_FIGURES: Record<Role, readonly MoneyFigure[]> = {
  admin: [
    { id: 'cash-held', field: 'cash_held', label: 'stats.cashHeld', hint: 'stats.cashHeldHint', route: 'create-delivery-invoice' },
    { id: 'payouts-due', field: 'payouts_due', label: 'stats.payoutsDue', hint: 'stats.payoutsDueHint', route: 'create-client-invoice' },
    // Not payable yet: the delivery people still hold the cash (validated on their invoices).
    { id: 'payouts-awaiting-cash', field: 'payouts_awaiting_cash', label: 'stats.payoutsAwaitingCash', hint: 'stats.payoutsAwaitingCashHint', route: 'create-delivery-invoice' },
    { id: 'ready-to-transfer', field: 'ready_to_transfer', label: 'stats.readyToTransfer', hint: 'stats.readyToTransferHint', route: 'client-delivered-invoices' },
    { id: 'paid-this-month', field: 'paid_this_month', label: 'stats.paidThisMonth', hint: 'stats.paidThisMonthHint' },
  ],
  client: [
    { id: 'payouts-due', field: 'payouts_due', label: 'stats.payoutsDueMerchant', hint: 'stats.payoutsDueMerchantHint' },
    { id: 'payouts-awaiting-cash', field: 'payouts_awaiting_cash', label: 'stats.payoutsAwaitingCashMerchant', hint: 'stats.payoutsAwaitingCashMerchantHint', route: 'delivered-parcels' },
    { id: 'paid-this-month', field: 'paid_this_month', label: 'stats.paidThisMonth', hint: 'stats.paidThisMonthHint', route: 'completed-invoices' },
  ],
  // The delivery person's cash shows on his round of the day (TodayRound), with a link to declare it.
  'delivery-admin': [],
};

/** The money of the role: cash held, payouts due, awaiting the cash, ready to transfer, paid this month. */
function MoneyRow({ money, role }: { money: MoneyFigures; role: Role }) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const shown = MONEY_FIGURES[role].filter((figure) => money[figure.field] !== null && money[figure.field] !== undefined);
  if (shown.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }} data-testid="stats-money">
      {shown.map((figure) => (
        <StatFigure
          key={figure.id}
          id={figure.id}
          label={t(figure.label)}
          value={<MoneyText centimes={money[figure.field]} />}
          hint={t(figure.hint)}
          to={figure.route ? routePath(figure.route, session) : undefined}
        />
      ))}
    </Box>
  );
}

/** The path of a route the user holds, else undefined. */
function routePath(name: string, session: SessionInfo): string | undefined {
  const path = pathOf(name, session);
  return path === NOT_FOUND_PATH ? undefined : path;
}

const CHART_HEIGHT = 160;
const DAY_WIDTH = 20;
const BAR_WIDTH = 7;

/**
 * Parcels created and delivered each of the last 30 days: plain SVG bars, drawn left to right and
 * mirrored as a whole in Arabic (the first day on the right, above its date, as the labels are).
 */
export function DailyChart({ daily }: { daily: Statistics['daily'] }) {
  const t = useT();
  const language = useLanguage();
  const theme = useTheme();
  const max = Math.max(1, ...daily.map((day) => Math.max(day.created, day.delivered)));
  const dayLabel = (date: string) => formatDate(`${date}T00:00:00Z`, language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const height = (count: number) => (count / max) * (CHART_HEIGHT - 4);
  const totals = daily.reduce((sum, day) => ({ created: sum.created + day.created, delivered: sum.delivered + day.delivered }), { created: 0, delivered: 0 });
  const width = Math.max(1, daily.length) * DAY_WIDTH;
  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
        <Legend color={theme.palette.primary.main} label={t('stats.created', { count: totals.created })} />
        <Legend color={theme.palette.success.main} label={t('stats.delivered', { count: totals.delivered })} />
      </Stack>
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('stats.chartLabel', { created: totals.created, delivered: totals.delivered })}
        data-testid="stats-chart"
        {...MIRROR_IN_RTL}
        sx={{ width: '100%', height: CHART_HEIGHT, display: 'block', borderBottom: 1, borderColor: 'divider' }}
      >
        {daily.map((day, index) => {
          const x = index * DAY_WIDTH + (DAY_WIDTH - 2 * BAR_WIDTH - 1) / 2;
          const title = t('stats.dayTitle', { date: dayLabel(day.date), created: day.created, delivered: day.delivered });
          return (
            <g key={day.date} data-testid="stats-day" data-date={day.date}>
              <title>{title}</title>
              <rect x={index * DAY_WIDTH} width={DAY_WIDTH} height={CHART_HEIGHT} fill="transparent" />
              <rect x={x} y={CHART_HEIGHT - height(day.created)} width={BAR_WIDTH} height={height(day.created)} rx={1.5} fill={theme.palette.primary.main} />
              <rect x={x + BAR_WIDTH + 1} y={CHART_HEIGHT - height(day.delivered)} width={BAR_WIDTH} height={height(day.delivered)} rx={1.5} fill={theme.palette.success.main} />
            </g>
          );
        })}
      </Box>
      {daily.length > 0 && (
        <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5 }}>
          {[daily[0], daily[daily.length - 1]].map((day, end) => (
            <Typography key={end} variant="caption" color="text.secondary">
              {dayLabel(day.date)}
            </Typography>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: color }} />
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}
