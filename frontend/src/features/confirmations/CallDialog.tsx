import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { errorBody, errorStatus } from '../../core/api';
import { localDateTime, rfc3339FromLocal } from '../../components/dates';
import type { CustomFieldProps, FieldDef, FormValues } from '../../components/form/fields';
import { FormDialog } from '../../components/form/FormDialog';
import { normalizeMoroccanPhone } from '../../components/form/phone';
import { FormTextField } from '../../components/FormTextField';
import type { Parcel } from '../../components/parcel/api';
import { useT, type MessageKey } from '../../i18n';
import { useRecordCallMutation, type ConfirmationBody, type ConfirmationOutcome, type ConfirmationResult } from './api';
import '../../i18n/confirmations';

interface CallValues extends FormValues {
  recipient_phone: string;
  address: string;
  /** Centimes (typed in DH): the cash to collect, corrected within the server's 20 %. */
  cod_amount: number | null;
  comment: string;
  /** `datetime-local` (`YYYY-MM-DDTHH:mm`), empty: the company's delay. */
  retry_at: string;
}

/** What became of the call: recorded, or refused because the order is another agent's or already decided (409). */
export type CallEnd = { kind: 'recorded'; result: ConfirmationResult } | { kind: 'taken'; message: string };

/** The server's bounds (crates/confirmations). */
const ADDRESS_MAX = 255;
const COMMENT_MAX = 500;

const TEXTS: Record<ConfirmationOutcome, { title: MessageKey; intro: MessageKey; submit: MessageKey }> = {
  confirmed: { title: 'confirmations.confirmTitle', intro: 'confirmations.confirmIntro', submit: 'confirmations.confirmSubmit' },
  cancelled: { title: 'confirmations.cancelTitle', intro: 'confirmations.cancelIntro', submit: 'confirmations.cancelSubmit' },
  no_answer: { title: 'confirmations.noAnswerTitle', intro: 'confirmations.noAnswerIntro', submit: 'confirmations.noAnswerSubmit' },
  wrong_number: { title: 'confirmations.wrongNumberTitle', intro: 'confirmations.wrongNumberIntro', submit: 'confirmations.wrongNumberSubmit' },
};

/**
 * The body of a call: the outcome, its comment, and for a confirmation only the corrections (a
 * phone or an address the agent changed); a retry time as RFC 3339 with the user's offset.
 */
export function callBody(outcome: ConfirmationOutcome, values: CallValues, parcel: Parcel): ConfirmationBody {
  const body: ConfirmationBody = { outcome };
  const comment = values.comment.trim();
  if (comment) body.comment = comment;
  if (outcome === 'confirmed') {
    const phone = values.recipient_phone.trim();
    if (phone && normalizeMoroccanPhone(phone) !== normalizeMoroccanPhone(parcel.recipient_phone)) body.recipient_phone = phone;
    const address = values.address.trim();
    if (address !== parcel.address.trim()) body.address = address;
    if (values.cod_amount !== null && values.cod_amount !== parcel.cod_amount) body.cod_amount = values.cod_amount;
  }
  if (outcome === 'no_answer' && values.retry_at) body.retry_at = rfc3339FromLocal(values.retry_at);
  return body;
}

/**
 * What the agent records after a call, in a dialog: a confirmation (the phone and the address
 * prefilled, corrected if need be), a cancellation (its reason required), no answer (when to call
 * again, optional), or a wrong number. A 422 goes under its field; a 409 (another agent holds the
 * order, or it was decided meanwhile) ends the dialog with the server's message.
 */
