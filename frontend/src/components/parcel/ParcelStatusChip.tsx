import Chip, { type ChipProps } from '@mui/material/Chip';
import { useCallback } from 'react';
import { useValueLabel } from '../../i18n';
import type { ParcelStatus } from './api';

/**
 * A status's label in the UI's language. The labels are the parcel messages (i18n/parcels.ts),
 * which load with the parcel screens; before they have (the search box of the top bar), the
 * label the server sent is shown.
 */
export function useStatusLabel(): (status: ParcelStatus, fallback: string) => string {
  const label = useValueLabel();
  return useCallback((status, fallback) => label('parcels.status', status, fallback), [label]);
}

/**
 * The colour of each status: amber while an order waits for its confirmation, grey before
 * pickup, blue on the way, green delivered, red failed.
 */
export function statusColor(status: ParcelStatus): ChipProps['color'] {
  switch (status) {
    case 'to_confirm':
      return 'warning';
    case 'new':
    case 'awaiting_pickup':
      return 'default';
    case 'picked_up':
    case 'returning':
      return 'info';
    case 'out_for_delivery':
    case 'scheduled':
      return 'primary';
    case 'no_answer':
    case 'unreachable':
    case 'wrong_number':
    case 'postponed':
    case 'returned':
      return 'warning';
    case 'delivered':
      return 'success';
    default:
      return 'error';
  }
}

/** A parcel's status, labelled in the UI's language (else with the label the server sent). */
export function ParcelStatusChip({ status, label, size = 'small' }: { status: ParcelStatus; label: string; size?: ChipProps['size'] }) {
  const statusLabel = useStatusLabel();
  return (
    <Chip
      size={size}
      variant={status === 'new' || status === 'to_confirm' ? 'outlined' : 'filled'}
      color={statusColor(status)}
      label={statusLabel(status, label)}
      data-testid="parcel-status"
      data-status={status}
      sx={{ fontWeight: 500 }}
    />
  );
}
