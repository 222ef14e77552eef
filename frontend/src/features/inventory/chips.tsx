import Chip from '@mui/material/Chip';
import { useCallback } from 'react';
import { useValueLabel, type Language } from '../../i18n';
import { formatCount } from '../../components/money';
import type { InventoryMerchantStatus, MovementState } from '../../components/inventory/api';
import '../../i18n/inventory';

// The server types these as strings: a value this app does not know shows as the server words it.
type StateColor = 'warning' | 'success' | 'error';
type StatusColor = 'warning' | 'success' | 'default';
const STATE_COLORS: Partial<Record<string, StateColor>> = {
  pending: 'warning',
  validated: 'success',
  rejected: 'error',
} satisfies Record<MovementState, StateColor>;
const STATUS_COLORS: Partial<Record<string, StatusColor>> = {
  pending: 'warning',
  active: 'success',
  suspended: 'default',
} satisfies Record<InventoryMerchantStatus, StatusColor>;

/** A movement's state in the UI's language (else as the server words it). */
export function MovementStateChip({ state, label }: { state: string; label: string }) {
  const valueLabel = useValueLabel();
  return (
    <Chip size="small" variant="outlined" color={STATE_COLORS[state] ?? 'default'} label={valueLabel('inventory.state', state, label)} data-testid="movement-state" data-state={state} />
  );
}

/** A stock service's status in the UI's language (else as the server words it). */
export function ServiceStatusChip({ status, label }: { status: string; label: string }) {
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
