import Chip from '@mui/material/Chip';
import { formatMoney } from '../money';
import { useLanguage, useT } from '../../i18n';
import '../../i18n/invoices';

/** Which side of zero a balance is: he owes the company, it owes him, or nothing. */
export type BalanceSide = 'owes' | 'owed' | 'even';

export function balanceSide(balance: number): BalanceSide {
  return balance > 0 ? 'owes' : balance < 0 ? 'owed' : 'even';
}

const COLOURS = { owes: 'error', owed: 'warning', even: 'success' } as const;

/**
 * A delivery person's balance (centimes, positive when he owes the company): red « Doit 6,00
 * DH », amber « À lui rendre 5,00 DH », green « Aucun écart »; `own` words it for him.
 */
export function BalanceChip({ balance, own = false, size = 'small', testId = 'balance' }: { balance: number; own?: boolean; size?: 'small' | 'medium'; testId?: string }) {
  const t = useT();
  const language = useLanguage();
  const side = balanceSide(balance);
  const amount = formatMoney(Math.abs(balance), language);
  const label =
    side === 'even'
      ? t('invoices.balance.even')
      : own
        ? t(side === 'owes' ? 'invoices.balance.youOwe' : 'invoices.balance.youAreOwed', { amount })
        : t(side === 'owes' ? 'invoices.balance.owes' : 'invoices.balance.owed', { amount });
  return (
    <Chip
      size={size}
      color={COLOURS[side]}
      variant={side === 'even' ? 'outlined' : 'filled'}
      label={label}
      data-testid={testId}
      data-side={side}
      sx={{ fontWeight: 600, maxWidth: '100%' }}
    />
  );
}
