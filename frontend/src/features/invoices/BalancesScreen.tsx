import Close from '@mui/icons-material/Close';
import ListAlt from '@mui/icons-material/ListAltOutlined';
import Payments from '@mui/icons-material/PaymentsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../components/money';
import { MoneyText } from '../../components/MoneyText';
import { NoticeSnackbar, useNotice, type Notify } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { PhoneLink } from '../../components/PhoneLink';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import type { RouteDef } from '../../navigation/types';
import { BalanceChip } from '../../components/invoice/BalanceChip';
import { BalanceEntries } from '../../components/invoice/BalanceEntries';
import { OWING_PARAM } from '../../components/invoice/balanceParams';
import type { BalanceHolder, BalanceRowView, BalanceSource } from './balanceSources';
import { SettleDialog } from './SettleDialog';
import '../../i18n/invoices';
import '../../i18n/screens';
import { Ltr } from '../../components/Ltr';

/** The balance being settled: whose, and how much now. */
interface Settling {
  holder: BalanceHolder;
  balance: number;
}

/**
 * A list of balances with the company (the delivery people's, or the merchants' accounts): those
 * who owe first (`?owing=false`, the second tab: everyone), one balance's entries in a drawer
 * (`?livreur=KEY`, `?marchand=KEY`), and the settle dialog, from the row or the drawer.
 */
export function BalancesScreen({ route, source }: { route: RouteDef; source: BalanceSource }) {
  const t = useT();
  const { party, param } = source;
  const [params, setParams] = useSearchParams();
  const list = useListState({ filters: { [OWING_PARAM]: 'true' } });
  const result = source.useList(list.args);
  const opened = params.get(param);
  const { notice, notify, close } = useNotice();
  const [settling, setSettling] = useState<Settling | null>(null);

  const open = useCallback(
    (key: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key) next.set(param, key);
          else next.delete(param);
          return next;
        },
        { replace: key === null },
      ),
    [setParams, param],
  );

  const columns: Column<BalanceRowView>[] = [
    {
      id: 'person',
      label: t(party.texts.person),
      render: (row) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="balance-row-name">
            {row.full_name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {row.company && <span data-testid="balance-row-company">{row.company} · </span>}
            <Ltr>{row.phone}</Ltr>
          </Typography>
        </Box>
      ),
    },
    {
      id: 'balance',
      label: t('invoices.balance.column.balance'),
      align: 'right',
      sortKey: 'balance',
      card: 'badge',
      render: (row) => <BalanceChip balance={row.balance} party={party} testId="balance-row-balance" />,
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="balances-screen" data-party={party.id}>
      <PageHeader title={t(`route.${route.name}` as MessageKey)} subtitle={t(party.texts.subtitle)} />
      <DataTable<BalanceRowView>
        columns={columns}
        list={list}
        result={result}
        rowKey={(row) => row.key}
        rowName={(row) => row.full_name}
        rowActions={(row) => [
          { id: 'entries', label: t('invoices.balance.entries'), icon: <ListAlt fontSize="small" />, onClick: () => open(row.key) },
          {
            id: 'settle',
            label: t('invoices.balance.settle'),
            icon: <Payments fontSize="small" />,
            disabled: row.balance === 0,
            onClick: () => setSettling({ holder: row, balance: row.balance }),
          },
        ]}
        tabs={{
          filter: OWING_PARAM,
          options: [
            { value: 'true', label: t(party.texts.tabOwing) },
            { value: 'false', label: t(party.texts.tabAll) },
          ],
        }}
        searchPlaceholder={t(party.texts.search)}
        emptyMessage={t(party.texts.empty)}
        testId="balances-table"
        onRowClick={(row) => open(row.key)}
      />
      <Drawer anchor="right" open={opened !== null} onClose={() => open(null)} data-testid="balance-drawer">
        <Box sx={{ width: { xs: '100vw', sm: 680 }, maxWidth: '100vw', boxSizing: 'border-box', p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="overline" color="text.secondary" sx={{ flexGrow: 1 }}>
              {t('invoices.balance.entries')}
            </Typography>
            <IconButton onClick={() => open(null)} aria-label={t('common.close')}>
              <Close />
            </IconButton>
          </Stack>
          {opened && <OpenedBalance key={opened} holderKey={opened} source={source} onSettle={setSettling} />}
        </Box>
      </Drawer>
      {settling && <SettleForm source={source} settling={settling} onClose={() => setSettling(null)} notify={notify} />}
      <NoticeSnackbar notice={notice} onClose={close} testId="balances-notice" />
    </Box>
  );
}

/** The settle dialog with the source's mutation. */
function SettleForm({ source, settling, onClose, notify }: { source: BalanceSource; settling: Settling; onClose: () => void; notify: Notify }) {
  const settle = source.useSettle();
  return <SettleDialog party={source.party} holder={settling.holder} balance={settling.balance} settle={settle} onClose={onClose} notify={notify} />;
}

/** One balance: whose, the figure, the drafts carrying it, « Régler », the entries. */
function OpenedBalance({ holderKey, source, onSettle }: { holderKey: string; source: BalanceSource; onSettle: (settling: Settling) => void }) {
  const t = useT();
  const language = useLanguage();
  const { party } = source;
  const { view, isLoading, isError } = source.useBalance(holderKey);
  if (isLoading) {
    return (
      <Box data-testid="balance-drawer-loading">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} height={32} />
        ))}
      </Box>
    );
  }
  if (isError || !view) {
    return (
      <Alert severity="error" data-testid="balance-drawer-error">
        {t('invoices.balance.loadError')}
      </Alert>
    );
  }
  const { holder } = view;
  return (
    <Stack spacing={3} data-testid="balance-detail" data-balance={view.balance}>
      <Box>
        <Typography variant="h6" component="h2" data-testid="balance-person">
          {holder.full_name}
        </Typography>
        {holder.company && (
          <Typography variant="body2" color="text.secondary" data-testid="balance-company">
            {holder.company}
          </Typography>
        )}
        {holder.phone && <PhoneLink phone={holder.phone} />}
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, m: 0 }} data-testid="balance-amount">
          <MoneyText centimes={view.balance} />
        </Typography>
        <BalanceChip balance={view.balance} party={party} size="medium" testId="balance-side" />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={<Payments />}
          disabled={view.balance === 0}
          onClick={() => onSettle({ holder, balance: view.balance })}
          data-testid="balance-settle"
        >
          {t('invoices.balance.settle')}
        </Button>
      </Stack>
      {view.carriedOn.map((carried) => (
        <Alert severity="info" key={carried.invoice} data-testid="balance-carried-on">
          {t('invoices.balance.carriedOn', { invoice: carried.invoice, amount: formatMoney(carried.amount, language) })}
        </Alert>
      ))}
      <BalanceEntries entries={view.entries} party={party} />
    </Stack>
  );
}
