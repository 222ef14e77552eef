import Add from '@mui/icons-material/Add';
import MoveToInbox from '@mui/icons-material/MoveToInboxOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorStatus } from '../../core/api';
import { useAppSelector } from '../../core/hooks';
import { ConfirmDialog, type ConfirmDialogProps } from '../../components/form/ConfirmDialog';
import { failureMessage } from '../../components/form/failureMessage';
import { submitErrors } from '../../components/form/submitErrors';
import { lazyNamed, useLoadedOnce } from '../../components/lazy';
import { NoticeSnackbar, useNotice } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { DataTable } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { useT, type MessageKey } from '../../i18n';
import { pathOf } from '../../navigation/access';
import type { ScreenProps } from '../../navigation/types';
import type { Role } from '../../navigation/types';
import { selectSessionInfo } from '../../core/session/authSlice';
import { useCreatePickupVoucherMutation, type Voucher } from '../../components/voucher/api';
import { VOUCHER_PARAM } from '../../components/voucher/config';
import { parcelLookups } from '../../components/parcel/access';
import {
  useAcknowledgeAddressMutation,
  useCancelParcelMutation,
  useDeleteParcelMutation,
  useListParcelsQuery,
  type Parcel,
  type ParcelAction,
} from '../../components/parcel/api';
import { parcelColumns } from '../../components/parcel/columns';
import { ParcelFilters } from '../../components/parcel/ParcelFilters';
import { actionButtons, rowActions } from './actions';
import { LabelsButton } from './LabelsButton';
import { useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import { parcelViewOf, type ParcelViewConfig } from '../../components/parcel/views';
import { useOpenedParcel } from '../../components/parcel/useOpenedParcel';
import '../../i18n/parcels';
import '../../i18n/screens';
import '../../i18n/vouchers';

// The dialogs (the parcel form among them) load on first use: most visits only read the list.
const parcelDialogs = () => import(/* webpackChunkName: "parcel-dialogs" */ './ParcelDialogs');
const EditParcelDialog = lazyNamed(parcelDialogs, 'EditParcelDialog');
const CancelParcelDialog = lazyNamed(parcelDialogs, 'CancelParcelDialog');
const AddressDialog = lazyNamed(parcelDialogs, 'AddressDialog');
const ReassignDialog = lazyNamed(parcelDialogs, 'ReassignDialog');
// The drawer loads when a parcel is first opened (a row, or a link to one), then stays for its
// closing animation.
const ParcelDrawer = lazyNamed(() => import(/* webpackChunkName: "parcel-drawer" */ '../../components/parcel/ParcelDrawer'), 'ParcelDrawer');
const StateDialog = lazyNamed(() => import(/* webpackChunkName: "parcel-state" */ './StateDialog'), 'StateDialog');

/** Every parcel list of every role (the route decides the view, filters, columns and actions). */
export default function ParcelsScreen({ route }: ScreenProps) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const config = parcelViewOf(session.role, route.name);
  if (!config || !session.role) {
    return <Alert severity="warning">{t('parcels.noView')}</Alert>;
  }
  // One list state per route: moving from "Tous les colis" to "Colis livrés" starts afresh.
  return <ParcelList key={route.name} routeName={route.name} role={session.role} config={config} />;
}

type DialogKind = 'edit' | 'cancel' | 'change-address' | 'state' | 'reassign';

