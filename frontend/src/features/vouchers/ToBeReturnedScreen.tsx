import AssignmentReturn from '@mui/icons-material/AssignmentReturnOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAppSelector } from '../../core/hooks';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import { NoticeSnackbar, useNotice } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { DataTable } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { useRowSelection } from '../../components/table/useRowSelection';
import { useT, type MessageKey } from '../../i18n';
import type { ScreenProps } from '../../navigation/types';
import { selectSessionInfo } from '../../core/session/authSlice';
import { parcelLookups } from '../../components/parcel/access';
import { useListParcelsQuery, type Parcel } from '../../components/parcel/api';
import { parcelColumns } from '../../components/parcel/columns';
import { DeliveryPersonAutocomplete, type DeliveryPersonOption } from '../../components/parcel/DeliveryPersonAutocomplete';
import type { ParcelColumn } from '../../components/parcel/views';
import { openVoucherPdf, useCreateReturnVoucherMutation } from '../../components/voucher/api';
import '../../i18n/parcels';
import '../../i18n/screens';
import '../../i18n/vouchers';

const ADMIN_COLUMNS: readonly ParcelColumn[] = ['code', 'recipient', 'city', 'amount', 'status', 'delivery_admin', 'date'];
const DELIVERY_COLUMNS: readonly ParcelColumn[] = ['code', 'recipient', 'city', 'amount', 'status', 'date'];

/**
 * colis-à-retourner: the refused and cancelled parcels a delivery person still holds (and the
 * items collected by exchanges and refunds). Selected ones make a return voucher
 * (POST /api/return-vouchers), whose PDF opens at once. An admin works for one delivery person.
 */
export default function ToBeReturnedScreen({ route }: ScreenProps) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const admin = session.role === 'admin';
  const lookups = parcelLookups(session);
  const list = useListState({ sort: '-created_at', cursor: true });
  const result = useListParcelsQuery({ ...list.args, view: 'to-be-returned' });
  const [deliveryPerson, setDeliveryPerson] = useState<DeliveryPersonOption | null>(null);
  const selection = useRowSelection<Parcel>((parcel) => parcel.key);
  const selected = selection.selected;
  const setSelected = (keys: string[]) => selection.select(keys, result.data?.data ?? []);
  const [confirming, setConfirming] = useState(false);
  const [create] = useCreateReturnVoucherMutation();
  const { notice, notify, close } = useNotice();

  // An admin's voucher is for one delivery person: the one filtered on, else the one holding
  // every selected parcel.
  const holders = [...new Set(selection.rows.map((parcel) => parcel.delivery_admin))];
  const holder = admin ? deliveryPerson?.key ?? (holders.length === 1 ? holders[0] : null) : null;
  const holderName = deliveryPerson?.name ?? selection.rows[0]?.delivery_admin_name ?? '';
  const mixed = admin && !deliveryPerson && holders.length > 1;

  const submit = async () => {
    const result = await create({ parcels: selected, ...(admin && holder ? { delivery_admin: holder } : {}) }).unwrap();
    const voucher = result.data;
    setSelected([]);
    const popup = openVoucherPdf('return', voucher.key);
    notify(
      t('vouchers.return.created', { key: voucher.key, count: voucher.parcels_count }),
      'success',
      popup ? undefined : (
        <Button color="inherit" size="small" onClick={() => openVoucherPdf('return', voucher.key)}>
          {t('vouchers.print')}
        </Button>
      ),
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="to-be-returned-screen">
      <PageHeader title={t(`route.${route.name}` as MessageKey)} subtitle={t(admin ? 'vouchers.return.subtitleAdmin' : 'vouchers.return.subtitle')} />
      <DataTable<Parcel>
        columns={parcelColumns(admin ? ADMIN_COLUMNS : DELIVERY_COLUMNS, t)}
        list={list}
        result={result}
        rowKey={(parcel) => parcel.key}
        searchPlaceholder={t('parcels.search')}
        filters={
          admin && lookups.deliveryPeople ? (
            <Box sx={{ width: 260 }}>
              <DeliveryPersonAutocomplete
                name="filter-delivery-admin"
                label={t('parcels.deliveryPerson')}
                value={deliveryPerson}
                helperText={t('vouchers.return.chooseDeliveryPerson')}
                onChange={(option) => {
                  setDeliveryPerson(option);
                  setSelected([]);
                  list.setFilter('delivery_admin', option?.key);
                }}
              />
            </Box>
          ) : undefined
        }
        emptyMessage={t('vouchers.return.empty')}
        testId="to-be-returned-table"
        selection={{ selected, onChange: setSelected }}
        selectionBar={
          <>
            <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} data-testid="selection-count">
              {t('parcels.selected', { count: selected.length })}
            </Typography>
            <Button
              size="small"
              variant="contained"
              startIcon={<AssignmentReturn />}
              disabled={mixed}
              onClick={() => setConfirming(true)}
              data-testid="return-create"
            >
              {t('vouchers.return.create')}
            </Button>
            <Button size="small" onClick={() => setSelected([])}>
              {t('parcels.clearSelection')}
            </Button>
            {mixed && (
              <Alert severity="warning" sx={{ py: 0, width: '100%' }} data-testid="return-mixed">
                {t('vouchers.return.mixed')}
              </Alert>
            )}
          </>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t('vouchers.return.confirmTitle', { count: selected.length })}
        body={admin && holderName ? t('vouchers.return.confirmBodyAdmin', { name: holderName }) : t('vouchers.return.confirmBody')}
        confirmLabel={t('vouchers.return.create')}
        color="primary"
        testId="return-confirm"
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      />
      <NoticeSnackbar notice={notice} onClose={close} testId="vouchers-notice" />
    </Box>
  );
}
