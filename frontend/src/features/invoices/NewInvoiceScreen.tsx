import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { MoneyText } from '../../components/MoneyText';
import { formatMoney } from '../../components/money';
import { NoticeSnackbar, useNotice, type Notify } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { PhoneLink } from '../../components/PhoneLink';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { useLanguage, useT, type MessageKey, type Translate } from '../../i18n';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { pathOf } from '../../navigation/access';
import type { ScreenProps } from '../../navigation/types';
import { selectSessionInfo } from '../../core/session/authSlice';
import { MerchantAutocomplete, type MerchantOption } from '../../components/merchant/MerchantAutocomplete';
import { parcelLookups } from '../../components/parcel/access';
import {
  useCreateMerchantInvoiceMutation,
  useCreateDeliveryInvoiceMutation,
  useListUnpaidDeliveryPeopleQuery,
  useListUnpaidShopsQuery,
  useUnpaidDeliveryLinesQuery,
  useUnpaidShopLinesQuery,
  type MerchantInvoiceType,
  type Invoice,
  type UnpaidDeliveryPerson,
  type UnpaidShop,
} from '../../components/invoice/api';
import { invoiceKindOf, type InvoiceKind } from '../../components/invoice/CashSummary';
import { INVOICE_PARAM, invoiceRouteName } from '../../components/invoice/config';
import { EligibleLines } from './EligibleLines';
import '../../i18n/invoices';
import '../../i18n/screens';
import { Ltr } from '../../components/Ltr';

const TYPES: readonly MerchantInvoiceType[] = ['delivered', 'returned'];

/**
 * The admin's new drafts: `create-delivery-invoice` (the delivery people holding unsettled
 * cash) or `create-client-invoice` (the shops with parcels to invoice, delivered or returned).
 * One opens in a drawer with its parcels, all ticked: "Créer le brouillon".
 */
export default function NewInvoiceScreen({ route }: ScreenProps) {
  const t = useT();
  const { notice, notify, close } = useNotice();
  const delivery = route.name === 'create-delivery-invoice';
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="new-invoice-screen" data-family={delivery ? 'delivery' : 'client'}>
      <PageHeader title={t(`route.${route.name}` as MessageKey)} subtitle={t(delivery ? 'invoices.new.subtitle.delivery' : 'invoices.new.subtitle.client')} />
      {delivery ? <DeliveryHolders notify={notify} /> : <ShopHolders notify={notify} />}
      <NoticeSnackbar notice={notice} onClose={close} testId="invoices-notice" />
    </Box>
  );
}

/** The notice after a draft was made, with a button opening it on its list. */
function useDraftMade(notify: Notify) {
  const t = useT();
  const language = useLanguage();
  const session = useAppSelector(selectSessionInfo);
  const navigate = useNavigate();
  return (invoice: Invoice, who: string) => {
    const routeName = session.role ? invoiceRouteName(session.role, 'delivery_admin' in invoice ? 'delivery' : 'client', 'type' in invoice ? invoice.type : undefined) : null;
    const path = routeName ? pathOf(routeName, session) : NOT_FOUND_PATH;
    notify(
      t('invoices.new.created', { name: who, count: invoice.parcels_count, amount: formatMoney(invoice.total, language) }),
      'success',
      path !== NOT_FOUND_PATH ? (
        <Button color="inherit" size="small" onClick={() => navigate(`${path}?${INVOICE_PARAM}=${encodeURIComponent(invoice.key)}`)} data-testid="draft-open">
          {t('invoices.new.open')}
        </Button>
      ) : undefined,
    );
  };
}

function amountColumns<T extends { parcels_count: number; cod_total: number; total: number }>(kind: InvoiceKind, deductions: (row: T) => number, t: Translate): Column<T>[] {
  return [
    { id: 'count', label: t('invoices.parcelsCount'), align: 'right', render: (row) => row.parcels_count },
    { id: 'cod', label: t('invoices.summary.cod'), align: 'right', render: (row) => <MoneyText centimes={row.cod_total} /> },
    { id: 'deductions', label: t(`invoices.line.deduction.${kind}`), align: 'right', render: (row) => <MoneyText centimes={deductions(row)} /> },
    {
      id: 'total',
      label: t(`invoices.summary.total.${kind}`),
      align: 'right',
      render: (row) => (
        <Typography component="span" variant="body2" sx={{ fontWeight: 700 }} data-testid="holder-total">
          <MoneyText centimes={row.total} />
        </Typography>
      ),
    },
  ];
}

