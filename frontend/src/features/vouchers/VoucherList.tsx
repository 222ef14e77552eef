import Add from '@mui/icons-material/Add';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ItemResponse } from '../../core/crud';
import { useAppSelector } from '../../core/hooks';
import { lazyNamed, useLoadedOnce } from '../../components/lazy';
import { MoneyText } from '../../components/MoneyText';
import { NoticeSnackbar, useNotice, type Notify } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { useT, type MessageKey, type Translate } from '../../i18n';
import type { Role } from '../../navigation/types';
import { selectSessionInfo } from '../../core/session/authSlice';
import { MerchantAutocomplete, type MerchantOption } from '../../components/merchant/MerchantAutocomplete';
import { parcelLookups } from '../../components/parcel/access';
import { DateTimeText } from '../../components/DateTimeText';
import { DeliveryPersonAutocomplete, type DeliveryPersonOption } from '../../components/parcel/DeliveryPersonAutocomplete';
import { useListShopsQuery } from '../../components/shop/api';
import {
  openVoucherPdf,
  useCreatePickupVoucherMutation,
  VOUCHER_LIST_HOOKS,
  type Voucher,
} from '../../components/voucher/api';
import { VOUCHER_PARAM, type VoucherColumn, type VoucherListConfig } from '../../components/voucher/config';
import { VoucherStatusChip } from './VoucherStatusChip';
import '../../i18n/parcels';
import '../../i18n/screens';
import '../../i18n/vouchers';
import { Ltr } from '../../components/Ltr';

// The drawer loads when a voucher is first opened (a row, or a link to one), then stays for its
// closing animation.
const VoucherDrawer = lazyNamed(() => import(/* webpackChunkName: "voucher-drawer" */ './VoucherDrawer'), 'VoucherDrawer');
const PickParcelsDialog = lazyNamed(() => import(/* webpackChunkName: "voucher-pick" */ './PickParcelsDialog'), 'PickParcelsDialog');

function voucherColumn(id: VoucherColumn, t: Translate, exit: boolean): Column<Voucher> {
  switch (id) {
    case 'key':
      return {
        id,
        label: t('vouchers.key'),
        render: (voucher) => (
          <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="voucher-key">
            <Ltr>{voucher.key}</Ltr>
          </Typography>
        ),
      };
    case 'shop':
      return { id, label: t('parcels.shop'), render: (voucher) => voucher.shop?.name ?? '—' };
    case 'merchant':
      return {
        id,
        label: t('parcels.merchant'),
        render: (voucher) => (
          <Box>
            <Typography variant="body2">{voucher.client?.company ?? voucher.client?.name ?? '—'}</Typography>
            <Typography variant="caption" color="text.secondary">
              {voucher.shop?.name}
            </Typography>
          </Box>
        ),
      };
    case 'delivery_admin':
      return {
        id,
        label: t('parcels.deliveryPerson'),
        render: (voucher) => (
          <Box>
            <Typography variant="body2">{voucher.delivery_admin?.name ?? '—'}</Typography>
            <Typography variant="caption" color="text.secondary">
              <Ltr>{voucher.delivery_admin?.phone}</Ltr>
            </Typography>
          </Box>
        ),
      };
    case 'count':
      return { id, label: t('vouchers.parcelsCount'), align: 'right', render: (voucher) => voucher.parcels_count };
    case 'total':
      // An exit voucher's cash is its net (refunds paid out); a pickup voucher's the goods' COD.
      return exit
        ? { id, label: t('cash.net'), align: 'right', render: (voucher) => <MoneyText centimes={voucher.net_cash} /> }
        : { id, label: t('vouchers.codTotal'), align: 'right', render: (voucher) => <MoneyText centimes={voucher.cod_total} /> };
    case 'status':
      return { id, label: t('parcels.status'), card: 'badge', render: (voucher) => <VoucherStatusChip voucher={voucher} /> };
    case 'created':
      return { id, label: t('vouchers.createdAt'), sortKey: 'created_at', render: (voucher) => <DateTimeText value={voucher.created_at} /> };
    case 'received':
      return { id, label: t('vouchers.receivedAt'), render: (voucher) => <DateTimeText value={voucher.received_at} /> };
  }
}

export interface VoucherListProps {
  routeName: string;
  role: Role;
  config: VoucherListConfig;
  /** Shown above the list (the admin's new exit voucher), with the screen's notices. */
  top?: (notify: Notify) => ReactNode;
}

/**
 * A voucher list (the route's kind, tabs, columns and filters), its drawer (`?bon=KEY`), and
 * for the merchant the new pickup voucher dialog.
 */