export function CallDialog({
  parcel,
  outcome,
  open,
  onClose,
  onEnd,
}: {
  parcel: Parcel;
  outcome: ConfirmationOutcome;
  open: boolean;
  onClose: () => void;
  onEnd: (end: CallEnd) => void;
}) {
  const t = useT();
  const [record] = useRecordCallMutation();
  const texts = TEXTS[outcome];
  const comment: FieldDef<CallValues> = {
    name: 'comment',
    label: t(outcome === 'cancelled' ? 'confirmations.cancelReason' : 'confirmations.comment'),
    type: 'multiline',
    wide: true,
    required: outcome === 'cancelled',
    autoFocus: outcome === 'cancelled',
    maxLength: COMMENT_MAX,
  };
  const fields: ReadonlyArray<FieldDef<CallValues>> =
    outcome === 'confirmed'
      ? [
          { name: 'recipient_phone', label: t('confirmations.phone'), type: 'tel', required: true, wide: true, inputMode: 'tel' },
          { name: 'address', label: t('confirmations.address'), type: 'multiline', required: true, wide: true, maxLength: ADDRESS_MAX },
          { name: 'cod_amount', label: t('confirmations.amount'), type: 'money', required: true, helperText: t('confirmations.amountHelp') },
          comment,
        ]
      : outcome === 'no_answer'
        ? [
            {
              name: 'retry_at',
              label: t('confirmations.retryAtLabel'),
              type: 'custom',
              wide: true,
              helperText: t('confirmations.retryAtHelp'),
              render: (props) => <RetryAtField {...props} />,
            },
            comment,
          ]
        : [comment];

  const validate = (values: CallValues): Record<string, string> => {
    const errors: Record<string, string> = {};
    if (outcome === 'cancelled' && !values.comment.trim()) errors.comment = t('confirmations.cancelReasonRequired');
    if (outcome === 'confirmed' && !values.address.trim()) errors.address = t('confirmations.addressRequired');
    if (outcome === 'no_answer' && values.retry_at) {
      const at = rfc3339FromLocal(values.retry_at);
      if (!at || Date.parse(at) <= Date.now()) errors.retry_at = t('confirmations.retryAtPast');
    }
    return errors;
  };

  const submit = async (values: CallValues): Promise<CallEnd> => {
    try {
      return { kind: 'recorded', result: await record({ parcel: parcel.key, body: callBody(outcome, values, parcel) }).unwrap() };
    } catch (error) {
      // Another agent's now, or decided meanwhile (404: it left the queue): the agent moves on.
      const status = errorStatus(error);
      if (status === 409 || status === 404) return { kind: 'taken', message: errorBody(error)?.message ?? t('error.generic') };
      throw error;
    }
  };

  return (
    <FormDialog<CallValues>
      open={open}
      title={t(texts.title, { code: parcel.key })}
      intro={t(texts.intro)}
      fields={fields}
      initialValues={{ recipient_phone: parcel.recipient_phone, address: parcel.address, cod_amount: parcel.cod_amount, comment: '', retry_at: '' }}
      validate={validate}
      onSubmit={submit}
      onSaved={(end) => onEnd(end as CallEnd)}
      onClose={onClose}
      submitLabel={t(texts.submit)}
      // Not « Annuler » beside « Annuler la commande ».
      cancelLabel={t('common.back')}
      testId={`call-dialog-${outcome}`}
    />
  );
}

/** When to call again: a date and time, or one of two quick choices (in an hour, tomorrow at 10:00). */
function RetryAtField({ name, label, value, onChange, error, helperText, disabled }: CustomFieldProps) {
  const t = useT();
  const inOneHour = () => {
    const moment = new Date();
    moment.setMinutes(moment.getMinutes() + 60);
    onChange(localDateTime(moment));
  };
  const tomorrowMorning = () => {
    const moment = new Date();
    moment.setDate(moment.getDate() + 1);
    moment.setHours(10, 0, 0, 0);
    onChange(localDateTime(moment));
  };
  return (
    <Stack spacing={1}>
      <FormTextField
        type="datetime-local"
        name={name}
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error || helperText}
        disabled={disabled}
        shrinkLabel
        inputProps={{ min: localDateTime(new Date()) }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button size="small" variant="outlined" onClick={inOneHour} disabled={disabled} data-testid="retry-in-hour">
          {t('confirmations.retryInHour')}
        </Button>
        <Button size="small" variant="outlined" onClick={tomorrowMorning} disabled={disabled} data-testid="retry-tomorrow">
          {t('confirmations.retryTomorrow')}
        </Button>
      </Stack>
    </Stack>
  );
}
