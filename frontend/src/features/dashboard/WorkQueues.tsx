import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../core/hooks';
import { formatMoney } from '../../components/moneyFormat';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { routeIcon } from '../../navigation/icons';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import { useListDeliveryPersonBalancesQuery, useListDeliveryInvoicesQuery } from '../../components/invoice/api';
import { OWING_PARAM } from '../../components/invoice/balanceParams';
import { useListMovementsQuery } from '../../components/inventory/api';
import { STOCK_TAB_PARAM } from '../../components/inventory/tabs';
import { useListParcelsQuery } from '../../components/parcel/api';
import { useListBankAccountChangesQuery } from '../../components/shop/api';
import { useListUnappliedOutcomesQuery } from '../../components/parcel/unapplied';
import { useListPickupVouchersQuery, useListReturnVouchersQuery } from '../../components/voucher/api';
import { useStatisticsQuery } from '../../components/dashboard/api';
import { DECISIONS_ROUTE, useListDecisionsQuery } from '../../components/decision/api';
import { useConfirmationStatisticsQuery } from '../../components/confirmation/api';
import { useUnreadTicketsQuery } from '../../components/support/unread';
import { countOf, FigureCard, type QueueCount } from './FigureCard';
import '../../i18n/decisions';
import '../../i18n/inventory';
import '../../i18n/parcels';
import '../../i18n/payout';

/** One page of one row: only the count is read. */
const ONE = { page: 1, per_page: 1 } as const;

interface Queue {
  id: string;
  /** The screen that works the queue (a route name of the admin). */
  route: string;
  /** Query string of the screen's address (a tab to open). */
  search?: string;
  label: MessageKey;
  hint: MessageKey;
  useCount: () => QueueCount;
  /** A hint that says how much, once known (else `hint`). */
  useHint?: () => string | null;
  /** No card while the count is 0 (a queue that is empty most days). */
  hiddenAtZero?: boolean;
}

/** The menu icon of each queue's screen. */
const ICONS = Object.fromEntries(
  ['confirmations', 'new-pickup-vouchers', 'delivery-exit-vouchers', DECISIONS_ROUTE, 'parcels-to-be-returned', 'delivery-return-vouchers', 'delivery-invoices', 'delivery-person-balances', 'merchant-accounts', 'inventory-management', 'bank-account-changes', 'unapplied-outcomes', 'support'].map((name) => [name, routeIcon(name)]),
);

/**
 * The admin's work of the day, in the order of the flow: receive the pickups, ship what is at
 * the hub, send back the refused parcels, receive the returns, count the delivery people's cash, settle
 * what they still owe, and what merchants owe for their returns.
 */