/** create-delivery-invoice: who holds cash, largest first. */
function DeliveryHolders({ notify }: { notify: Notify }) {
  const t = useT();
  const list = useListState();
  const result = useListUnpaidDeliveryPeopleQuery(list.args);
  const [opened, setOpened] = useState<UnpaidDeliveryPerson | null>(null);
  const [create] = useCreateDeliveryInvoiceMutation();
  const made = useDraftMade(notify);
  const lines = useUnpaidDeliveryLinesQuery(opened?.key ?? '', { skip: !opened });
  const columns: Column<UnpaidDeliveryPerson>[] = [
    {
      id: 'name',
      label: t('invoices.deliveryPerson'),
      render: (person) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {person.full_name}
          </Typography>
          {person.phone && (
            <Typography variant="caption" color="text.secondary">
              <Ltr>{person.phone}</Ltr>
            </Typography>
          )}
        </Box>
      ),
    },
    ...amountColumns<UnpaidDeliveryPerson>('delivery', (person) => person.commission_total, t),
  ];
  return (
    <>
      <DataTable<UnpaidDeliveryPerson>
        columns={columns}
        list={list}
        result={result}
        rowKey={(person) => person.key}
        rowName={(person) => person.full_name}
        searchPlaceholder={t('invoices.new.searchDelivery')}
        emptyMessage={t('invoices.new.emptyDelivery')}
        testId="holders-table"
        onRowClick={setOpened}
      />
      <HolderDrawer
        open={opened !== null}
        onClose={() => setOpened(null)}
        title={opened?.full_name ?? ''}
        subtitle={opened?.phone ? <PhoneLink phone={opened.phone} /> : null}
      >
        {opened && (
          <EligibleLines
            key={opened.key}
            kind="delivery"
            lines={lines.data?.data}
            state={lines}
            submitLabel={t('invoices.new.submit')}
            emptyMessage={t('invoices.new.nothingLeft')}
            onSubmit={async (parcels) => {
              const invoice = (await create({ delivery_admin: opened.key, parcels }).unwrap()).data;
              made(invoice, opened.full_name);
              setOpened(null);
            }}
          />
        )}
      </HolderDrawer>
    </>
  );
}

/** create-client-invoice: the shops with parcels to invoice, by type, largest total first. */
function ShopHolders({ notify }: { notify: Notify }) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const lookups = parcelLookups(session);
  const list = useListState({ filters: { type: 'delivered' } });
  const type = (list.filters.type as MerchantInvoiceType | undefined) ?? 'delivered';
  const result = useListUnpaidShopsQuery({ ...list.args, type });
  const [merchant, setMerchant] = useState<MerchantOption | null>(null);
  const [opened, setOpened] = useState<{ shop: UnpaidShop; type: MerchantInvoiceType } | null>(null);
  const [create] = useCreateMerchantInvoiceMutation();
  const made = useDraftMade(notify);
  const lines = useUnpaidShopLinesQuery({ type: opened?.type ?? type, shop: opened?.shop.key ?? '' }, { skip: !opened });
  const kind = invoiceKindOf('client', type);
  const columns: Column<UnpaidShop>[] = [
    {
      id: 'shop',
      label: t('invoices.shop'),
      render: (shop) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {shop.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {shop.client.name}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'rib',
      label: t('invoices.rib'),
      render: (shop) =>
        shop.bank_account ? (
          <Chip size="small" variant="outlined" color="success" label={t('invoices.ribOk')} />
        ) : (
          <Chip size="small" color="warning" label={t('invoices.ribMissing')} data-testid="rib-missing" />
        ),
    },
    ...amountColumns<UnpaidShop>(kind, (shop) => shop.fees_total, t),
  ];
  const openedKind = opened ? invoiceKindOf('client', opened.type) : kind;
  return (
    <>
      <DataTable<UnpaidShop>
        columns={columns}
        list={list}
        result={result}
        rowKey={(shop) => shop.key}
        rowName={(shop) => shop.name}
        tabs={{ filter: 'type', options: TYPES.map((value) => ({ value, label: t(`invoices.type.${value}`) })) }}
        searchPlaceholder={t('invoices.new.searchShop')}
        filters={
          lookups.merchants ? (
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
          ) : undefined
        }
        emptyMessage={t(`invoices.new.emptyShops.${type}`)}
        testId="holders-table"
        onRowClick={(shop) => setOpened({ shop, type })}
      />
      <HolderDrawer
        open={opened !== null}
        onClose={() => setOpened(null)}
        title={opened?.shop.name ?? ''}
        subtitle={opened ? `${opened.shop.client.name} · ${t(`invoices.type.${opened.type}`)}` : null}
      >
        {opened && (
          <Stack spacing={2}>
            {!opened.shop.bank_account && opened.type === 'delivered' && (
              <Alert severity="warning" data-testid="rib-missing-alert">
                {t('invoices.new.ribMissing')}
              </Alert>
            )}
            <EligibleLines
              key={`${opened.type}-${opened.shop.key}`}
              kind={openedKind}
              lines={lines.data?.data}
              state={lines}
              submitLabel={t('invoices.new.submit')}
              emptyMessage={t('invoices.new.nothingLeft')}
              onSubmit={async (parcels) => {
                const invoice = (await create({ shop: opened.shop.key, type: opened.type, parcels }).unwrap()).data;
                made(invoice, opened.shop.name);
                setOpened(null);
              }}
            />
          </Stack>
        )}
      </HolderDrawer>
    </>
  );
}

function HolderDrawer({ open, onClose, title, subtitle, children }: { open: boolean; onClose: () => void; title: string; subtitle: ReactNode; children: ReactNode }) {
  const t = useT();
  return (
    <Drawer anchor="right" open={open} onClose={onClose} data-testid="holder-drawer">
      <Box sx={{ width: { xs: '100vw', sm: 780 }, maxWidth: '100vw', boxSizing: 'border-box', p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 2 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">
              {t('invoices.new.drawerTitle')}
            </Typography>
            <Typography variant="h6" component="h2" data-testid="holder-name">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" component="div">
                {subtitle}
              </Typography>
            )}
          </Box>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
        </Stack>
        {children}
      </Box>
    </Drawer>
  );
}
