import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Form } from '../../components/form/Form';
import { NO_ERRORS, submitErrors, type SubmitErrors } from '../../components/form/submitErrors';
import { FormTextField } from '../../components/FormTextField';
import { formatCount } from '../../components/moneyFormat';
import type { BandAction } from '../../components/parcel/api';
import { withoutField } from '../../core/session/errors';
import { useLanguage, useT, type Language, type MessageKey, type Translate } from '../../i18n';
import { SettingsCard } from './SettingsCard';
import { useRecipientPolicyQuery, useUpdateRecipientPolicyMutation, type GivenUp, type RecipientPolicy } from './api';
import '../../i18n/parcels';
import '../../i18n/screens';

type NumberField =
  | 'to_confirm_percent'
  | 'risky_percent'
  | 'risky_min_failed'
  | 'months_kept'
  | 'confirmation_tries'
  | 'confirmation_retry_minutes'
  | 'decision_delay_hours';
type ChoiceField = 'to_confirm_action' | 'risky_action' | 'confirmation_given_up';

/** What the form holds: the numbers as typed, the choices as chosen. */
type PolicyValues = Record<NumberField, string> & Required<Pick<RecipientPolicy, ChoiceField>>;

type FieldSpec =
  | { kind: 'number'; name: NumberField; label: MessageKey; help: MessageKey; min: number; max: number; unit: 'percent' | 'months' | 'minutes' | 'hours' | null }
  | { kind: 'choice'; name: ChoiceField; label: MessageKey; help: MessageKey; options: ReadonlyArray<{ value: string; label: MessageKey }> };

/** What creating a parcel does for a recipient of a band: warn, have our agents confirm it, refuse. */
const ACTIONS: ReadonlyArray<{ value: BandAction; label: MessageKey }> = [
  { value: 'warn', label: 'recipients.action.warn' },
  { value: 'confirm', label: 'recipients.action.confirm' },
  { value: 'refuse', label: 'recipients.action.refuse' },
];

/** What an order the agents could not confirm becomes. */
const GIVEN_UP: ReadonlyArray<{ value: GivenUp; label: MessageKey }> = [
  { value: 'cancel', label: 'recipients.policy.givenUp.cancel' },
  { value: 'merchant', label: 'recipients.policy.givenUp.merchant' },
];

/**
 * The bands' fields in the order of the two-column grid: each band's threshold beside what creation
 * does for it, then the failures « Risqué » needs and the months counted. Bounds: the server's.
 */
const BAND_FIELDS: readonly FieldSpec[] = [
  { kind: 'number', name: 'to_confirm_percent', label: 'recipients.policy.toConfirmPercent', help: 'recipients.policy.toConfirmPercentHelp', min: 1, max: 100, unit: 'percent' },
  { kind: 'choice', name: 'to_confirm_action', label: 'recipients.policy.toConfirmAction', help: 'recipients.policy.actionHelp', options: ACTIONS },
  { kind: 'number', name: 'risky_percent', label: 'recipients.policy.riskyPercent', help: 'recipients.policy.riskyPercentHelp', min: 1, max: 100, unit: 'percent' },
  { kind: 'choice', name: 'risky_action', label: 'recipients.policy.riskyAction', help: 'recipients.policy.actionHelp', options: ACTIONS },
  { kind: 'number', name: 'risky_min_failed', label: 'recipients.policy.riskyMinFailed', help: 'recipients.policy.riskyMinFailedHelp', min: 1, max: 1000, unit: null },
  { kind: 'number', name: 'months_kept', label: 'recipients.policy.monthsKept', help: 'recipients.policy.monthsKeptHelp', min: 1, max: 60, unit: 'months' },
];

/** The confirmation by our agents before pickup: the calls tried, the delay between them, what a failure becomes. */
const CONFIRMATION_FIELDS: readonly FieldSpec[] = [
  { kind: 'number', name: 'confirmation_tries', label: 'recipients.policy.confirmationTries', help: 'recipients.policy.confirmationTriesHelp', min: 1, max: 10, unit: null },
  { kind: 'number', name: 'confirmation_retry_minutes', label: 'recipients.policy.confirmationRetryMinutes', help: 'recipients.policy.confirmationRetryMinutesHelp', min: 5, max: 2880, unit: 'minutes' },
  { kind: 'choice', name: 'confirmation_given_up', label: 'recipients.policy.confirmationGivenUp', help: 'recipients.policy.confirmationGivenUpHelp', options: GIVEN_UP },
];

/** After a failed attempt at the door (issue 40): how long the merchant or the recipient has to decide before the default applies. */
const DECISION_FIELDS: readonly FieldSpec[] = [
  { kind: 'number', name: 'decision_delay_hours', label: 'recipients.policy.decisionDelayHours', help: 'recipients.policy.decisionDelayHoursHelp', min: 1, max: 168, unit: 'hours' },
];

/** The server's delay when the policy never set it. */
const DEFAULT_DECISION_DELAY_HOURS = 24;

const FIELDS: readonly FieldSpec[] = [...BAND_FIELDS, ...CONFIRMATION_FIELDS, ...DECISION_FIELDS];

/** The server's values when the policy never set them. */
const CONFIRMATION_DEFAULTS = { confirmation_tries: 3, confirmation_retry_minutes: 120, confirmation_given_up: 'cancel' } as const;

