import Grid from '@mui/material/Grid';
import { useAppSelector } from '../../core/hooks';
import { selectSessionInfo } from '../../core/session/authSlice';
import { DECISIONS_ROUTE, useListDecisionsQuery } from '../../components/decision/api';
import { useT } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { routeIcon } from '../../navigation/icons';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { countOf, FigureCard } from './FigureCard';
import '../../i18n/decisions';

/**
 * The merchant's failed deliveries waiting for his decision (issue 40), as a card opening
 * « À décider »: shown while there are some (counted with one row of the list), none otherwise.
 */
export function DecisionsCard() {
  const session = useAppSelector(selectSessionInfo);
  const path = pathOf(DECISIONS_ROUTE, session);
  if (path === NOT_FOUND_PATH) return null;
  return <HeldDecisionsCard path={path} />;
}

function HeldDecisionsCard({ path }: { path: string }) {
  const t = useT();
  const count = countOf(useListDecisionsQuery({ page: 1, per_page: 1 }));
  if (count.loading || !count.count) return null;
  return (
    <Grid container spacing={2} component="section" aria-label={t('decisions.queue.label')} data-testid="decisions-card">
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <FigureCard icon={routeIcon(DECISIONS_ROUTE)} label={t('decisions.queue.label')} hint={t('decisions.queue.hint')} count={count} to={path} testId="queue-decisions" />
      </Grid>
    </Grid>
  );
}
