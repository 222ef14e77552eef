import Chip, { type ChipProps } from '@mui/material/Chip';
import { useAppSelector } from '../../core/hooks';
import { selectRole } from '../../core/session/authSlice';
import { useT, type MessageKey } from '../../i18n';
import type { PayoutState } from './api';
import '../../i18n/parcels';

/** Each payout state's label and tone: amber while the delivery person holds the cash. */
const PAYOUT_STATES: Record<PayoutState, { label: MessageKey; color: ChipProps['color'] }> = {
  awaiting_cash: { label: 'parcels.payout.awaiting_cash', color: 'warning' },
  to_pay: { label: 'parcels.payout.to_pay', color: 'info' },
  paid: { label: 'parcels.payout.paid', color: 'success' },
};

/**
 * Where a delivered parcel's money stands for its merchant, beside its status: « Espèces chez le
 * livreur », « Encaissé, à verser », « Versé ». Nothing for other statuses (null), nor for a
 * delivery person (the merchant's payout is none of his round).
 */
export function ParcelPayoutChip({ state }: { state: PayoutState | null | undefined }) {
  const t = useT();
  const role = useAppSelector(selectRole);
  if (!state || role === 'delivery-admin') return null;
  const { label, color } = PAYOUT_STATES[state];
  return <Chip size="small" variant="outlined" color={color} label={t(label)} data-testid="parcel-payout" data-state={state} />;
}
