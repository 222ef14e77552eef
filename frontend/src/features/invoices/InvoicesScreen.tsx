import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWalletOutlined';
import Download from '@mui/icons-material/FileDownloadOutlined';
import CurrencyExchange from '@mui/icons-material/CurrencyExchangeOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { today } from '../../components/dates';
import { failureMessage } from '../../components/form/failureMessage';
import { lazyNamed, useLoadedOnce } from '../../components/lazy';
import { MoneyText } from '../../components/MoneyText';
import { NoticeSnackbar, useNotice } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { useT, type MessageKey, type Translate } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import type { ScreenProps } from '../../navigation/types';
import type { Role } from '../../navigation/types';
import { selectSessionInfo, selectUser } from '../../core/session/authSlice';
import { MerchantAutocomplete, type MerchantOption } from '../../components/merchant/MerchantAutocomplete';
import { parcelLookups } from '../../components/parcel/access';
import { DateTimeText } from '../../components/DateTimeText';
import { DeliveryPersonAutocomplete, type DeliveryPersonOption } from '../../components/parcel/DeliveryPersonAutocomplete';
import { DateText } from '../../components/DateText';
import {
  invoiceDeductions,
  openInvoicePdf,
  useExportTransfersMutation,
  useListMerchantInvoicesQuery,
  useListDeliveryInvoicesQuery,
  type Invoice,
  type InvoiceListArgs,
} from '../../components/invoice/api';
import { CashDifference } from './CashDifference';
import { invoiceKindOf, shownTotal } from '../../components/invoice/CashSummary';
import { INVOICE_PARAM, invoiceListOf, type InvoiceColumn, type InvoiceListConfig } from '../../components/invoice/config';
import { printLabel } from '../../components/invoice/PdfLanguage';
import { InvoiceStatusChip } from './InvoiceStatusChip';
import { MyBalance } from './MyBalance';
import { Outstanding } from './Settlement';

// The drawer loads when an invoice is first opened, then stays for its closing animation.
const InvoiceDrawer = lazyNamed(() => import(/* webpackChunkName: "invoice-drawer" */ './InvoiceDrawer'), 'InvoiceDrawer');
import '../../i18n/invoices';
import '../../i18n/screens';
import { Ltr } from '../../components/Ltr';

/** Every invoice list of every role (the route decides the family, type, tabs, columns and filter). */
export default function InvoicesScreen({ route }: ScreenProps) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const config = invoiceListOf(session.role, route.name);
  if (!config || !session.role) return <Alert severity="warning">{t('invoices.noList')}</Alert>;
  return <InvoiceList key={route.name} routeName={route.name} role={session.role} config={config} />;
}

