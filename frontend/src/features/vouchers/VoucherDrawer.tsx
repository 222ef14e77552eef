import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { errorStatus } from '../../core/api';
import { DetailField, DetailSection } from '../../components/DetailList';
import { ConfirmDialog, type ConfirmDialogProps } from '../../components/form/ConfirmDialog';
import { lazyNamed } from '../../components/lazy';
import { CashBreakdown } from '../../components/CashBreakdown';
import { MoneyText } from '../../components/MoneyText';
import type { Notify } from '../../components/NoticeSnackbar';
import { PhoneLink } from '../../components/PhoneLink';
import { PrintButton } from '../../components/PrintButton';
import { useT, type MessageKey } from '../../i18n';
import type { Role } from '../../navigation/types';
import type { Parcel } from '../../components/parcel/api';
import { DateTimeText } from '../../components/DateTimeText';
import {
  useAddToPickupVoucherMutation,
  useDeletePickupVoucherMutation,
  useGetVoucherQuery,
  useRemoveFromPickupVoucherMutation,
  voucherPdfUrl,
  type VoucherDetail,
  type VoucherKind,
} from '../../components/voucher/api';
import { voucherAbilities } from '../../components/voucher/config';
import { VoucherParcels } from './VoucherParcels';
import { VoucherStatusChip } from './VoucherStatusChip';
import '../../i18n/parcels';
import '../../i18n/screens';
import '../../i18n/vouchers';
import { Ltr } from '../../components/Ltr';

// Loaded when needed: receiving is for admins, adding parcels for the merchant.
const ReceivePanel = lazyNamed(() => import(/* webpackChunkName: "voucher-receive" */ './ReceivePanel'), 'ReceivePanel');
const PickParcelsDialog = lazyNamed(() => import(/* webpackChunkName: "voucher-pick" */ './PickParcelsDialog'), 'PickParcelsDialog');

interface Props {
  kind: VoucherKind;
  /** The key of the voucher shown; null: closed. */
  voucherKey: string | null;
  role: Role;
  onClose: () => void;
  notify: Notify;
}

/** A voucher's head, its parcels, and what the role may do with it (print, edit, receive). */
export function VoucherDrawer({ kind, voucherKey, role, onClose, notify }: Props) {
  const t = useT();
  return (
    <Drawer anchor="right" open={voucherKey !== null} onClose={onClose} data-testid="voucher-drawer">
      <Box sx={{ width: { xs: '100vw', sm: 760 }, maxWidth: '100vw', boxSizing: 'border-box', p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="overline" color="text.secondary">
              {t(`vouchers.kind.${kind}` as MessageKey)}
            </Typography>
            <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace', letterSpacing: '0.05em' }} data-testid="voucher-drawer-key">
              <Ltr>{voucherKey}</Ltr>
            </Typography>
          </Box>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
        </Stack>
        {voucherKey && <VoucherBody key={voucherKey} kind={kind} voucherKey={voucherKey} role={role} onClose={onClose} notify={notify} />}
      </Box>
    </Drawer>
  );
}

type ConfirmState = Omit<ConfirmDialogProps, 'onClose'>;

function VoucherBody({ kind, voucherKey, role, onClose, notify }: Omit<Props, 'voucherKey'> & { voucherKey: string }) {
  const t = useT();
  const { data, isLoading, isError, error, refetch } = useGetVoucherQuery({ kind, key: voucherKey });
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleteVoucher] = useDeletePickupVoucherMutation();
  const [removeParcel] = useRemoveFromPickupVoucherMutation();
  const [addParcels] = useAddToPickupVoucherMutation();

  if (isLoading) {
    return (
      <Box data-testid="voucher-drawer-loading">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={32} />
        ))}
      </Box>
    );
  }
  if (isError || !data) {
    return (
      <Alert
        severity="error"
        data-testid="voucher-drawer-error"
        action={
          errorStatus(error) === 404 ? undefined : (
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {t('error.retry')}
            </Button>
          )
        }
      >
        {errorStatus(error) === 404 ? t('vouchers.notFound') : t('vouchers.loadError')}
      </Alert>
    );
  }

  const voucher = data.data;
  const can = voucherAbilities(role, voucher);
  const closeConfirm = () => setConfirm((current) => (current ? { ...current, open: false } : null));

  const askDelete = () =>
    setConfirm({
      open: true,
      title: t('vouchers.deleteTitle', { key: voucher.key }),
      body: t('vouchers.deleteBody', { count: voucher.parcels.length }),
      confirmLabel: t('vouchers.delete'),
      onConfirm: () => deleteVoucher(voucher.key).unwrap(),
      onDone: () => {
        notify(t('vouchers.deleted', { key: voucher.key }));
        onClose();
      },
    });

  const askRemove = (parcel: Parcel) =>
    setConfirm({
      open: true,
      title: t('vouchers.removeTitle', { code: parcel.key }),
      body: t('vouchers.removeBody'),
      confirmLabel: t('vouchers.remove'),
      color: 'warning',
      onConfirm: () => removeParcel(parcel.key).unwrap(),
      onDone: () => notify(t('vouchers.removed', { code: parcel.key, key: voucher.key })),
    });

  return (
    <Stack spacing={3} data-testid="voucher-detail" data-status={voucher.status}>
      <VoucherSummary voucher={voucher} role={role} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="voucher-actions">
        <PrintButton url={voucherPdfUrl(kind, voucher.key)} windowName={`colivra-${kind}-voucher`} label={t('vouchers.print')} testId="voucher-print" />
        {can.edit && (
          <>
            <Button size="small" variant="outlined" startIcon={<AddCircleOutline />} onClick={() => setAdding(true)} data-testid="voucher-add-parcels">
              {t('vouchers.addParcels')}
            </Button>
            <Button size="small" variant="outlined" color="error" startIcon={<DeleteOutlined />} onClick={askDelete} data-testid="voucher-delete">
              {t('vouchers.delete')}
            </Button>
          </>
        )}
      </Stack>
      {can.receive ? (
        <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
          <ReceivePanel voucher={voucher} notify={notify} />
        </Suspense>
      ) : (
        <VoucherParcels
          voucher={voucher}
          rowActions={
            can.edit
              ? () => [
                  {
                    id: 'remove',
                    label: t('vouchers.remove'),
                    icon: <RemoveCircleOutline fontSize="small" />,
                    color: 'warning',
                    onClick: askRemove,
                  },
                ]
              : undefined
          }
        />
      )}
      {can.edit && adding && (
        <Suspense fallback={null}>
          <PickParcelsDialog
          open={adding}
          title={t('vouchers.addTitle', { key: voucher.key })}
          intro={voucher.shop ? t('vouchers.addIntro', { shop: voucher.shop.name }) : undefined}
          view="new"
          columns={['code', 'recipient', 'city', 'amount', 'date']}
          params={voucher.shop ? { shop: voucher.shop.key } : undefined}
          submitLabel={(count) => t('vouchers.addSubmit', { count })}
          onSubmit={(keys) => addParcels({ key: voucher.key, parcels: keys }).unwrap()}
          onDone={() => notify(t('vouchers.added', { key: voucher.key }))}
          onClose={() => setAdding(false)}
          />
        </Suspense>
      )}
      {confirm && <ConfirmDialog {...confirm} onClose={closeConfirm} />}
    </Stack>
  );
}

