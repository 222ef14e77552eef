import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { selectSessionInfo } from '../../core/session/authSlice';
import { useT } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { useWebhooksQuery } from './api';
import '../../i18n/webhooks';

/** On the merchant's dashboard: a webhook paused after 24 h of failed deliveries, until he turns it on again. */
export function PausedWebhooksNotice() {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const webhooks = useWebhooksQuery();
  const paused = (webhooks.data?.data ?? []).some((webhook) => webhook.paused_at);
  if (!paused) return null;
  return (
    <Alert
      severity="warning"
      data-testid="dashboard-webhook-paused"
      action={
        <Button color="inherit" size="small" component={RouterLink} to={pathOf('profile', session)}>
          {t('webhooks.log')}
        </Button>
      }
    >
      {t('webhooks.dashboardPaused')}
    </Alert>
  );
}
