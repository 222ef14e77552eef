// The three decisions on a failed attempt, each a form dialog: another attempt on a day, another
// attempt with new contact details, or the return (PUT /api/parcels/{key}/decision).
import Typography from '@mui/material/Typography';
import { errorBody, errorStatus } from '../../core/api';
import { FormDialog } from '../../components/form/FormDialog';
import type { FieldDef, FormValues } from '../../components/form/fields';
import { normalizeMoroccanPhone } from '../../components/form/phone';
import { tomorrow } from '../../components/dates';
import { DecisionDateField, dayText, isReattemptDay } from '../../components/decision/DecisionDateField';
import { useDecideParcelMutation, type DecisionAction, type DecisionBody, type DecisionRow } from '../../components/decision/api';
import { useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import type { NoticeSeverity } from '../../components/NoticeSnackbar';
import { useLanguage, useT } from '../../i18n';
import '../../i18n/decisions';
import '../../i18n/parcels';
import '../../i18n/screens';

interface DecisionValues extends FormValues {
  date: string;
  recipient_phone: string;
  address: string;
  comment: string;
}

/** What came of a submit: decided, or the parcel waited for no decision any more (409). */
type Outcome = { decided: true; postponedTo: string | null } | { decided: false; message: string | null };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The body of a decision: only what the action takes; for new details, only the ones changed. */
export function decisionBody(action: DecisionAction, values: DecisionValues, row: DecisionRow): DecisionBody {
  const comment = text(values.comment);
  const body: DecisionBody = { action };
  if (action !== 'return') body.date = values.date;
  if (action === 'update') {
    const phone = text(values.recipient_phone);
    const address = text(values.address);
    // The same number written otherwise (spaces, +212) is no new number.
    const same = (normalizeMoroccanPhone(phone) ?? phone) === (normalizeMoroccanPhone(row.parcel.recipient_phone) ?? row.parcel.recipient_phone);
    if (phone && !same) body.recipient_phone = phone;
    if (address && address !== row.parcel.address) body.address = address;
  }
  if (comment) body.comment = comment;
  return body;
}

interface Props {
  action: DecisionAction;
  row: DecisionRow;
  open: boolean;
  onClose: () => void;
  notify: (message: string, severity?: NoticeSeverity) => void;
  /** The parcel was decided meanwhile (409): the list is asked again. */
  onStale: () => void;
}

/** One decision on one parcel, with its fields; the server's 422 messages go under them. */
export function DecisionDialog({ action, row, open, onClose, notify, onStale }: Props) {
  const t = useT();
  const language = useLanguage();
  const statusLabel = useStatusLabel();
  const [decide] = useDecideParcelMutation();
  const { parcel, decision } = row;
  const code = parcel.key;
  const outcome = statusLabel(decision.outcome, parcel.status === decision.outcome ? parcel.status_label : decision.outcome);

  const dateField: FieldDef<DecisionValues> = {
    name: 'date',
    label: t('decisions.date'),
    type: 'custom',
    required: true,
    wide: true,
    helperText: t('decisions.dateHelp'),
    render: (props) => (
      <DecisionDateField
        name={props.name}
        label={props.label}
        value={String(props.value ?? '')}
        onChange={props.onChange}
        helperText={props.helperText}
        error={props.error}
        disabled={props.disabled}
        testId="decision-date"
      />
    ),
  };
  const commentField: FieldDef<DecisionValues> = {
    name: 'comment',
    label: t('decisions.comment'),
    helperText: action === 'return' ? undefined : t('decisions.commentHelp'),
    type: 'multiline',
    wide: true,
    maxLength: 500,
    autoFocus: action === 'return',
  };
  const fields: ReadonlyArray<FieldDef<DecisionValues>> =
    action === 'return'
      ? [commentField]
      : action === 'update'
        ? [
            { name: 'recipient_phone', label: t('parcels.phone'), type: 'tel', inputMode: 'tel', autoFocus: true },
            { name: 'address', label: t('parcels.address'), required: true, maxLength: 255 },
            dateField,
            commentField,
          ]
        : [dateField, commentField];

  const title =
    action === 'return'
      ? t('decisions.returnTitle', { code })
      : action === 'update'
        ? t('decisions.updateTitle', { code })
        : t('decisions.reattemptTitle', { code });
  const intro = [
    t('decisions.dialogIntro', { name: parcel.recipient_name, outcome }),
    action === 'update' ? t('decisions.updateIntro') : action === 'return' ? t('decisions.returnBody') : null,
  ].filter(Boolean);

  return (
    <FormDialog<DecisionValues>
      open={open}
      title={title}
      testId={`decision-${action}-dialog`}
      intro={
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="decision-intro">
          {intro.join(' ')}
        </Typography>
      }
      initialValues={{ date: tomorrow(), recipient_phone: parcel.recipient_phone, address: parcel.address, comment: '' }}
      fields={fields}
      validate={(values) => {
        const errors: Record<string, string> = {};
        if (action !== 'return' && !isReattemptDay(values.date)) errors.date = t('decisions.dateInvalid');
        if (action === 'update') {
          const body = decisionBody(action, values, row);
          if (!text(values.address)) errors.address = t('decisions.addressRequired');
          else if (body.recipient_phone === undefined && body.address === undefined) errors.address = t('decisions.updateNothing');
        }
        return errors;
      }}
      submitLabel={action === 'return' ? t('decisions.returnConfirm') : t('decisions.schedule')}
      // Not « Annuler » next to « Retourner le colis ».
      cancelLabel={action === 'return' ? t('common.back') : undefined}
      onSubmit={async (values): Promise<Outcome> => {
        try {
          const answer = await decide({ key: code, body: decisionBody(action, values, row) }).unwrap();
          return { decided: true, postponedTo: answer.data.postponed_to ?? (action === 'return' ? null : values.date) };
        } catch (error) {
          // Decided meanwhile (by the recipient, another user, the company's default): nothing
          // to fix in the form, the row is gone.
          if (errorStatus(error) === 409) return { decided: false, message: errorBody(error)?.message ?? null };
          throw error;
        }
      }}
      onSaved={(result) => {
        const done = result as Outcome;
        if (!done.decided) {
          notify(done.message ?? t('decisions.stale'), 'warning');
          onStale();
        } else if (done.postponedTo) {
          notify(t('decisions.scheduled', { code, date: dayText(done.postponedTo, language) }));
        } else {
          notify(t('decisions.returned', { code }));
        }
      }}
      onClose={onClose}
    />
  );
}