/** Who, how many, how much, when. */
function VoucherSummary({ voucher, role }: { voucher: VoucherDetail; role: Role }) {
  const t = useT();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <VoucherStatusChip voucher={voucher} />
      </Stack>
      <DetailSection title={t('vouchers.summary')} testId="voucher-summary">
        {voucher.client && role !== 'client' && (
          <DetailField label={t('parcels.merchant')} value={voucher.client.company ? `${voucher.client.company} (${voucher.client.name})` : voucher.client.name} />
        )}
        {voucher.shop && <DetailField label={t('parcels.shop')} value={voucher.shop.name} />}
        {voucher.delivery_admin && role !== 'delivery-admin' && (
          <DetailField
            label={t('parcels.deliveryPerson')}
            value={
              <>
                {voucher.delivery_admin.name}
                {voucher.delivery_admin.phone && (
                  <>
                    {' · '}
                    <PhoneLink phone={voucher.delivery_admin.phone} />
                  </>
                )}
              </>
            }
          />
        )}
        <DetailField label={t('vouchers.parcelsCount')} value={voucher.parcels_count} testId="voucher-count" />
        {voucher.kind === 'pickup' && (
          <DetailField label={t('vouchers.codTotal')} value={<MoneyText centimes={voucher.cod_total} />} testId="voucher-total" />
        )}
        {voucher.kind === 'exit' && <DetailField label={t('vouchers.cash')} value={<CashBreakdown figures={voucher} testId="voucher-cash" />} wide testId="voucher-total" />}
        {voucher.kind === 'return' && <DetailField label={t('vouchers.cash')} value={t('cash.none')} wide testId="voucher-no-cash" />}
        <DetailField
          label={t('vouchers.createdAt')}
          value={
            <>
              <DateTimeText value={voucher.created_at} />
              {voucher.created_by ? ` · ${voucher.created_by.name}` : ''}
            </>
          }
        />
        {voucher.received_at && (
          <DetailField
            label={t('vouchers.receivedAt')}
            value={
              <>
                <DateTimeText value={voucher.received_at} />
                {voucher.received_by ? ` · ${voucher.received_by.name}` : ''}
              </>
            }
          />
        )}
      </DetailSection>
    </Stack>
  );
}
