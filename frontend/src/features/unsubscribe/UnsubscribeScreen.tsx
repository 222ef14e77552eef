import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorStatus, type RetryAfter } from '../../core/api';
import { useT, type Translate } from '../../i18n';
import { useStopRecipientMessagesMutation } from './api';
import '../../i18n/unsubscribe';

type Outcome = { kind: 'done' } | { kind: 'invalid' } | { kind: 'failed'; message: string } | null;

/** What a refusal other than 404 says: how long to wait (429 and `Retry-After`), the network, or try again. */
function failure(error: unknown, t: Translate): string {
  const status = errorStatus(error);
  if (status === 429) {
    const seconds = (error as RetryAfter).retryAfter;
    return seconds ? t('unsubscribe.tooMany', { minutes: Math.max(1, Math.ceil(seconds / 60)) }) : t('unsubscribe.tooManySoon');
  }
  return status === 'FETCH_ERROR' ? t('error.network') : t('unsubscribe.error');
}

/**
 * /desinscription/{key}: the link at the end of a parcel recipient's SMS or WhatsApp message. One
 * question, one button; the STOP is sent only when he presses it (a link's preview opening the
 * page stops nothing). No session: the key is the proof. 404: « Ce lien n'est pas valable ».
 */
export default function UnsubscribeScreen() {
  const t = useT();
  const { key = '' } = useParams();
  const [stop, { isLoading }] = useStopRecipientMessagesMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async () => {
    setOutcome(null);
    try {
      await stop(key).unwrap();
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome(errorStatus(error) === 404 ? { kind: 'invalid' } : { kind: 'failed', message: failure(error, t) });
    }
  };

  return (
    <Card sx={{ width: '100%', maxWidth: 440 }} data-testid="unsubscribe-card">
      <CardContent sx={{ p: { xs: 3, sm: 4.5 }, '&:last-child': { pb: { xs: 3, sm: 4.5 } } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('route.unsubscribe')}
        </Typography>
        {outcome?.kind === 'done' ? (
          <Alert severity="success" role="status" data-testid="unsubscribe-done">
            {t('unsubscribe.done')}
          </Alert>
        ) : outcome?.kind === 'invalid' ? (
          <Alert severity="warning" role="status" data-testid="unsubscribe-invalid">
            <AlertTitle>{t('unsubscribe.invalid')}</AlertTitle>
            {t('unsubscribe.invalidHint')}
          </Alert>
        ) : (
          <Stack spacing={2.5}>
            <Typography sx={{ fontWeight: 600 }}>{t('unsubscribe.question')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('unsubscribe.explain')}
            </Typography>
            {outcome?.kind === 'failed' && (
              <Alert severity="error" data-testid="unsubscribe-error">
                {outcome.message}
              </Alert>
            )}
            <Button variant="contained" size="large" fullWidth disabled={isLoading} onClick={() => void submit()} data-testid="unsubscribe-submit">
              {t('unsubscribe.submit')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