function ParcelList({ routeName, role, config }: { routeName: string; role: Role; config: ParcelViewConfig }) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const session = useAppSelector(selectSessionInfo);
  const lookups = parcelLookups(session);
  const list = useListState({ sort: '-created_at', cursor: true });
  const result = useListParcelsQuery({ ...list.args, view: config.view });
  const [selected, setSelected] = useState<string[]>([]);
  // The shop of each parcel ever selected (a pickup voucher holds the parcels of one shop).
  const [shopOf, setShopOf] = useState<ReadonlyMap<string, string>>(new Map());
  const [opened, open] = useOpenedParcel();
  const drawerLoaded = useLoadedOnce(opened !== null);
  const [dialog, setDialog] = useState<{ kind: DialogKind; parcel: Parcel; open: boolean } | null>(null);
  const [confirm, setConfirm] = useState<(Omit<ConfirmDialogProps, 'open' | 'onClose'> & { open: boolean }) | null>(null);
  const { notice, notify, close } = useNotice();
  const [deleteParcel] = useDeleteParcelMutation();
  const [cancelParcel] = useCancelParcelMutation();
  const [acknowledge] = useAcknowledgeAddressMutation();
  const [createPickup] = useCreatePickupVoucherMutation();
  const [makingPickup, setMakingPickup] = useState(false);

  const select = (keys: string[]) => {
    setSelected(keys);
    const rows = result.data?.data ?? [];
    if (rows.some((parcel) => keys.includes(parcel.key) && shopOf.get(parcel.key) !== parcel.shop)) {
      setShopOf((current) => {
        const next = new Map(current);
        for (const parcel of rows) if (keys.includes(parcel.key)) next.set(parcel.key, parcel.shop);
        return next;
      });
    }
  };

  const run = (action: ParcelAction, parcel: Parcel) => {
    switch (action) {
      case 'delete':
        setConfirm({
          open: true,
          title: t('parcels.deleteTitle', { code: parcel.key }),
          body: t('parcels.deleteBody'),
          confirmLabel: t('crud.delete'),
          onConfirm: () => deleteParcel(parcel.key).unwrap(),
          onDone: () => {
            notify(t('parcels.deleted', { code: parcel.key }));
            if (opened === parcel.key) open(null);
            setSelected((keys) => keys.filter((key) => key !== parcel.key));
          },
        });
        return;
      case 'acknowledge-address':
        acknowledge(parcel.key)
          .unwrap()
          .then(() => notify(t('parcels.acknowledged', { code: parcel.key })))
          .catch((error: unknown) => notify(failureMessage(error, t), 'error'));
        return;
      default:
        setDialog({ kind: action, parcel, open: true });
    }
  };

  const cancelSelected = () => {
    const keys = [...selected];
    setConfirm({
      open: true,
      title: t('parcels.bulkCancelTitle', { count: keys.length }),
      body: t('parcels.bulkCancelBody'),
      confirmLabel: t('parcels.cancelConfirm'),
      // Not "Annuler" next to "Annuler le colis".
      cancelLabel: t('common.back'),
      color: 'warning',
      onConfirm: async () => {
        let done = 0;
        const refused: string[] = [];
        for (const key of keys) {
          try {
            await cancelParcel({ key }).unwrap();
            done += 1;
          } catch (error) {
            if (errorStatus(error) === 'FETCH_ERROR') throw error;
            refused.push(key);
          }
        }
        setSelected(refused);
        notify(
          refused.length === 0
            ? t('parcels.bulkCancelled', { count: done })
            : t('parcels.bulkCancelPartial', { count: done, refused: refused.length }),
          refused.length === 0 ? 'success' : 'info',
        );
      },
    });
  };

  const vouchersPath = pathOf('pickup-vouchers', session);
  const voucherLink = (label: string, to: string) => (
    <Button color="inherit" size="small" component={RouterLink} to={to} sx={{ whiteSpace: 'nowrap' }} data-testid="pickup-voucher-link">
      {label}
    </Button>
  );

  /** One pickup voucher of the selected parcels (one per shop when they come from several). */
  const pickupSelected = async () => {
    if (makingPickup || selected.length === 0) return;
    const byShop = new Map<string, string[]>();
    for (const key of selected) {
      const shop = shopOf.get(key) ?? '';
      byShop.set(shop, [...(byShop.get(shop) ?? []), key]);
    }
    setMakingPickup(true);
    const created: Voucher[] = [];
    const refused: string[] = [];
    let failure: string | null = null;
    for (const keys of byShop.values()) {
      try {
        created.push((await createPickup({ parcels: keys }).unwrap()).data);
      } catch (error) {
        refused.push(...keys);
        if (failure === null) {
          const found = submitErrors(error, [{ name: 'parcels' }], t);
          failure = found.fields.parcels || found.form || t('error.generic');
        }
      }
    }
    setMakingPickup(false);
    setSelected(refused);
    const keys = created.map((voucher) => voucher.key).join(', ');
    if (created.length === 0) {
      notify(failure ?? t('error.generic'), 'error');
    } else if (failure !== null) {
      notify(t('vouchers.fromSelection.partial', { keys, message: failure }), 'warning', voucherLink(t('vouchers.fromSelection.viewAll'), vouchersPath));
    } else if (created.length === 1) {
      const [voucher] = created;
      notify(
        t('vouchers.created', { key: voucher.key, count: voucher.parcels_count }),
        'success',
        voucherLink(t('vouchers.fromSelection.view'), `${vouchersPath}?${VOUCHER_PARAM}=${encodeURIComponent(voucher.key)}`),
      );
    } else {
      notify(t('vouchers.fromSelection.many', { count: created.length, keys }), 'success', voucherLink(t('vouchers.fromSelection.viewAll'), vouchersPath));
    }
  };

  const dialogParcel = (kind: DialogKind) => (dialog?.kind === kind ? dialog.parcel : null);
  const dialogOpen = (kind: DialogKind) => dialog?.kind === kind && dialog.open;
  const closeDialog = () => setDialog((current) => (current ? { ...current, open: false } : null));
  const canAdd = role === 'client' && session.permissions.includes('add-new-parcels');
  const canPickup = role === 'client' && config.bulk.includes('pickup') && session.permissions.includes('pickup-vouchers');

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="parcels-screen" data-view={config.view}>
      <PageHeader
        title={t(`route.${routeName}` as MessageKey)}
        subtitle={t(`parcels.subtitle.${config.view}` as MessageKey)}
        actions={
          canAdd ? (
            <Button component={RouterLink} to={pathOf('add-new-parcels', session)} variant="contained" startIcon={<Add />} data-testid="add-parcels-link">
              {t('route.add-new-parcels')}
            </Button>
          ) : undefined
        }
      />
      <DataTable<Parcel>
        columns={parcelColumns(config.columns, t)}
        list={list}
        result={result}
        rowKey={(parcel) => parcel.key}
        rowName={(parcel) => parcel.key}
        rowActions={(parcel) => rowActions(parcel, role, lookups, t, run)}
        searchPlaceholder={t('parcels.search')}
        filters={<ParcelFilters list={list} config={config} lookups={lookups} />}
        emptyMessage={t('parcels.empty')}
        testId="parcels-table"
        selection={config.bulk.length > 0 ? { selected, onChange: select } : undefined}
        selectionBar={
          <>
            <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} data-testid="selection-count">
              {t('parcels.selected', { count: selected.length })}
            </Typography>
            {canPickup && (
              <Button
                size="small"
                variant="contained"
                startIcon={makingPickup ? <CircularProgress size={16} color="inherit" /> : <MoveToInbox />}
                disabled={makingPickup}
                onClick={pickupSelected}
                data-testid="bulk-pickup"
              >
                {t('vouchers.fromSelection.create')}
              </Button>
            )}
            {config.bulk.includes('labels') && <LabelsButton keys={selected} />}
            {config.bulk.includes('cancel') && (
              <Button size="small" color="warning" variant="outlined" onClick={cancelSelected} data-testid="bulk-cancel">
                {t('parcels.bulkCancel')}
              </Button>
            )}
            <Button size="small" onClick={() => setSelected([])}>
              {t('parcels.clearSelection')}
            </Button>
          </>
        }
        onRowClick={(parcel) => open(parcel.key)}
      />
      {drawerLoaded && (
        <Suspense fallback={null}>
          <ParcelDrawer
            parcelKey={opened}
            onClose={() => open(null)}
            actions={(parcel) => actionButtons(parcel, role, lookups, t, run)}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {dialogParcel('edit') && <EditParcelDialog parcel={dialogParcel('edit')} open={dialogOpen('edit')} onClose={closeDialog} onDone={notify} />}
        {dialogParcel('cancel') && (
          <CancelParcelDialog parcel={dialogParcel('cancel')} open={dialogOpen('cancel')} onClose={closeDialog} onDone={notify} />
        )}
        {dialogParcel('change-address') && (
          <AddressDialog parcel={dialogParcel('change-address')} open={dialogOpen('change-address')} onClose={closeDialog} onDone={notify} />
        )}
        {dialogParcel('reassign') && (
          <ReassignDialog parcel={dialogParcel('reassign')} open={dialogOpen('reassign')} onClose={closeDialog} onDone={notify} />
        )}
        {dialogParcel('state') && (
          <StateDialog
            parcel={dialogParcel('state')}
            open={dialogOpen('state')}
            role={role}
            onClose={closeDialog}
            onDone={(parcel) => notify(t('parcels.state.done', { code: parcel.key, status: statusLabel(parcel.status, parcel.status_label) }))}
          />
        )}
      </Suspense>
      {confirm && <ConfirmDialog {...confirm} onClose={() => setConfirm((current) => (current ? { ...current, open: false } : null))} />}
      <NoticeSnackbar notice={notice} onClose={close} testId="parcels-notice" />
    </Box>
  );
}