const QUEUES: readonly Queue[] = [
  {
    // Orders « à confirmer » an agent may call now (issue 40); no card while none is due.
    id: 'to-confirm',
    route: 'confirmations',
    label: 'queues.toConfirm',
    hint: 'queues.toConfirmHint',
    hiddenAtZero: true,
    useCount: () => {
      const result = useConfirmationStatisticsQuery({}, { pollingInterval: 60_000 });
      const count = result.data?.queue.due;
      return { count: typeof count === 'number' ? count : null, capped: false, loading: result.isLoading, failed: result.isError };
    },
  },
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
    // Failed attempts at the door waiting for a decision (issue 40): the company's default
    // applies at their deadline.
    id: 'decisions',
    route: DECISIONS_ROUTE,
    label: 'decisions.queue.label',
    hint: 'decisions.queue.hint',
    useCount: () => countOf(useListDecisionsQuery(ONE)),
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
  {
    id: 'balances',
    route: 'delivery-person-balances',
    search: `${OWING_PARAM}=true`,
    label: 'queues.balances',
    hint: 'queues.balancesHint',
    useCount: () => countOf(useListDeliveryPersonBalancesQuery({ ...ONE, owing: true })),
    useHint: () => {
      const t = useT();
      const language = useLanguage();
      const owed = useStatisticsQuery().data?.data.money?.balances_owed;
      return owed ? t('queues.balancesOwed', { amount: formatMoney(owed, language) }) : null;
    },
  },
  {
    // Merchants whose account is negative (their returned-type invoices' fees): counted by the
    // dashboard's figures; no card while nobody owes.
    id: 'merchant-debts',
    route: 'merchant-accounts',
    search: `${OWING_PARAM}=true`,
    label: 'queues.merchantDebts',
    hint: 'queues.merchantDebtsHint',
    hiddenAtZero: true,
    useCount: () => {
      const result = useStatisticsQuery();
      const count = result.data?.data.money?.merchants_owing;
      return { count: typeof count === 'number' ? count : null, capped: false, loading: result.isLoading, failed: result.isError };
    },
    useHint: () => {
      const t = useT();
      const language = useLanguage();
      const owed = useStatisticsQuery().data?.data.money?.merchant_debts;
      return owed ? t('queues.merchantDebtsOwed', { amount: formatMoney(owed, language) }) : null;
    },
  },
  {
    // Merchants' new RIBs: no transfer goes to them until decided.
    id: 'rib-changes',
    route: 'bank-account-changes',
    label: 'payout.queue.label',
    hint: 'payout.queue.hint',
    useCount: () => countOf(useListBankAccountChangesQuery({ ...ONE, status: 'pending' })),
  },
  {
    // Outcomes the server refused from the phones' queues: cash a delivery person may hold.
    id: 'unapplied',
    route: 'unapplied-outcomes',
    label: 'unapplied.queue.label',
    hint: 'unapplied.queue.hint',
    useCount: () => countOf(useListUnappliedOutcomesQuery({ ...ONE, status: 'open' })),
    useHint: () => {
      const t = useT();
      const language = useLanguage();
      const cash = useOpenCashAtStake();
      if (!cash || (cash.collected === 0 && cash.paidOut === 0)) return null;
      const money = (centimes: number) => formatMoney(centimes, language);
      if (cash.paidOut === 0) return t('unapplied.queue.cash', { amount: money(cash.collected) });
      if (cash.collected === 0) return t('unapplied.queue.paidOut', { amount: money(cash.paidOut) });
      return t('unapplied.queue.cashBoth', { collected: money(cash.collected), paidOut: money(cash.paidOut) });
    },
  },
  {
    // Merchants waiting for an answer (the same count as the support menu's badge).
    id: 'tickets',
    route: 'support',
    label: 'queues.tickets',
    hint: 'queues.ticketsHint',
    useCount: () => {
      const result = useUnreadTicketsQuery(undefined, { pollingInterval: 60_000 });
      const count = result.data?.data.count;
      return { count: typeof count === 'number' ? count : null, capped: false, loading: result.isLoading, failed: result.isError };
    },
  },
  {
    id: 'stock-entries',
    route: 'inventory-management',
    search: `${STOCK_TAB_PARAM}=entries`,
    label: 'inventory.cards.entries',
    hint: 'inventory.cards.entriesHint',
    useCount: () => countOf(useListMovementsQuery({ ...ONE, type: 'entry', state: 'pending' })),
  },
  {
    id: 'stock-returns',
    route: 'inventory-management',
    search: `${STOCK_TAB_PARAM}=returns`,
    label: 'inventory.cards.returns',
    hint: 'inventory.cards.returnsHint',
    useCount: () => countOf(useListMovementsQuery({ ...ONE, type: 'return', state: 'pending' })),
  },
];

/** The open refused outcomes read in one page at most (the server's largest). */
const OPEN_PAGE = 100;

/**
 * What the open refused outcomes imply together, once every one of them is known: the count's
 * own row when there is one, else one page of them all (not asked beyond a page: then unknown).
 */
function useOpenCashAtStake(): { collected: number; paidOut: number } | null {
  const counted = useListUnappliedOutcomesQuery({ ...ONE, status: 'open' });
  const total = counted.data?.meta?.total;
  const whole = useListUnappliedOutcomesQuery(
    { page: 1, per_page: OPEN_PAGE, status: 'open' },
    { skip: typeof total !== 'number' || total <= 1 || total > OPEN_PAGE },
  );
  const rows = total === 1 ? counted.data?.data : whole.data && whole.data.data.length === total ? whole.data.data : null;
  if (!rows) return null;
  return {
    collected: rows.reduce((sum, row) => sum + Math.max(row.cash_at_stake, 0), 0),
    paidOut: rows.reduce((sum, row) => sum - Math.min(row.cash_at_stake, 0), 0),
  };
}

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
    <Box
      component="section"
      aria-labelledby="work-queues-title"
      data-testid="work-queues"
      // No title over no card (his only queues hidden while empty).
      sx={{ '&:not(:has([data-testid^="queue-"]))': { display: 'none' } }}
    >
      <Typography variant="h6" component="h2" id="work-queues-title" sx={{ mb: 2 }}>
        {t('queues.title')}
      </Typography>
      <Grid container spacing={2}>
        {held.map(({ queue, path }) => (
          <QueueCard key={queue.id} queue={queue} path={path} />
        ))}
      </Grid>
    </Box>
  );
}

/** A queue's card in its grid cell (none for a queue hidden at zero while it is empty). */
function QueueCard({ queue, path }: { queue: Queue; path: string }) {
  const t = useT();
  const count = queue.useCount();
  const hint = queue.useHint?.() ?? t(queue.hint);
  if (queue.hiddenAtZero && (count.loading || !count.count)) return null;
  const to = queue.search ? `${path}?${queue.search}` : path;
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
      <FigureCard icon={ICONS[queue.route]} label={t(queue.label)} hint={hint} count={count} to={to} testId={`queue-${queue.id}`} />
    </Grid>
  );
}

// The count helpers moved to FigureCard.tsx with the card; kept importable from here.
export { CountText, countOf, type QueueCount } from './FigureCard';