export function VoucherList({ routeName, role, config, top }: VoucherListProps) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const lookups = parcelLookups(session);
  const list = useListState({ sort: '-created_at', filters: config.tabs.length > 0 ? { status: config.tabs[0] } : {} });
  const useList = VOUCHER_LIST_HOOKS[config.kind];
  const result = useList({ ...list.args, ...(config.status ? { status: config.status } : {}) });
  const [params, setParams] = useSearchParams();
  const opened = params.get(VOUCHER_PARAM);
  const { notice, notify, close } = useNotice();
  const [creating, setCreating] = useState(false);
  // The dialog's code loads on the first opening.
  const [pickLoaded, setPickLoaded] = useState(false);
  const drawerLoaded = useLoadedOnce(opened !== null);
  const [merchant, setMerchant] = useState<MerchantOption | null>(null);
  const [deliveryPerson, setDeliveryPerson] = useState<DeliveryPersonOption | null>(null);
  const [createVoucher] = useCreatePickupVoucherMutation();
  const canCreate = Boolean(config.create) && role === 'client';
  const { data: shops } = useListShopsQuery({ page: 1, per_page: 100, sort: 'name' }, { skip: !canCreate || !lookups.shops });

  const open = useCallback(
    (key: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key) next.set(VOUCHER_PARAM, key);
          else next.delete(VOUCHER_PARAM);
          return next;
        },
        { replace: key === null },
      ),
    [setParams],
  );

  const filters =
    config.filter === 'client' && lookups.merchants ? (
      <Box sx={{ width: 240 }}>
        <MerchantAutocomplete
          name="filter-client"
          label={t('parcels.merchant')}
          value={merchant}
          onChange={(option) => {
            setMerchant(option);
            list.setFilter('client', option?.key);
          }}
        />
      </Box>
    ) : config.filter === 'delivery_admin' && lookups.deliveryPeople ? (
      <Box sx={{ width: 240 }}>
        <DeliveryPersonAutocomplete
          name="filter-delivery-admin"
          label={t('parcels.deliveryPerson')}
          value={deliveryPerson}
          onChange={(option) => {
            setDeliveryPerson(option);
            list.setFilter('delivery_admin', option?.key);
          }}
        />
      </Box>
    ) : undefined;

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="vouchers-screen" data-kind={config.kind}>
      <PageHeader
        title={t(`route.${routeName}` as MessageKey)}
        subtitle={t(`vouchers.subtitle.${routeName}` as MessageKey)}
        actions={
          canCreate ? (
            <Button variant="contained" startIcon={<Add />} onClick={() => {
                setPickLoaded(true);
                setCreating(true);
              }}
              data-testid="voucher-create">
              {t('vouchers.create')}
            </Button>
          ) : undefined
        }
      />
      {top && (
        <>
          {top(notify)}
          <Typography variant="h6" component="h2">
            {t(`vouchers.listTitle.${config.kind}` as MessageKey)}
          </Typography>
        </>
      )}
      <DataTable<Voucher>
        columns={config.columns.map((id) => voucherColumn(id, t, config.kind === 'exit'))}
        list={list}
        result={result}
        rowKey={(voucher) => voucher.key}
        rowName={(voucher) => voucher.key}
        rowActions={() => [
          {
            id: 'print',
            label: t('vouchers.print'),
            icon: <PrintOutlined fontSize="small" />,
            onClick: (voucher) => openVoucherPdf(voucher.kind, voucher.key),
          },
        ]}
        tabs={
          config.tabs.length > 0
            ? { filter: 'status', options: config.tabs.map((tab) => ({ value: tab, label: t(`vouchers.tab.${tab || 'all'}` as MessageKey) })) }
            : undefined
        }
        searchPlaceholder={t('vouchers.search')}
        filters={filters}
        emptyMessage={t(`vouchers.empty.${config.kind}` as MessageKey)}
        testId="vouchers-table"
        onRowClick={(voucher) => open(voucher.key)}
      />
      {drawerLoaded && (
        <Suspense fallback={null}>
          <VoucherDrawer kind={config.kind} voucherKey={opened} role={role} onClose={() => open(null)} notify={notify} />
        </Suspense>
      )}
      {canCreate && pickLoaded && (
        <Suspense fallback={null}>
          <PickParcelsDialog
          open={creating}
          title={t('vouchers.createTitle')}
          intro={t('vouchers.createIntro')}
          view="new"
          columns={['code', 'recipient', 'city', 'amount', 'shop', 'date']}
          shops={shops?.data}
          submitLabel={(count) => t('vouchers.createSubmit', { count })}
          onSubmit={(keys) => createVoucher({ parcels: keys }).unwrap()}
          onDone={(created) => {
            const voucher = (created as ItemResponse<Voucher>).data;
            notify(t('vouchers.created', { key: voucher.key, count: voucher.parcels_count }));
            open(voucher.key);
          }}
          onClose={() => setCreating(false)}
          />
        </Suspense>
      )}
      <NoticeSnackbar notice={notice} onClose={close} testId="vouchers-notice" />
    </Box>
  );
}
