import Close from '@mui/icons-material/Close';
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
import type { ScreenProps } from '../../navigation/types';
import { useGetDeliveryPersonBalanceQuery, useListDeliveryPersonBalancesQuery, type BalanceListArgs, type BalanceRow, type DeliveryPersonBalance } from '../../components/invoice/api';
import { BalanceChip } from '../../components/invoice/BalanceChip';
import { OWING_PARAM, PERSON_PARAM } from '../../components/invoice/balanceParams';
import { BalanceEntries } from './BalanceEntries';
import { SettleDialog } from './SettleDialog';
import '../../i18n/invoices';
import '../../i18n/screens';
import { Ltr } from '../../components/Ltr';


/**
 * /compte/ecarts-livreurs (admin, `delivery-invoices`): every delivery person with his balance,
 * those who owe first; a person's entries in a drawer, with the settle dialog.
 */
export default function DeliveryPersonBalancesScreen({ route }: ScreenProps) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  // `?owing=false` (everyone), from the delivery people's list, is the second tab.
  const list = useListState({ filters: { [OWING_PARAM]: 'true' } });
  const result = useListDeliveryPersonBalancesQuery(list.args as BalanceListArgs);
  const opened = params.get(PERSON_PARAM);
  const { notice, notify, close } = useNotice();

  const open = useCallback(
    (key: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key) next.set(PERSON_PARAM, key);
          else next.delete(PERSON_PARAM);
          return next;
        },
        { replace: key === null },
      ),
    [setParams],
  );

  const columns: Column<BalanceRow>[] = [
    {
      id: 'person',
      label: t('invoices.balance.column.person'),
      render: (row) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="balance-row-name">
            {row.full_name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
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
      render: (row) => <BalanceChip balance={row.balance} testId="balance-row-balance" />,
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="balances-screen">
      <PageHeader title={t(`route.${route.name}` as MessageKey)} subtitle={t('invoices.balance.subtitle')} />
      <DataTable<BalanceRow>
        columns={columns}
        list={list}
        result={result}
        rowKey={(row) => row.key}
        rowName={(row) => row.full_name}
        tabs={{
          filter: OWING_PARAM,
          options: [
            { value: 'true', label: t('invoices.balance.tab.owing') },
            { value: 'false', label: t('invoices.balance.tab.all') },
          ],
        }}
        searchPlaceholder={t('invoices.balance.search')}
        emptyMessage={t('invoices.balance.empty')}
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
          {opened && <PersonBalance key={opened} personKey={opened} notify={notify} />}
        </Box>
      </Drawer>
      <NoticeSnackbar notice={notice} onClose={close} testId="balances-notice" />
    </Box>
  );
}

/** One person's balance: the figure, the drafts carrying it, « Régler », the entries. */
function PersonBalance({ personKey, notify }: { personKey: string; notify: Notify }) {
  const t = useT();
  const language = useLanguage();
  const query = useGetDeliveryPersonBalanceQuery(personKey);
  const [settling, setSettling] = useState(false);
  if (query.isLoading) {
    return (
      <Box data-testid="balance-drawer-loading">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} height={32} />
        ))}
      </Box>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Alert severity="error" data-testid="balance-drawer-error">
        {t('invoices.balance.loadError')}
      </Alert>
    );
  }
  const balance: DeliveryPersonBalance = query.data.data;
  return (
    <Stack spacing={3} data-testid="balance-detail" data-balance={balance.balance}>
      <Box>
        <Typography variant="h6" component="h2" data-testid="balance-person">
          {balance.delivery_admin.full_name}
        </Typography>
        {balance.delivery_admin.phone && <PhoneLink phone={balance.delivery_admin.phone} />}
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, m: 0 }} data-testid="balance-amount">
          <MoneyText centimes={balance.balance} />
        </Typography>
        <BalanceChip balance={balance.balance} size="medium" testId="balance-side" />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<Payments />} disabled={balance.balance === 0} onClick={() => setSettling(true)} data-testid="balance-settle">
          {t('invoices.balance.settle')}
        </Button>
      </Stack>
      {balance.carried_on.map((carried) => (
        <Alert severity="info" key={carried.invoice} data-testid="balance-carried-on">
          {t('invoices.balance.carriedOn', { invoice: carried.invoice, amount: formatMoney(carried.amount, language) })}
        </Alert>
      ))}
      <BalanceEntries entries={balance.entries} />
      {settling && <SettleDialog balance={balance} onClose={() => setSettling(false)} notify={notify} />}
    </Stack>
  );
}
