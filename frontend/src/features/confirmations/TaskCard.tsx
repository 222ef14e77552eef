import CallOutlined from '@mui/icons-material/CallOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import PhoneDisabledOutlined from '@mui/icons-material/PhoneDisabledOutlined';
import PhoneMissedOutlined from '@mui/icons-material/PhoneMissedOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { DateTimeText } from '../../components/DateTimeText';
import { DetailField, DetailSection } from '../../components/DetailList';
import { Ltr } from '../../components/Ltr';
import { MoneyText } from '../../components/MoneyText';
import { PhoneLink } from '../../components/PhoneLink';
import { ParcelStatusChip } from '../../components/parcel/ParcelStatusChip';
import { RecipientHistoryBadge } from '../../components/parcel/RecipientHistoryBadge';
import { formatDate, isolateLtr, useLanguage, useT, type MessageKey } from '../../i18n';
import type { CallView, ConfirmationOutcome, ConfirmationTask } from './api';
import { orderSummary, whatsAppLink } from './contact';
import '../../i18n/confirmations';

/** Each outcome's button: its label (« Annulée par le destinataire »), icon and tone. */
export const OUTCOME_BUTTONS: ReadonlyArray<{ outcome: ConfirmationOutcome; icon: ReactNode; color: ButtonProps['color']; variant: ButtonProps['variant'] }> = [
  { outcome: 'confirmed', icon: <CheckCircleOutlined />, color: 'success', variant: 'contained' },
  { outcome: 'cancelled', icon: <CancelOutlined />, color: 'error', variant: 'outlined' },
  { outcome: 'no_answer', icon: <PhoneMissedOutlined />, color: 'warning', variant: 'outlined' },
  { outcome: 'wrong_number', icon: <PhoneDisabledOutlined />, color: 'inherit', variant: 'outlined' },
];

export function outcomeLabel(outcome: ConfirmationOutcome): MessageKey {
  return `confirmations.outcome.${outcome}`;
}

/**
 * The order an agent holds, as he says it on the phone: the recipient (a big call button, a
 * WhatsApp message with the order summed up), the order, the calls before his, the time he still
 * holds it; then the four outcomes of his call.
 */