function invoiceColumn(id: InvoiceColumn, config: InvoiceListConfig, t: Translate): Column<Invoice> {
  const kind = invoiceKindOf(config.family, config.type);
  switch (id) {
    case 'invoice':
      return {
        id,
        label: t('invoices.number'),
        render: (invoice) => (
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="invoice-row-number">
                <Ltr>{invoice.number ?? invoice.key}</Ltr>
              </Typography>
              <InvoiceStatusChip invoice={invoice} />
            </Stack>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
              <DateText value={invoice.validated_at ?? invoice.created_at} />
            </Typography>
          </Box>
        ),
      };
    case 'shop':
      return {
        id,
        label: t('invoices.shop'),
        render: (invoice) =>
          'shop' in invoice ? (
            <Box>
              <Typography variant="body2">{invoice.shop.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {invoice.client.name}
              </Typography>
            </Box>
          ) : (
            '—'
          ),
      };
    case 'delivery_admin':
      return {
        id,
        label: t('invoices.deliveryPerson'),
        render: (invoice) =>
          'delivery_admin' in invoice ? (
            <Box>
              <Typography variant="body2">{invoice.delivery_admin.full_name}</Typography>
              <Typography variant="caption" color="text.secondary">
                <Ltr>{invoice.delivery_admin.phone}</Ltr>
              </Typography>
            </Box>
          ) : (
            '—'
          ),
      };
    case 'count':
      return { id, label: t('invoices.parcelsCount'), align: 'right', render: (invoice) => invoice.parcels_count };
    case 'cod':
      return { id, label: t('invoices.summary.cod'), align: 'right', render: (invoice) => <MoneyText centimes={invoice.cod_total} /> };
    case 'deductions':
      return { id, label: t(`invoices.line.deduction.${kind}`), align: 'right', render: (invoice) => <MoneyText centimes={invoiceDeductions(invoice)} /> };
    case 'total':
      return {
        id,
        label: t(`invoices.summary.total.${kind}`),
        align: 'right',
        render: (invoice) => (
          <Typography component="span" variant="body2" sx={{ fontWeight: 600 }} data-testid="invoice-row-total">
            <MoneyText centimes={shownTotal(kind, invoice.total)} />
          </Typography>
        ),
      };
    case 'cash':
      return {
        id,
        label: t(`invoices.summary.total.${kind}`),
        align: 'right',
        render: (invoice) => (
          <Box sx={{ display: 'grid', justifyItems: 'end', gap: 0.5 }}>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600 }} data-testid="invoice-row-total">
              <MoneyText centimes={invoice.total} />
            </Typography>
            {'counted_amount' in invoice && (
              <>
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="invoice-row-counted">
                  {invoice.counted_amount === null ? t('invoices.notCounted') : <>{t('invoices.counted')} <MoneyText centimes={invoice.counted_amount} /></>}
                </Typography>
                {invoice.difference !== null && <CashDifference difference={invoice.difference} />}
              </>
            )}
          </Box>
        ),
      };
    case 'created':
      return { id, label: t('invoices.createdAt'), render: (invoice) => <DateTimeText value={invoice.created_at} /> };
    case 'paid':
      return { id, label: t('invoices.paidOn'), render: (invoice) => ('paid_on' in invoice ? <DateText value={invoice.paid_on} /> : '—') };
    case 'outstanding':
      return {
        id,
        label: t('invoices.outstanding'),
        align: 'right',
        render: (invoice) => ('outstanding' in invoice ? <Outstanding outstanding={invoice.outstanding} testId="invoice-row-outstanding" /> : '—'),
      };
  }
}

