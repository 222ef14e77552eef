import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { errorStatus } from '../../core/api';
import { tomorrow } from '../../components/dates';
import { DecisionDateField, dayText, isReattemptDay } from '../../components/decision/DecisionDateField';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import { failureMessage } from '../../components/form/failureMessage';
import { Form } from '../../components/form/Form';
import { submitErrors } from '../../components/form/submitErrors';
import { FormTextField } from '../../components/FormTextField';
import { formatDate, useLanguage, useT } from '../../i18n';
import { useRecipientDecisionMutation, type RecipientDecisionBody, type RetryAfter, type Tracking } from './api';
import '../../i18n/decisions';
import '../../i18n/parcels';

type Field = 'phone_last4' | 'date' | 'note';
const FIELDS: ReadonlyArray<{ name: Field }> = [{ name: 'phone_last4' }, { name: 'date' }, { name: 'note' }];

/** The server's length limit of the note for the delivery person. */
const NOTE_MAX = 300;

/** A large control, easy to hit with a thumb (the page is read on phones). */
const TOUCH = { minHeight: 56, fontSize: '1rem' } as const;

interface Props {
  code: string;
  tracking: Tracking;
  /** The choice is recorded: the thank-you to show (the tracking shown is already the new one). */
  onDecided: (message: string) => void;
  /** Nothing waits for a choice any more (409): what to say; the page looks the parcel up again. */
  onStale: (message: string) => void;
}

/**
 * After a failed attempt (`decision_until` set), the recipient's choice on the public tracking
 * page: the last four digits of his phone, then another day (and a word for the delivery
 * person), or he no longer wants the parcel (after a confirmation). Wrong digits answer as an
 * unknown code; five wrong tries in 15 minutes make him wait.
 */
