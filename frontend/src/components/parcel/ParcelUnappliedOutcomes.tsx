import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DateTimeText } from '../DateTimeText';
import { DetailField, DetailSection } from '../DetailList';
import { useT } from '../../i18n';
import { pathOf, type SessionInfo } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { useStatusLabel } from './ParcelStatusChip';
import { useListUnappliedOutcomesQuery } from './unapplied';
import { CashAtStake, ResolutionNote, UnappliedStateChip } from './UnappliedParts';
import '../../i18n/parcels';

/** The office's screen of refused outcomes (admins holding it). */
export const UNAPPLIED_ROUTE = 'unapplied-outcomes';

/**
 * For an admin holding the office's screen of refused outcomes: the parcel's outcomes that the
 * server refused from a phone's queue, open or settled, each with the cash it implies. Nothing
 * when there is none (or while it loads, or when the list cannot be read).
 */
export function ParcelUnappliedOutcomes({ parcelKey, session }: { parcelKey: string; session: SessionInfo }) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const screenPath = session.role === 'admin' ? pathOf(UNAPPLIED_ROUTE, session) : NOT_FOUND_PATH;
  const held = screenPath !== NOT_FOUND_PATH;
  const { data } = useListUnappliedOutcomesQuery({ parcel: parcelKey, per_page: 100 }, { skip: !held });
  const outcomes = data?.data ?? [];
  if (!held || outcomes.length === 0) return null;
  const open = outcomes.some((outcome) => outcome.state === 'open');
  return (
    <DetailSection title={t('unapplied.drawer.title')} testId="parcel-unapplied">
      {outcomes.map((outcome) => (
        <DetailField
          key={outcome.key}
          wide
          testId="parcel-unapplied-item"
          label={t('unapplied.drawer.item', { outcome: statusLabel(outcome.outcome, outcome.outcome_label), name: outcome.delivery_admin.full_name })}
          value={
            <Box sx={{ display: 'grid', gap: 0.5 }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <UnappliedStateChip outcome={outcome} />
                <CashAtStake centimes={outcome.cash_at_stake} />
              </Stack>
              <Typography variant="caption" color="text.secondary" component="div">
                {t('unapplied.recordedAt')} <DateTimeText value={outcome.recorded_at} />
              </Typography>
              <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {outcome.reason}
              </Typography>
              <ResolutionNote outcome={outcome} />
            </Box>
          }
        />
      ))}
      {open && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Link component={RouterLink} to={screenPath} data-testid="parcel-unapplied-open">
            {t('unapplied.drawer.settle')}
          </Link>
        </Box>
      )}
    </DetailSection>
  );
}