export function TaskCard({ task, onOutcome, onTakeAgain }: { task: ConfirmationTask; onOutcome: (outcome: ConfirmationOutcome) => void; onTakeAgain: () => void }) {
  const t = useT();
  const language = useLanguage();
  const parcel = task.parcel;
  const whatsapp = whatsAppLink(parcel.recipient_phone, orderSummary(parcel, t, language));
  const phone = isolateLtr(parcel.recipient_phone, language);
  return (
    <Stack spacing={2} data-testid="confirmation-task" data-parcel={parcel.key}>
      <Card>
        <CardContent>
          <Stack spacing={2.5}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace', letterSpacing: '0.05em', mr: 'auto' }} data-testid="confirmation-code">
                <Ltr>{parcel.key}</Ltr>
              </Typography>
              <ParcelStatusChip status={parcel.status} label={parcel.status_label} />
              <Chip size="small" variant="outlined" label={t('confirmations.callNumber', { number: task.tries + 1 })} data-testid="confirmation-call-number" />
            </Box>
            <LeaseCountdown until={task.leased_until} onTakeAgain={onTakeAgain} />

            <Box>
              <Typography variant="overline" color="text.secondary">
                {t('confirmations.recipient')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography variant="h5" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="confirmation-recipient">
                  <bdi>{parcel.recipient_name}</bdi>
                </Typography>
                <RecipientHistoryBadge history={parcel.recipient_history} />
              </Box>
            </Box>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, max-content))' } }}>
              <Button component="a" href={`tel:${parcel.recipient_phone}`} variant="contained" size="large" startIcon={<CallOutlined />} data-testid="confirmation-call">
                {t('confirmations.call', { phone })}
              </Button>
              {whatsapp && (
                <Button
                  component="a"
                  href={whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="outlined"
                  color="success"
                  size="large"
                  startIcon={<WhatsApp />}
                  aria-label={t('confirmations.whatsappLabel', { phone })}
                  data-testid="confirmation-whatsapp"
                >
                  {t('confirmations.whatsapp')}
                </Button>
              )}
            </Box>
            {parcel.recipient_phone_alt && (
              <Typography variant="body2" data-testid="confirmation-phone-alt">
                {t('confirmations.phoneAlt')} <PhoneLink phone={parcel.recipient_phone_alt} />
              </Typography>
            )}

            <DetailSection title={t('confirmations.order')} testId="confirmation-order">
              <DetailField label={t('confirmations.product')} value={parcel.product} />
              <DetailField label={t('confirmations.quantity')} value={String(parcel.quantity)} />
              <DetailField label={t('confirmations.amount')} value={<MoneyText centimes={parcel.cod_amount} />} />
              <DetailField label={t('confirmations.city')} value={parcel.city_name} />
              <DetailField label={t('confirmations.address')} value={parcel.address} wide testId="confirmation-address" />
              <DetailField label={t('confirmations.merchant')} value={parcel.client_name} />
              <DetailField label={t('confirmations.shop')} value={parcel.shop_name} />
              {parcel.reference && <DetailField label={t('confirmations.reference')} value={parcel.reference} />}
              {parcel.note && <DetailField label={t('confirmations.note')} value={parcel.note} wide />}
              <DetailField label={t('confirmations.queuedAt')} value={<DateTimeText value={task.queued_at} />} />
              <DetailField label={t('confirmations.stats.calls')} value={t('confirmations.tries', { tries: task.tries, max: task.max_tries })} testId="confirmation-tries" />
            </DetailSection>

            <EarlierCalls calls={task.calls} />
          </Stack>
        </CardContent>
      </Card>

      <Box component="section" aria-labelledby="confirmation-outcomes-title">
        <Typography variant="subtitle2" component="h3" id="confirmation-outcomes-title" sx={{ mb: 1 }}>
          {t('confirmations.outcomes')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
          {OUTCOME_BUTTONS.map((button) => (
            <Button
              key={button.outcome}
              size="large"
              variant={button.variant}
              color={button.color}
              startIcon={button.icon}
              onClick={() => onOutcome(button.outcome)}
              sx={{ minHeight: 56, lineHeight: 1.25 }}
              data-testid={`outcome-${button.outcome}`}
            >
              {t(outcomeLabel(button.outcome))}
            </Button>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

/** The calls before this one, oldest first: outcome, agent, when, the comment and the retry asked. */
function EarlierCalls({ calls }: { calls: readonly CallView[] }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('confirmations.calls')}
      </Typography>
      {calls.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="confirmation-no-calls">
          {t('confirmations.noCalls')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1.5 }} data-testid="confirmation-calls">
          {calls.map((call, index) => (
            <Box component="li" key={`${call.at}-${index}`} data-testid="confirmation-call-entry" data-outcome={call.outcome}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('confirmations.callBy', { outcome: t(outcomeLabel(call.outcome)), agent: call.agent })}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                <DateTimeText value={call.at} />
                {call.retry_at && ` · ${t('confirmations.retryAt', { date: formatDate(call.retry_at, language, { dateStyle: 'medium', timeStyle: 'short' }) })}`}
              </Typography>
              {call.comment && (
                <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                  « <bdi>{call.comment}</bdi> »
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * How long the agent still holds the order (10 minutes from taking it), counted down each second;
 * once run out another agent may take it: he takes it back (or gets the next one).
 */
function LeaseCountdown({ until, onTakeAgain }: { until: string; onTakeAgain: () => void }) {
  const t = useT();
  const language = useLanguage();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, Date.parse(until) - now);
  if (left === 0) {
    return (
      <Alert
        severity="warning"
        data-testid="confirmation-lease-expired"
        action={
          <Link component="button" onClick={onTakeAgain}>
            {t('confirmations.leaseTake')}
          </Link>
        }
      >
        {t('confirmations.leaseExpired')}
      </Alert>
    );
  }
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor(left / 1000) % 60;
  return (
    <Box>
      <Chip
        size="small"
        icon={<TimerOutlined />}
        color={left < 120_000 ? 'warning' : 'default'}
        label={t('confirmations.lease', { time: isolateLtr(`${minutes}:${String(seconds).padStart(2, '0')}`, language) })}
        data-testid="confirmation-lease"
      />
    </Box>
  );
}
