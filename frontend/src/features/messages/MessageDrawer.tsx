import Close from '@mui/icons-material/Close';
import Send from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateTimeText } from '../../components/DateTimeText';
import { DetailField, DetailSection } from '../../components/DetailList';
import { Ltr } from '../../components/Ltr';
import { MIRROR_IN_RTL } from '../../components/mirror';
import { failureMessage } from '../../components/form/failureMessage';
import { kindLabel } from '../../components/message/kinds';
import type { Notify } from '../../components/NoticeSnackbar';
import { formatCount } from '../../components/money';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { useResendMessageMutation, type MessageAttempt, type SentMessage } from './api';
import { MessageStatusChip } from './MessageStatusChip';
import '../../i18n/outbound';
import '../../i18n/screens';

/** The words of a language code (« Français »), or the code as it is. */
function useLanguageName(): (code: string) => string {
  const t = useT();
  return (code) => {
    const key = `language.${code}` as MessageKey;
    const name = t(key);
    return name === key ? code : name;
  };
}

/** One attempt: its number, when, how long, and the error the server sending it answered. */
function Attempt({ attempt, number }: { attempt: MessageAttempt; number: number }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5 }} data-testid="message-attempt">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('sentMessages.attemptNumber', { number })}</Typography>
        <Typography variant="body2" color="text.secondary">
          <DateTimeText value={attempt.attempted_at} />
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="body2" color="text.secondary">
          {t('sentMessages.latency', { ms: formatCount(attempt.latency_ms, language) })}
        </Typography>
      </Stack>
      {attempt.error ? (
        // The server's words (SMTP's answer): left to right in every language, wrapped.
        <Typography variant="body2" color="error" dir="ltr" sx={{ overflowWrap: 'anywhere', textAlign: 'start' }} data-testid="message-attempt-error">
          {attempt.error}
        </Typography>
      ) : (
        <Typography variant="body2" color="success.main">
          {t('sentMessages.accepted')}
        </Typography>
      )}
    </Paper>
  );
}

interface Props {
  /** The message shown; null: the drawer is closed. */
  message: SentMessage | null;
  onClose: () => void;
  /** After « Renvoyer »: the copy queued (the drawer shows it), for the screen's notice. */
  onResent: (copy: SentMessage) => void;
  notify: Notify;
}

/** A message's details and every attempt to send it, in a side panel (the whole screen on a phone). */
export function MessageDrawer({ message, onClose, onResent, notify }: Props) {
  const t = useT();
  const languageName = useLanguageName();
  const [resend, { isLoading }] = useResendMessageMutation();

  const send = async () => {
    if (!message) return;
    try {
      const { data } = await resend(message.key).unwrap();
      onResent(data);
    } catch (failure) {
      notify(failureMessage(failure, t), 'error');
    }
  };

  return (
    <Drawer anchor="right" open={message !== null} onClose={onClose} data-testid="message-drawer">
      <Box sx={{ width: { xs: '100vw', sm: 560 }, maxWidth: '100vw', boxSizing: 'border-box', p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 2, gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {message ? t('sentMessages.details', { recipient: message.recipient }) : ''}
            </Typography>
            {message && (
              <Typography variant="body2" color="text.secondary">
                {kindLabel(t, message.kind)} · {t(`outbound.channel.${message.channel}` as MessageKey)}
              </Typography>
            )}
          </Box>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
        </Stack>
        {message && (
          <Box sx={{ display: 'grid', gap: 3 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <MessageStatusChip status={message.status} />
              <Box sx={{ flexGrow: 1 }} />
              <Button variant="contained" startIcon={<Send {...MIRROR_IN_RTL} />} onClick={() => void send()} disabled={isLoading} data-testid="message-resend">
                {t('sentMessages.resend')}
              </Button>
            </Stack>
            <Typography variant="caption" color="text.secondary" sx={{ mt: -2 }}>
              {t('sentMessages.resendHelp')}
            </Typography>
            {message.last_error && message.status !== 'sent' && (
              <Alert severity={message.status === 'failed' ? 'error' : 'warning'} data-testid="message-last-error">
                <strong>{t('sentMessages.lastError')}</strong>
                <Box component="span" dir="ltr" sx={{ display: 'block', overflowWrap: 'anywhere', textAlign: 'start' }}>
                  {message.last_error}
                </Box>
              </Alert>
            )}
            <DetailSection title={t('sentMessages.section')} testId="message-details">
              <DetailField label={t('sentMessages.recipient')} value={<Ltr>{message.recipient}</Ltr>} wide />
              <DetailField label={t('sentMessages.subject')} value={message.subject ?? t('sentMessages.noSubject')} wide />
              <DetailField label={t('sentMessages.language')} value={languageName(message.language)} />
              <DetailField label={t('sentMessages.attempts')} value={t('sentMessages.attemptCount', { count: message.attempts })} />
              <DetailField label={t('sentMessages.createdAt')} value={<DateTimeText value={message.created_at} />} />
              <DetailField label={t('sentMessages.sentAt')} value={<DateTimeText value={message.sent_at} />} />
              {message.status === 'pending' && message.next_attempt_at && (
                <DetailField label={t('sentMessages.nextAttempt')} value={<DateTimeText value={message.next_attempt_at} />} />
              )}
            </DetailSection>
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('sentMessages.history')}
              </Typography>
              {message.history.length === 0 ? (
                <Typography color="text.secondary" data-testid="message-no-attempt">
                  {t('sentMessages.noAttempt')}
                </Typography>
              ) : (
                <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {message.history.map((attempt, index) => (
                    <Attempt key={`${attempt.attempted_at}-${index}`} attempt={attempt} number={index + 1} />
                  ))}
                </Stack>
              )}
            </Box>
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
