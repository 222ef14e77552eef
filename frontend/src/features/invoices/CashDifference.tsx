import Chip from '@mui/material/Chip';
import { formatMoney } from '../../components/money';
import { useLanguage, useT } from '../../i18n';
import '../../i18n/invoices';

/** How the counted cash compares with what was due: a shortfall, an excess, or none. */
export type DifferenceKind = 'short' | 'over' | 'even';

export function differenceKind(difference: number): DifferenceKind {
  return difference < 0 ? 'short' : difference > 0 ? 'over' : 'even';
}

const COLOURS = { short: 'error', over: 'warning', even: 'success' } as const;

/**
 * The difference between the cash counted and the total (counted − total, centimes): red
 * "Manque 5,00 DH", amber "Excédent 5,00 DH", green "Aucun écart"; "—" before counting.
 */
export function CashDifference({ difference, size = 'small' }: { difference: number | null | undefined; size?: 'small' | 'medium' }) {
  const t = useT();
  const language = useLanguage();
  if (difference === null || difference === undefined) return <>—</>;
  const kind = differenceKind(difference);
  const label =
    kind === 'even' ? t('invoices.difference.even') : t(`invoices.difference.${kind}`, { amount: formatMoney(Math.abs(difference), language) });
  return (
    <Chip
      size={size}
      color={COLOURS[kind]}
      variant={kind === 'even' ? 'outlined' : 'filled'}
      label={label}
      data-testid="invoice-difference"
      data-kind={kind}
      sx={{ fontWeight: 600 }}
    />
  );
}
