import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DateTimeText } from '../DateTimeText';
import { formatCount } from '../money';
import { formatDate, useLanguage, useT } from '../../i18n';
import type { DeliveryStatus, WebhookAttempt, WebhookDelivery } from './api';
import { DeliverySubject } from './DeliverySubject';
import '../../i18n/webhooks';

export const DELIVERY_COLORS: Record<DeliveryStatus, 'default' | 'success' | 'error'> = {
  pending: 'default',
  delivered: 'success',
  failed: 'error',
};

/** The delivery's status as a chip: « En attente », « Reçu » or « Abandonné ». */
export function DeliveryStatusChip({ status }: { status: DeliveryStatus }) {
  const t = useT();
  return <Chip size="small" color={DELIVERY_COLORS[status]} label={t(`webhooks.delivery.${status}`)} data-testid="webhook-delivery-status" />;
}

/** One attempt: when, the receiver's status (or why nothing came back), how long, and the answer's first bytes. */
function Attempt({ attempt, number }: { attempt: WebhookAttempt; number: number }) {
  const t = useT();
  const language = useLanguage();
  const code = attempt.status_code;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1 }} data-testid="webhook-attempt">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('webhooks.attemptNumber', { number })}</Typography>
        <Typography variant="body2" color="text.secondary">
          <DateTimeText value={attempt.attempted_at} />
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {code != null && (
          <Chip
            size="small"
            variant="outlined"
            color={code >= 200 && code < 300 ? 'success' : 'error'}
            label={t('webhooks.httpStatus', { code })}
            data-testid="webhook-attempt-status"
          />
        )}
        <Typography variant="body2" color="text.secondary" data-testid="webhook-attempt-latency">
          {t('webhooks.latency', { ms: formatCount(attempt.latency_ms, language) })}
        </Typography>
      </Stack>
      {attempt.error && (
        <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }} data-testid="webhook-attempt-error">
          {t('webhooks.lastError', { error: attempt.error })}
        </Typography>
      )}
      {attempt.response ? (
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('webhooks.response')}
          </Typography>
          {/* Machine text: left to right in every language, wrapped rather than scrolled sideways. */}
          <Box
            component="pre"
            dir="ltr"
            data-testid="webhook-attempt-response"
            sx={{
              m: 0,
              mt: 0.5,
              p: 1,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              fontSize: '0.8125rem',
              textAlign: 'start',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              maxHeight: 240,
              overflowY: 'auto',
            }}
          >
            {attempt.response}
          </Box>
        </Box>
      ) : (
        code !== null && (
          <Typography variant="body2" color="text.secondary">
            {t('webhooks.noResponse')}
          </Typography>
        )
      )}
    </Paper>
  );
}

/** Every attempt of one delivery, oldest first, in a dialog above the log. */
export function DeliveryAttemptsDialog({ delivery, onClose }: { delivery: WebhookDelivery; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} data-testid="webhook-attempts">
      <DialogTitle>{t('webhooks.attemptsTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{t(`webhooks.event.${delivery.event}`)}</Typography>
              <DeliverySubject delivery={delivery} />
              <DeliveryStatusChip status={delivery.status} />
            </Stack>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {t('webhooks.eventId', { id: delivery.event_id })}
            </Typography>
            {delivery.next_attempt_at && delivery.attempts > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('webhooks.nextAttempt', { at: formatDate(delivery.next_attempt_at, language, { dateStyle: 'medium', timeStyle: 'short' }) })}
              </Typography>
            )}
          </Box>
          {delivery.history.length === 0 ? (
            <Typography color="text.secondary" data-testid="webhook-attempts-empty">
              {t('webhooks.noAttempt')}
            </Typography>
          ) : (
            <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {delivery.history.map((attempt, index) => (
                <Attempt key={`${attempt.attempted_at}-${index}`} attempt={attempt} number={index + 1} />
              ))}
            </Stack>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('webhooks.historyNote')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
