import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DateTimeText } from '../DateTimeText';
import { MoneyText } from '../MoneyText';
import { useT, type MessageKey } from '../../i18n';
import type { UnappliedOutcome, UnappliedResolution } from './unapplied';
import '../../i18n/parcels';

/**
 * The cash a refused outcome implies: the COD of a refused « Livré » (he collected it), a refund
 * he paid out (shown as paid, never as a negative amount to collect), or none.
 */
export function CashAtStake({ centimes }: { centimes: number }) {
  const t = useT();
  if (centimes === 0) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }} data-testid="cash-at-stake" data-cash="0">
        —
      </Box>
    );
  }
  const paidOut = centimes < 0;
  return (
    <Box component="span" sx={{ display: 'inline-grid', rowGap: 0.25 }} data-testid="cash-at-stake" data-cash={centimes}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        <MoneyText centimes={Math.abs(centimes)} />
      </Box>
      <Typography component="span" variant="caption" color={paidOut ? 'warning.main' : 'text.secondary'}>
        {t(paidOut ? 'unapplied.cash.paidOut' : 'unapplied.cash.collected')}
      </Typography>
    </Box>
  );
}

const RESOLUTION_COLORS: Record<UnappliedResolution, ChipProps['color']> = {
  apply: 'success',
  cash_returned: 'info',
  dismiss: 'default',
};

/** « À régler », or how the office settled it (« Appliqué », « Espèces rendues », « Écarté »). */
export function UnappliedStateChip({ outcome }: { outcome: Pick<UnappliedOutcome, 'state' | 'resolution'> }) {
  const t = useT();
  const open = outcome.state === 'open';
  const label = open
    ? t('unapplied.state.open')
    : outcome.resolution
      ? t(`unapplied.resolution.${outcome.resolution}` as MessageKey)
      : t('unapplied.state.resolved');
  return (
    <Chip
      size="small"
      variant={open ? 'filled' : 'outlined'}
      color={open ? 'warning' : outcome.resolution ? RESOLUTION_COLORS[outcome.resolution] : 'default'}
      label={label}
      data-testid="unapplied-state"
      data-state={outcome.state}
      data-resolution={outcome.resolution ?? undefined}
    />
  );
}

/** Who settled it and when, with the office's words. */
export function ResolutionNote({ outcome }: { outcome: UnappliedOutcome }) {
  const t = useT();
  if (outcome.state !== 'resolved') return null;
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }} data-testid="unapplied-resolution">
      {outcome.resolved_by_name ? `${t('unapplied.resolvedBy', { name: outcome.resolved_by_name })} · ` : ''}
      <DateTimeText value={outcome.resolved_at} />
      {outcome.resolution_comment && (
        <>
          {' · '}« <bdi>{outcome.resolution_comment}</bdi> »
        </>
      )}
    </Typography>
  );
}