/** Saves a text as a file (the CSV of the transfers). */
function download(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface ListProps {
  routeName: string;
  role: Role;
  config: InvoiceListConfig;
}

/** An invoice list (tabs, filter, search), its drawer (`?facture=KEY`), the transfers export. */
function InvoiceList({ routeName, role, config }: ListProps) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const lookups = parcelLookups(session);
  const list = useListState({ filters: config.tabs.length > 0 ? { status: config.tabs[0] } : {} });
  const args: InvoiceListArgs = { ...list.args, ...(config.type ? { type: config.type } : {}) };
  const merchantInvoices = useListMerchantInvoicesQuery(args, { skip: config.family !== 'client' });
  const delivery = useListDeliveryInvoicesQuery(args, { skip: config.family !== 'delivery' });
  const result = config.family === 'client' ? merchantInvoices : delivery;
  const [params, setParams] = useSearchParams();
  const opened = params.get(INVOICE_PARAM);
  const drawerLoaded = useLoadedOnce(opened !== null);
  const { notice, notify, close } = useNotice();
  const [merchant, setMerchant] = useState<MerchantOption | null>(null);
  const [deliveryPerson, setDeliveryPerson] = useState<DeliveryPersonOption | null>(null);
  const [exportTransfers, exporting] = useExportTransfersMutation();
  const user = useAppSelector(selectUser);
  // The admin's delivery invoices lead to the delivery people's balances, his client invoices to
  // the merchants' accounts (same permissions).
  const heldBalances = role === 'admin' ? pathOf(config.family === 'delivery' ? 'delivery-person-balances' : 'merchant-accounts', session) : NOT_FOUND_PATH;
  const balancesPath = heldBalances === NOT_FOUND_PATH ? null : heldBalances;

  const open = useCallback(
    (key: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key) next.set(INVOICE_PARAM, key);
          else next.delete(INVOICE_PARAM);
          return next;
        },
        { replace: key === null },
      ),
    [setParams],
  );

  const runExport = async () => {
    try {
      const batch = await exportTransfers(merchant ? { client: merchant.key } : undefined).unwrap();
      const rows = batch.csv.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1;
      if (rows > 0) download(batch.csv, batch.filename ?? `virements-${today()}.csv`);
      const message = rows > 0 ? t('invoices.transfers.done', { count: rows }) : t('invoices.transfers.none');
      const skipped = batch.skipped > 0 ? ` ${t('invoices.transfers.skipped', { count: batch.skipped })}` : '';
      notify(`${message}${skipped}`, batch.skipped > 0 ? 'warning' : rows > 0 ? 'success' : 'info');
    } catch (failure) {
      notify(failureMessage(failure, t), 'error');
    }
  };

  const filters =
    config.filter === 'client' && lookups.merchants ? (
      <Box sx={{ width: { xs: '100%', sm: 260 } }}>
        <MerchantAutocomplete
          name="filter-client"
          label={t('invoices.merchant')}
          value={merchant}
          onChange={(option) => {
            setMerchant(option);
            list.setFilter('client', option?.key);
          }}
        />
      </Box>
    ) : config.filter === 'delivery_admin' && lookups.deliveryPeople ? (
      <Box sx={{ width: { xs: '100%', sm: 260 } }}>
        <DeliveryPersonAutocomplete
          name="filter-delivery-admin"
          label={t('invoices.deliveryPerson')}
          value={deliveryPerson}
          onChange={(option) => {
            setDeliveryPerson(option);
            list.setFilter('delivery_admin', option?.key);
          }}
        />
      </Box>
    ) : undefined;

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="invoices-screen" data-family={config.family}>
      <PageHeader
        title={t(`route.${routeName}` as MessageKey)}
        subtitle={t(`invoices.subtitle.${routeName}` as MessageKey)}
        actions={
          balancesPath || (config.transfers && role === 'admin') ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {balancesPath && (
                <Button
                  component={RouterLink}
                  to={balancesPath}
                  variant="outlined"
                  startIcon={config.family === 'delivery' ? <CurrencyExchange /> : <AccountBalanceWallet />}
                  data-testid="invoices-balances"
                >
                  {t(config.family === 'delivery' ? 'invoices.balance.open' : 'invoices.account.open')}
                </Button>
              )}
              {config.transfers && role === 'admin' && (
                <Button
                  variant="outlined"
                  startIcon={exporting.isLoading ? <CircularProgress size={16} color="inherit" /> : <Download />}
                  disabled={exporting.isLoading}
                  onClick={runExport}
                  data-testid="invoices-transfers"
                >
                  {t('invoices.transfers.button')}
                </Button>
              )}
            </Stack>
          ) : undefined
        }
      />
      {role === 'delivery-admin' && config.family === 'delivery' && user && <MyBalance personKey={user.key} />}
      <DataTable<Invoice>
        columns={config.columns.map((id) => invoiceColumn(id, config, t))}
        list={list}
        result={result}
        rowKey={(invoice) => invoice.key}
        rowName={(invoice) => invoice.number ?? invoice.key}
        rowActions={(invoice) => [
          {
            id: 'print',
            // « Imprimer (PDF en français) »: the tooltip and the accessible name say the PDF's language.
            label: printLabel(invoice.pdf_language, t),
            icon: <PrintOutlined fontSize="small" />,
            onClick: (invoice) => openInvoicePdf(config.family, invoice.key),
          },
        ]}
        tabs={
          config.tabs.length > 0
            ? { filter: 'status', options: config.tabs.map((tab) => ({ value: tab, label: t(`invoices.tab.${tab || 'all'}` as MessageKey) })) }
            : undefined
        }
        searchPlaceholder={t(config.family === 'client' ? 'invoices.search.client' : 'invoices.search.delivery')}
        filters={filters}
        emptyMessage={t(`invoices.empty.${invoiceKindOf(config.family, config.type)}`)}
        testId="invoices-table"
        onRowClick={(invoice) => open(invoice.key)}
      />
      {drawerLoaded && (
        <Suspense fallback={null}>
          <InvoiceDrawer family={config.family} invoiceKey={opened} role={role} onClose={() => open(null)} notify={notify} />
        </Suspense>
      )}
      <NoticeSnackbar notice={notice} onClose={close} testId="invoices-notice" />
    </Box>
  );
}
