import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDate, useLanguage, useT } from '../../i18n';
import type { BankAccountChangeStatus, Shop } from './api';
import { formatRib } from './rib';
import '../../i18n/payout';

const COLORS: Record<BankAccountChangeStatus, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  refused: 'error',
  replaced: 'default',
};

/** How long a decided change still shows under the RIB (the merchant's dashboard says the same). */
export const RECENT_DAYS = 30;

/** Whether a decision is recent enough to be shown to the merchant. */
export function isRecent(at: string | null | undefined, now: Date = new Date()): boolean {
  if (!at) return false;
  const time = new Date(at).getTime();
  return !Number.isNaN(time) && now.getTime() - time < RECENT_DAYS * 24 * 3600 * 1000;
}

/**
 * A shop's approved RIB (where the money goes) and, under it, its RIB change while it waits, or
 * for a while once decided: the RIB asked for and the decision (with the reason of a refusal).
 */
export function BankAccountCell({ shop }: { shop: Shop }) {
  const t = useT();
  const language = useLanguage();
  const change = shop.bank_account_change;
  const shown = change && (change.status === 'pending' || (change.status !== 'replaced' && isRecent(change.decided_at)));
  const rib = change ? formatRib(change.bank_account) : '';
  const text =
    change?.status === 'pending'
      ? t('payout.rib.pending', { rib })
      : change?.status === 'refused'
        ? t('payout.rib.refused', { reason: change.comment ?? '' })
        : change?.decided_at
          ? t('payout.rib.approved', { date: formatDate(change.decided_at, language, { dateStyle: 'medium' }) })
          : '';
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', minWidth: 0 }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="shop-rib">
        {formatRib(shop.bank_account)}
      </Box>
      {shown && change && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="rib-change" data-status={change.status}>
          <Chip size="small" color={COLORS[change.status]} variant="outlined" label={t(`payout.status.${change.status}`)} />
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {text}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
