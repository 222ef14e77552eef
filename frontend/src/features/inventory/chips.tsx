import Chip from '@mui/material/Chip';
import type { InventoryMerchantStatus, MovementState } from '../../components/inventory/api';

const STATE_COLORS: Record<MovementState, 'warning' | 'success' | 'error'> = { pending: 'warning', validated: 'success', rejected: 'error' };
const STATUS_COLORS: Record<InventoryMerchantStatus, 'warning' | 'success' | 'default'> = { pending: 'warning', active: 'success', suspended: 'default' };

/** A movement's state, as the server words it. */
export function MovementStateChip({ state, label }: { state: MovementState; label: string }) {
  return <Chip size="small" variant="outlined" color={STATE_COLORS[state] ?? 'default'} label={label} data-testid="movement-state" data-state={state} />;
}

/** A stock service's status, as the server words it. */
export function ServiceStatusChip({ status, label }: { status: InventoryMerchantStatus; label: string }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLORS[status] ?? 'default'} label={label} data-testid="service-status" data-status={status} />;
}

/** "+5" / "-3": the signed change a movement makes to the stock. */
export function signedQuantity(type: string, quantity: number): string {
  if (type === 'exit') return `−${quantity}`;
  if (type === 'adjustment') return quantity > 0 ? `+${quantity}` : `−${Math.abs(quantity)}`;
  return `+${quantity}`;
}
