import CancelOutlined from '@mui/icons-material/CancelOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import EditLocationAltOutlined from '@mui/icons-material/EditLocationAltOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PublishedWithChangesOutlined from '@mui/icons-material/PublishedWithChangesOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import type { RowAction } from '../../components/table/DataTable';
import type { Translate } from '../../i18n';
import type { Role } from '../../navigation/types';
import type { ParcelLookups } from '../../components/parcel/access';
import type { Parcel, ParcelAction } from '../../components/parcel/api';
import { LabelsButton } from './LabelsButton';
import '../../i18n/parcels';
import '../../i18n/screens';

interface ActionLook {
  label: string;
  icon: ReactNode;
  color?: RowAction<Parcel>['color'];
}

function look(action: ParcelAction, t: Translate): ActionLook {
  switch (action) {
    case 'edit':
      return { label: t('crud.edit'), icon: <EditOutlined fontSize="small" /> };
    case 'delete':
      return { label: t('crud.delete'), icon: <DeleteOutlined fontSize="small" />, color: 'error' };
    case 'cancel':
      return { label: t('parcels.action.cancel'), icon: <CancelOutlined fontSize="small" />, color: 'warning' };
    case 'change-address':
      return { label: t('parcels.action.changeAddress'), icon: <EditLocationAltOutlined fontSize="small" /> };
    case 'state':
      return { label: t('parcels.action.state'), icon: <PublishedWithChangesOutlined fontSize="small" />, color: 'primary' };
    case 'reassign':
      return { label: t('parcels.action.reassign'), icon: <SwapHorizOutlined fontSize="small" /> };
    case 'acknowledge-address':
      return { label: t('parcels.action.acknowledge'), icon: <DoneAllOutlined fontSize="small" />, color: 'success' };
  }
}

/** The order actions show in, whatever order the server lists them in. */
const ORDER: readonly ParcelAction[] = ['state', 'acknowledge-address', 'change-address', 'reassign', 'edit', 'cancel', 'delete'];

/** The actions the server allows on this parcel that this screen can carry out. */
export function usableActions(parcel: Parcel, role: Role, lookups: ParcelLookups): ParcelAction[] {
  return ORDER.filter((action) => {
    if (!parcel.actions.includes(action)) return false;
    if (action === 'reassign') return role === 'admin' && lookups.deliveryPeople;
    return true;
  });
}

/** Row actions of a parcel list (icon buttons). */
export function rowActions(
  parcel: Parcel,
  role: Role,
  lookups: ParcelLookups,
  t: Translate,
  run: (action: ParcelAction, parcel: Parcel) => void,
): RowAction<Parcel>[] {
  return usableActions(parcel, role, lookups).map((action) => ({ id: action, ...look(action, t), onClick: (row) => run(action, row) }));
}

/** The same actions as buttons (parcel drawer), plus the label. */
export function actionButtons(
  parcel: Parcel,
  role: Role,
  lookups: ParcelLookups,
  t: Translate,
  run: (action: ParcelAction, parcel: Parcel) => void,
): ReactNode {
  return (
    <>
      <LabelsButton keys={[parcel.key]} label={t('parcels.labels.printOne')} />
      {usableActions(parcel, role, lookups).map((action) => {
        const { label, icon, color } = look(action, t);
        return (
          <Button
            key={action}
            size="small"
            variant="outlined"
            color={color === 'default' || color === undefined ? 'inherit' : color}
            startIcon={icon}
            onClick={() => run(action, parcel)}
            data-testid={`drawer-action-${action}`}
          >
            {label}
          </Button>
        );
      })}
    </>
  );
}
