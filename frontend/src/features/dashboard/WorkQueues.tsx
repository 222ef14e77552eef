import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { formatCount } from '../../components/money';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { routeIcon } from '../../navigation/icons';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../auth/authSlice';
import { useListDeliveryInvoicesQuery } from '../invoices/api';
import { useListParcelsQuery } from '../parcels/api';
import { useListPickupVouchersQuery, useListReturnVouchersQuery } from '../vouchers/api';
import '../../i18n/parcels';

/** A list's count as the dashboard shows it: `null` while loading or when the call failed. */
export interface QueueCount {
  count: number | null;
  /** The server stopped counting there (parcel lists count up to 1,000). */
  capped: boolean;
  loading: boolean;
  failed: boolean;
}

interface CountedResult {
  data?: { meta?: { total: number | null; total_capped?: boolean } | null };
  isLoading: boolean;
  isError: boolean;
}

/** The total of a list asked with `per_page=1` (the list endpoints count what matches). */
export function countOf(result: CountedResult): QueueCount {
  const total = result.data?.meta?.total;
  return {
    count: typeof total === 'number' ? total : null,
    capped: Boolean(result.data?.meta?.total_capped),
    loading: result.isLoading,
    failed: result.isError,
  };
}

/** One page of one row: only the count is read. */
const ONE = { page: 1, per_page: 1 } as const;

interface Queue {
  id: string;
  /** The screen that works the queue (a route name of the admin). */
  route: string;
  label: MessageKey;
  hint: MessageKey;
  useCount: () => QueueCount;
}

/** The menu icon of each queue's screen. */
const ICONS = Object.fromEntries(
  ['new-pickup-vouchers', 'delivery-exit-vouchers', 'parcels-to-be-returned', 'delivery-return-vouchers', 'delivery-invoices'].map((name) => [name, routeIcon(name)]),
);

/**
 * The admin's work of the day, in the order of the flow: receive the pickups, ship what is at
 * the hub, send back the refused parcels, receive the returns, count the couriers' cash.
 */
const QUEUES: readonly Queue[] = [
  {
    id: 'pickups',
    route: 'new-pickup-vouchers',
    label: 'queues.pickups',
    hint: 'queues.pickupsHint',
    useCount: () => countOf(useListPickupVouchersQuery({ ...ONE, status: 'new' })),
  },
  {
    id: 'to-ship',
    route: 'delivery-exit-vouchers',
    label: 'queues.toShip',
    hint: 'queues.toShipHint',
    useCount: () => countOf(useListParcelsQuery({ ...ONE, view: 'pickup' })),
  },
  {
    id: 'to-return',
    route: 'parcels-to-be-returned',
    label: 'queues.toReturn',
    hint: 'queues.toReturnHint',
    useCount: () => countOf(useListParcelsQuery({ ...ONE, view: 'to-be-returned' })),
  },
  {
    id: 'returns',
    route: 'delivery-return-vouchers',
    label: 'queues.returns',
    hint: 'queues.returnsHint',
    useCount: () => countOf(useListReturnVouchersQuery({ ...ONE, status: 'new' })),
  },
  {
    id: 'cash',
    route: 'delivery-invoices',
    label: 'queues.cash',
    hint: 'queues.cashHint',
    useCount: () => countOf(useListDeliveryInvoicesQuery({ ...ONE, status: 'draft' })),
  },
];

/** The admin's dashboard: a card per work queue he holds the screen of, with its count. */
export function WorkQueues() {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const held = QUEUES.flatMap((queue) => {
    const path = pathOf(queue.route, session);
    return path === NOT_FOUND_PATH ? [] : [{ queue, path }];
  });
  if (held.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="work-queues-title" data-testid="work-queues">
      <Typography variant="h6" component="h2" id="work-queues-title" sx={{ mb: 2 }}>
        {t('queues.title')}
      </Typography>
      <Grid container spacing={2}>
        {held.map(({ queue, path }) => (
          <Grid key={queue.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <QueueCard queue={queue} path={path} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

function QueueCard({ queue, path }: { queue: Queue; path: string }) {
  const t = useT();
  const Icon = ICONS[queue.route];
  const count = queue.useCount();
  return (
    <Card sx={{ height: '100%' }} data-testid={`queue-${queue.id}`}>
      <CardActionArea
        component={RouterLink}
        to={path}
        sx={{ height: '100%', p: 2, display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: { xs: 1.5, sm: 2 } }}
      >
        <Box
          sx={{
            width: 44,
            height: 44,
            flexShrink: 0,
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <Icon />
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{t(queue.label)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(queue.hint)}
          </Typography>
        </Box>
        <CountText count={count} testId={`queue-${queue.id}-count`} compact />
        <ArrowForward fontSize="small" sx={{ color: 'text.secondary', flexShrink: 0 }} />
      </CardActionArea>
    </Card>
  );
}

/** A count in large type: a skeleton while it loads, "—" when it could not be read, muted at zero. */
export function CountText({ count, testId, compact = false }: { count: QueueCount; testId: string; compact?: boolean }) {
  const t = useT();
  const language = useLanguage();
  if (count.loading) return <Skeleton variant="rounded" width={48} height={40} data-testid={`${testId}-loading`} />;
  const value = count.count;
  const text = value === null ? '—' : count.capped ? t('queues.capped', { count: formatCount(value, language) }) : formatCount(value, language);
  return (
    <Typography
      variant="h4"
      component="p"
      // Compact (beside a card's text): smaller on a phone, so the text keeps its width.
      sx={{ fontWeight: 700, m: 0, flexShrink: 0, whiteSpace: 'nowrap', color: value ? 'text.primary' : 'text.disabled', ...(compact ? { fontSize: { xs: '1.5rem', sm: '2.125rem' } } : {}) }}
      title={count.failed ? t('stats.error') : undefined}
      data-testid={testId}
    >
      {text}
    </Typography>
  );
}
