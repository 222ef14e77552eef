import Chip from '@mui/material/Chip';
import { formatMoney } from '../moneyFormat';
import { useLanguage, useT } from '../../i18n';
import { DELIVERY_PERSON_PARTY, owedBy, type BalanceParty } from './balanceParty';
import '../../i18n/invoices';

/** Which side of zero a balance is: he owes the company, it owes him, or nothing. */
export type BalanceSide = 'owes' | 'owed' | 'even';

/** The side of a balance, read with the party's sign (a delivery person's by default: positive, he owes). */
export function balanceSide(balance: number, party: Pick<BalanceParty, 'owingSign'> = DELIVERY_PERSON_PARTY): BalanceSide {
  const owed = owedBy(party, balance);
  return owed > 0 ? 'owes' : owed < 0 ? 'owed' : 'even';
}

const COLOURS = { owes: 'error', owed: 'warning', even: 'success' } as const;

/**
 * A balance (centimes, with the party's sign: a delivery person's positive when he owes the
 * company, a merchant's account negative): red « Doit 6,00 DH », amber « À lui rendre 5,00 DH »,
 * green « Aucun écart » (« À jour » for a merchant); `own` words it for him.
 */
export function BalanceChip({
  balance,
  party = DELIVERY_PERSON_PARTY,
  own = false,
  size = 'small',
  testId = 'balance',
}: {
  balance: number;
  party?: BalanceParty;
  own?: boolean;
  size?: 'small' | 'medium';
  testId?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const side = balanceSide(balance, party);
  const amount = formatMoney(Math.abs(balance), language);
  const label =
    side === 'even'
      ? t(party.texts.even)
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
