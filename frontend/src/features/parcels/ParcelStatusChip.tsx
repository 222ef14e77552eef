import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ParcelStatus } from './api';

/** The colour of each status: grey before pickup, blue on the way, green delivered, red failed. */
export function statusColor(status: ParcelStatus): ChipProps['color'] {
  switch (status) {
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

/** A parcel's status, with the label the server sends ("Livré", "Reporté"…). */
export function ParcelStatusChip({ status, label, size = 'small' }: { status: ParcelStatus; label: string; size?: ChipProps['size'] }) {
  return (
    <Chip
      size={size}
      variant={status === 'new' ? 'outlined' : 'filled'}
      color={statusColor(status)}
      label={label}
      data-testid="parcel-status"
      data-status={status}
      sx={{ fontWeight: 500 }}
    />
  );
}