function toForm(policy: RecipientPolicy): PolicyValues {
  return {
    to_confirm_percent: String(policy.to_confirm_percent),
    risky_percent: String(policy.risky_percent),
    risky_min_failed: String(policy.risky_min_failed),
    months_kept: String(policy.months_kept),
    confirmation_tries: String(policy.confirmation_tries ?? CONFIRMATION_DEFAULTS.confirmation_tries),
    confirmation_retry_minutes: String(policy.confirmation_retry_minutes ?? CONFIRMATION_DEFAULTS.confirmation_retry_minutes),
    to_confirm_action: policy.to_confirm_action,
    risky_action: policy.risky_action,
    confirmation_given_up: policy.confirmation_given_up ?? CONFIRMATION_DEFAULTS.confirmation_given_up,
    decision_delay_hours: String(policy.decision_delay_hours ?? DEFAULT_DECISION_DELAY_HOURS),
  };
}

/** The whole policy, as the PUT replaces it. */
function toBody(values: PolicyValues): RecipientPolicy {
  const number = (name: NumberField) => Number(values[name].trim());
  return {
    to_confirm_percent: number('to_confirm_percent'),
    risky_percent: number('risky_percent'),
    risky_min_failed: number('risky_min_failed'),
    months_kept: number('months_kept'),
    to_confirm_action: values.to_confirm_action,
    risky_action: values.risky_action,
    confirmation_tries: number('confirmation_tries'),
    confirmation_retry_minutes: number('confirmation_retry_minutes'),
    confirmation_given_up: values.confirmation_given_up,
    decision_delay_hours: number('decision_delay_hours'),
  };
}

/**
 * Each number is a whole one within the server's bounds, checked before sending (messages by
 * field; none: fine). That « Risqué » is at least « À confirmer » is the server's to say (422).
 */
function policyErrors(values: PolicyValues, t: Translate, language: Language): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of FIELDS) {
    if (field.kind !== 'number') continue;
    const text = values[field.name].trim();
    if (!/^\d{1,4}$/.test(text) || Number(text) < field.min || Number(text) > field.max) {
      errors[field.name] = t('recipients.policy.invalid', { min: formatCount(field.min, language), max: formatCount(field.max, language) });
    }
  }
  return errors;
}

/**
 * The « Destinataires » card of the company settings (admin, `cities`): the thresholds of the
 * recipients' bands, what creating a parcel does for a recipient « À confirmer » or « Risqué »
 * (warn, have our agents confirm it, or refuse), the months the history counts, and the
 * confirmation by our agents (the unanswered calls before giving up, the delay before calling
 * again, what an order not confirmed becomes).
 */
export function RecipientPolicyCard() {
  const t = useT();
  const query = useRecipientPolicyQuery();
  return (
    <SettingsCard
      name="recipient-policy"
      title={t('recipients.policy.title')}
      intro={t('recipients.policy.intro')}
      query={query}
      render={(data, heading) => <PolicyForm policy={data} heading={heading} />}
    />
  );
}

function PolicyForm({ policy, heading }: { policy: RecipientPolicy; heading: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const [values, setValues] = useState<PolicyValues>(() => toForm(policy));
  const [errors, setErrors] = useState<SubmitErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  const [save, { isLoading }] = useUpdateRecipientPolicyMutation();

  const change = (name: keyof PolicyValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setSaved(false);
    setErrors((current) => withoutField(current, name));
  };

  const field = (spec: FieldSpec) => {
    const error = errors.fields[spec.name];
    if (spec.kind === 'choice') {
      return (
        <TextField
          key={spec.name}
          select
          fullWidth
          name={spec.name}
          label={t(spec.label)}
          value={values[spec.name]}
          onChange={(event) => change(spec.name, event.target.value)}
          error={Boolean(error)}
          helperText={error ?? t(spec.help)}
          disabled={isLoading}
          slotProps={{ htmlInput: { 'data-testid': `select-${spec.name}` } }}
        >
          {spec.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {t(option.label)}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    const unit = spec.unit === 'percent' ? '%' : spec.unit === 'months' ? t('recipients.policy.months') : spec.unit === 'minutes' ? t('recipients.policy.minutes') : spec.unit === 'hours' ? t('recipients.policy.hours') : null;
    return (
      <FormTextField
        key={spec.name}
        label={t(spec.label)}
        name={spec.name}
        value={values[spec.name]}
        onChange={(event) => change(spec.name, event.target.value)}
        error={Boolean(error)}
        helperText={error ?? t(spec.help)}
        required
        disabled={isLoading}
        endAdornment={unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined}
        inputProps={{ maxLength: String(spec.max).length, inputMode: 'numeric' }}
      />
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const local = policyErrors(values, t, language);
    if (Object.keys(local).length > 0) {
      setErrors({ fields: local, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    try {
      const stored = await save(toBody(values)).unwrap();
      setValues(toForm(stored));
      setSaved(true);
    } catch (error) {
      setErrors(submitErrors(error, FIELDS, t));
    }
  };

  return (
    <Form as={CardContent} onSubmit={submit} data-testid="recipient-policy-form">
      <Stack spacing={3}>
        {heading}
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        {saved && (
          <Alert severity="success" onClose={() => setSaved(false)} closeText={t('common.close')} data-testid="recipient-policy-saved">
            {t('recipients.policy.saved')}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{BAND_FIELDS.map(field)}</Box>
        <Box component="section" aria-labelledby="recipient-confirmation-title" data-testid="recipient-policy-confirmation">
          <Typography variant="subtitle2" component="h3" id="recipient-confirmation-title">
            {t('recipients.policy.confirmationTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('recipients.policy.confirmationIntro')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{CONFIRMATION_FIELDS.map(field)}</Box>
        </Box>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }} data-testid="recipient-policy-decision">
          {DECISION_FIELDS.map(field)}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading} data-testid="recipient-policy-save">
            {t('form.save')}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}
