import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { useT } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import { DateTimeText } from '../DateTimeText';
import { useListActivitiesQuery } from './api';
import '../../i18n/support';
import { MIRROR_IN_RTL } from '../mirror';

/** Number of activities on a dashboard. */
export const RECENT_ACTIVITIES = 10;

/**
 * « Activité récente »: the caller's last activities within his scope (GET /api/activities?mine=true),
 * each kind by its label in the UI's language (the server's, fetched again when the language changes).
 */
export function RecentActivity() {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const { data, isLoading, isError } = useListActivitiesQuery(
    { mine: true, per_page: RECENT_ACTIVITIES },
    { refetchOnMountOrArgChange: true },
  );
  const logPath = session.role === 'admin' ? pathOf('activities', session) : NOT_FOUND_PATH;
  if (isError) return null;
  const rows = data?.data ?? [];
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }} data-testid="recent-activity">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('activities.recent')}
        </Typography>
        {logPath !== NOT_FOUND_PATH && (
          <Button component={RouterLink} to={logPath} endIcon={<ArrowForward {...MIRROR_IN_RTL} />} size="small" data-testid="activity-log-link">
            {t('activities.all')}
          </Button>
        )}
      </Stack>
      {isLoading ? (
        <Box data-testid="recent-activity-loading">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Box>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="recent-activity-empty">
          {t('activities.recentEmpty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {rows.slice(0, RECENT_ACTIVITIES).map((activity) => (
            <ListItem key={activity.key} disableGutters divider data-testid="recent-activity-row">
              <ListItemText
                primary={
                  <>
                    {activity.action_label}
                    {(activity.subject_code ?? activity.subject_key) && (
                      <Box component="bdi" sx={{ fontFamily: 'monospace', fontWeight: 600, ml: 1 }}>
                        {activity.subject_code ?? activity.subject_key}
                      </Box>
                    )}
                  </>
                }
                secondary={
                  <>
                    {activity.user?.name ?? t('activities.system')} · <DateTimeText value={activity.created_at} />
                  </>
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}
