import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import EditLocationAltOutlined from '@mui/icons-material/EditLocationAltOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { useAppSelector } from '../../core/hooks';
import { selectSessionInfo } from '../../core/session/authSlice';
import { DateTimeText } from '../../components/DateTimeText';
import { useListDecisionsQuery, type DecisionAction, type DecisionRow } from '../../components/decision/api';
import { lazyNamed, useLoadedOnce } from '../../components/lazy';
import { formatCount } from '../../components/moneyFormat';
import { parcelLookups } from '../../components/parcel/access';
import { parcelColumns } from '../../components/parcel/columns';
import { ParcelFilters } from '../../components/parcel/ParcelFilters';
import { ParcelStatusChip, useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import { useOpenedParcel } from '../../components/parcel/useOpenedParcel';
import type { ParcelColumn, ParcelViewConfig } from '../../components/parcel/views';
import { relativeTime, useNow } from '../../components/RelativeTimeText';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import type { Column } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { useLanguage, useT, type Translate } from '../../i18n';
import { DecisionDialog } from './DecisionDialog';
import '../../i18n/decisions';
import '../../i18n/parcels';
import '../../i18n/screens';

// The parcel lists' drawer (same chunk): loaded when a parcel is first opened from here.
const ParcelDrawer = lazyNamed(() => import(/* webpackChunkName: "parcel-drawer" */ '../../components/parcel/ParcelDrawer'), 'ParcelDrawer');

/** The parcel lists' filters that make sense here: the outcome, where, whose, with whom. */
const FILTERS: ParcelViewConfig = {
  view: 'decisions',
  filters: ['status', 'city', 'shop', 'client', 'delivery_admin'],
  columns: [],
  bulk: [],
};

/** A decision close to its deadline (or past it) shows in the warning colour. */
const SOON_MS = 3 * 60 * 60 * 1000;

/** A parcel list's column, read from the row's parcel (the parcel lists' own cells). */
function parcelColumn(id: ParcelColumn, t: Translate, card?: Column<DecisionRow>['card']): Column<DecisionRow> {
  const [column] = parcelColumns([id], t);
  const { render, sortKey: _sortKey, ...rest } = column;
  return { ...rest, ...(card ? { card } : {}), render: (row) => (render ? render(row.parcel) : null) };
}

/**
 * /compte/colis-a-decider (merchants: their parcels; admins: all): the parcels whose delivery failed
 * at the door (« pas de réponse », « injoignable », « numéro erroné », « reporté », « refusé ») and
 * wait for a decision before the company's default applies. Each gets another attempt on a day,
 * another attempt with a new phone or address, or its return; a row opens the parcel's drawer.
 */
export default function DecisionsScreen() {
  const t = useT();
  const language = useLanguage();
  const statusLabel = useStatusLabel();
  const session = useAppSelector(selectSessionInfo);
  const now = useNow();
  // The parcels' keyset paging, in the server's order.
  const list = useListState({ cursor: true });
  const result = useListDecisionsQuery(list.args);
  const [deciding, setDeciding] = useState<{ action: DecisionAction; row: DecisionRow; open: boolean } | null>(null);
  const [opened, open] = useOpenedParcel();
  const drawerLoaded = useLoadedOnce(opened !== null);

  const outcomeLabel = (row: DecisionRow) =>
    statusLabel(row.decision.outcome, row.parcel.status === row.decision.outcome ? row.parcel.status_label : row.decision.outcome);

  const columns: Column<DecisionRow>[] = [
    parcelColumn('code', t),
    {
      id: 'outcome',
      label: t('decisions.outcome'),
      card: 'badge',
      render: (row) => (
        <Box data-testid="decision-outcome" data-outcome={row.decision.outcome}>
          <ParcelStatusChip status={row.decision.outcome} label={outcomeLabel(row)} />
        </Box>
      ),
    },
    parcelColumn('recipient', t),
    parcelColumn('city', t),
    {
      id: 'attempts',
      label: t('decisions.attempts'),
      nowrap: true,
      render: (row) => <span data-testid="decision-attempts">{formatCount(row.parcel.attempts, language)}</span>,
    },
    {
      id: 'due_at',
      label: t('decisions.dueAt'),
      render: (row) => {
        const soon = new Date(row.decision.due_at).getTime() - now < SOON_MS;
        return (
          <Box data-testid="decision-due">
            <Typography variant="body2" component="div" sx={{ whiteSpace: 'nowrap' }}>
              <DateTimeText value={row.decision.due_at} />
            </Typography>
            <Typography variant="caption" component="div" color={soon ? 'warning.main' : 'text.secondary'} sx={{ fontWeight: soon ? 600 : undefined }}>
              {relativeTime(row.decision.due_at, language, now)}
            </Typography>
          </Box>
        );
      },
    },
    ...(session.role === 'admin' ? [parcelColumn('merchant', t)] : []),
  ];

  const decide = (action: DecisionAction) => (row: DecisionRow) => setDeciding({ action, row, open: true });

  return (
    <ResourceScreen<DecisionRow, Record<string, never>>
      title={t('route.parcel-decisions')}
      subtitle={t('decisions.subtitle')}
      testId="decisions-screen"
      list={list}
      result={result}
      columns={columns}
      rowKey={(row) => row.parcel.key}
      rowName={(row) => row.parcel.key}
      searchPlaceholder={t('parcels.search')}
      filters={<ParcelFilters list={list} config={FILTERS} lookups={parcelLookups(session)} />}
      emptyMessage={t('decisions.empty')}
      onRowClick={(row) => open(row.parcel.key)}
      rowActions={() => [
        {
          id: 'reattempt',
          label: t('decisions.action.reattempt'),
          icon: <EventRepeatOutlined fontSize="small" />,
          color: 'primary',
          onClick: decide('reattempt'),
        },
        {
          id: 'update',
          label: t('decisions.action.update'),
          icon: <EditLocationAltOutlined fontSize="small" />,
          color: 'info',
          onClick: decide('update'),
        },
        {
          id: 'return',
          label: t('decisions.action.return'),
          icon: <AssignmentReturnOutlined fontSize="small" />,
          color: 'warning',
          onClick: decide('return'),
        },
      ]}
    >
      {({ notify }) => (
        <>
          {deciding && (
            // Keyed by parcel and action: each opening starts from its own values.
            <DecisionDialog
              key={`${deciding.row.parcel.key}-${deciding.action}`}
              action={deciding.action}
              row={deciding.row}
              open={deciding.open}
              onClose={() => setDeciding((current) => (current ? { ...current, open: false } : null))}
              notify={notify}
              onStale={() => void result.refetch()}
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