export function RecipientDecisionCard({ code, tracking, onDecided, onStale }: Props) {
  const t = useT();
  const language = useLanguage();
  const titleId = useId();
  const [decide, { isLoading: busy }] = useRecipientDecisionMutation();
  const [digits, setDigits] = useState('');
  const [later, setLater] = useState(false);
  const [date, setDate] = useState(tomorrow);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const change = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** The checks before sending (messages by field; none: fine). */
  const check = (action: RecipientDecisionBody['action']): boolean => {
    const found: Partial<Record<Field, string>> = {};
    if (!/^\d{4}$/.test(digits)) found.phone_last4 = t('decisions.recipient.digitsInvalid');
    if (action === 'reattempt' && !isReattemptDay(date)) found.date = t('decisions.dateInvalid');
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  /** Sends the choice; says what went wrong (never throws: the confirmation closes either way). */
  const send = async (action: RecipientDecisionBody['action']) => {
    setFailure(null);
    const body: RecipientDecisionBody = { phone_last4: digits, action };
    if (action === 'reattempt') {
      body.date = date;
      if (note.trim()) body.note = note.trim();
    }
    try {
      await decide({ code, body }).unwrap();
      onDecided(action === 'reattempt' ? t('decisions.recipient.thanks', { date: dayText(date, language) }) : t('decisions.recipient.thanksCancel'));
    } catch (error) {
      const status = errorStatus(error);
      if (status === 404) {
        setErrors({ phone_last4: ' ' });
        setFailure(t('decisions.recipient.wrong'));
      } else if (status === 429) {
        const seconds = (error as RetryAfter).retryAfter;
        setFailure(seconds ? t('decisions.recipient.tooMany', { minutes: Math.max(1, Math.ceil(seconds / 60)) }) : t('decisions.recipient.tooManySoon'));
      } else if (status === 409) {
        onStale(t('decisions.recipient.stale'));
      } else if (status === 422) {
        const found = submitErrors(error, FIELDS, t);
        setErrors(found.fields);
        setFailure(found.form);
      } else {
        setFailure(failureMessage(error, t));
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!busy && check('reattempt')) await send('reattempt');
  };

  const until = tracking.decision_until ? formatDate(tracking.decision_until, language, { dateStyle: 'full', timeStyle: 'short' }) : '';
  return (
    <Card variant="outlined" sx={{ mt: 3, borderColor: 'warning.main', borderWidth: 2 }} component="section" aria-labelledby={titleId} data-testid="recipient-decision">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Form onSubmit={submit}>
          <Stack spacing={2.5}>
            <div>
              <Typography variant="h6" component="h2" id={titleId} sx={{ fontWeight: 600 }}>
                {t('decisions.recipient.title')}
              </Typography>
              {until && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="recipient-decision-until">
                  {t('decisions.recipient.intro', { until })}
                </Typography>
              )}
            </div>
            {failure && (
              <Alert severity="error" data-testid="recipient-decision-error">
                {failure}
              </Alert>
            )}
            <FormTextField
              name="phone_last4"
              label={t('decisions.recipient.digits')}
              value={digits}
              onChange={(event) => change('phone_last4', setDigits)(event.target.value.replace(/\D/g, '').slice(0, 4))}
              error={Boolean(errors.phone_last4)}
              helperText={errors.phone_last4?.trim() || t('decisions.recipient.digitsHelp')}
              required
              disabled={busy}
              autoComplete="off"
              inputProps={{
                inputMode: 'numeric',
                pattern: '[0-9]*',
                maxLength: 4,
                dir: 'ltr',
                'data-testid': 'decision-digits',
                style: { fontSize: '1.5rem', letterSpacing: '0.4em', fontFamily: 'monospace' },
              }}
            />
            <Typography variant="subtitle2" component="h3">
              {t('decisions.recipient.choice')}
            </Typography>
            <Stack spacing={1.5}>
              <Button
                variant={later ? 'contained' : 'outlined'}
                size="large"
                fullWidth
                startIcon={<EventAvailableOutlined />}
                aria-pressed={later}
                aria-expanded={later}
                onClick={() => setLater((open) => !open)}
                disabled={busy}
                sx={TOUCH}
                data-testid="decision-later"
              >
                {t('decisions.recipient.reattempt')}
              </Button>
              {later && (
                <Stack spacing={2.5} sx={{ pt: 1, pb: 1 }} data-testid="decision-later-form">
                  <DecisionDateField
                    name="date"
                    label={t('decisions.recipient.date')}
                    value={date}
                    onChange={change('date', setDate)}
                    helperText={t('decisions.recipient.dateHelp')}
                    error={errors.date}
                    disabled={busy}
                    testId="decision-date"
                  />
                  <FormTextField
                    name="note"
                    label={t('decisions.recipient.note')}
                    value={note}
                    onChange={(event) => change('note', setNote)(event.target.value)}
                    error={Boolean(errors.note)}
                    helperText={errors.note || t('decisions.recipient.noteHelp')}
                    multiline
                    minRows={2}
                    disabled={busy}
                    inputProps={{ maxLength: NOTE_MAX, 'data-testid': 'decision-note' }}
                  />
                  <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    fullWidth
                    disabled={busy}
                    startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
                    sx={TOUCH}
                    data-testid="decision-submit"
                  >
                    {t('decisions.recipient.submit')}
                  </Button>
                </Stack>
              )}
              <Button
                variant="outlined"
                color="error"
                size="large"
                fullWidth
                startIcon={<DoNotDisturbOnOutlined />}
                onClick={() => {
                  if (check('cancel')) setConfirming(true);
                }}
                disabled={busy}
                sx={TOUCH}
                data-testid="decision-cancel"
              >
                {t('decisions.recipient.cancel')}
              </Button>
            </Stack>
          </Stack>
        </Form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('decisions.recipient.cancelTitle')}
        body={t('decisions.recipient.cancelHint')}
        confirmLabel={t('decisions.recipient.cancelConfirm')}
        cancelLabel={t('common.back')}
        color="error"
        onConfirm={() => send('cancel')}
        onClose={() => setConfirming(false)}
        testId="decision-cancel-dialog"
      />
    </Card>
  );
}
