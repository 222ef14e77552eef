import Chip from '@mui/material/Chip';
import { useCallback } from 'react';
import { useValueLabel, type Language } from '../../i18n';
import { formatCount } from '../../components/money';
import type { InventoryMerchantStatus, MovementState } from '../../components/inventory/api';
import '../../i18n/inventory';

const STATE_COLORS: Record<MovementState, 'warning' | 'success' | 'error'> = { pending: 'warning', validated: 'success', rejected: 'error' };
const STATUS_COLORS: Record<InventoryMerchantStatus, 'warning' | 'success' | 'default'> = { pending: 'warning', active: 'success', suspended: 'default' };

/** A movement's state in the UI's language (else as the server words it). */
export function MovementStateChip({ state, label }: { state: MovementState; label: string }) {
  const valueLabel = useValueLabel();
  return (
    <Chip size="small" variant="outlined" color={STATE_COLORS[state] ?? 'default'} label={valueLabel('inventory.state', state, label)} data-testid="movement-state" data-state={state} />
  );
}

/** A stock service's status in the UI's language (else as the server words it). */
export function ServiceStatusChip({ status, label }: { status: InventoryMerchantStatus; label: string }) {
  const valueLabel = useValueLabel();
  return (
    <Chip size="small" variant="outlined" color={STATUS_COLORS[status] ?? 'default'} label={valueLabel('inventory.status', status, label)} data-testid="service-status" data-status={status} />
  );
}

/** A movement's type (entry, exit, return, adjustment) in the UI's language. */
export function useMovementTypeLabel(): (movement: { type: string; type_label: string }) => string {
  const valueLabel = useValueLabel();
  return useCallback((movement) => valueLabel('inventory.type', movement.type, movement.type_label), [valueLabel]);
}

/** « +5 » / « −3 »: the signed change a movement makes to the stock (an exit takes away). */
export function signedQuantity(type: string, quantity: number, language: Language): string {
  return formatCount(type === 'exit' ? -quantity : quantity, language, true);
}
