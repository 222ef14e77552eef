import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
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
import { formErrors, withoutField } from '../../core/session/errors';
import { useLanguage, useT, type Language, type MessageKey, type Translate } from '../../i18n';
import { useRecipientPolicyQuery, useUpdateRecipientPolicyMutation, type RecipientPolicy } from './api';
import '../../i18n/parcels';
import '../../i18n/screens';

type NumberField = 'to_confirm_percent' | 'risky_percent' | 'risky_min_failed' | 'months_kept';
type ActionField = 'to_confirm_action' | 'risky_action';

/** What the form holds: the numbers as typed, the actions as chosen. */
type PolicyValues = Record<NumberField, string> & Pick<RecipientPolicy, ActionField>;

type FieldSpec =
  | { kind: 'number'; name: NumberField; label: MessageKey; help: MessageKey; min: number; max: number; unit: 'percent' | 'months' | null }
  | { kind: 'action'; name: ActionField; label: MessageKey };

/**
 * The fields in the order of the two-column grid: each band's threshold beside what creation
 * does for it, then the failures « Risqué » needs and the months counted. Bounds: the server's.
 */
const FIELDS: readonly FieldSpec[] = [
  { kind: 'number', name: 'to_confirm_percent', label: 'recipients.policy.toConfirmPercent', help: 'recipients.policy.toConfirmPercentHelp', min: 1, max: 100, unit: 'percent' },
  { kind: 'action', name: 'to_confirm_action', label: 'recipients.policy.toConfirmAction' },
  { kind: 'number', name: 'risky_percent', label: 'recipients.policy.riskyPercent', help: 'recipients.policy.riskyPercentHelp', min: 1, max: 100, unit: 'percent' },
  { kind: 'action', name: 'risky_action', label: 'recipients.policy.riskyAction' },
  { kind: 'number', name: 'risky_min_failed', label: 'recipients.policy.riskyMinFailed', help: 'recipients.policy.riskyMinFailedHelp', min: 1, max: 1000, unit: null },
  { kind: 'number', name: 'months_kept', label: 'recipients.policy.monthsKept', help: 'recipients.policy.monthsKeptHelp', min: 1, max: 60, unit: 'months' },
];

const ACTIONS: readonly BandAction[] = ['warn', 'refuse'];

function toForm(policy: RecipientPolicy): PolicyValues {
  return {
    to_confirm_percent: String(policy.to_confirm_percent),
    risky_percent: String(policy.risky_percent),
    risky_min_failed: String(policy.risky_min_failed),
    months_kept: String(policy.months_kept),
    to_confirm_action: policy.to_confirm_action,
    risky_action: policy.risky_action,
  };
}

function toBody(values: PolicyValues): RecipientPolicy {
  const number = (name: NumberField) => Number(values[name].trim());
  return {
    to_confirm_percent: number('to_confirm_percent'),
    risky_percent: number('risky_percent'),
    risky_min_failed: number('risky_min_failed'),
    months_kept: number('months_kept'),
    to_confirm_action: values.to_confirm_action,
    risky_action: values.risky_action,
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
 * (warn or refuse), and the months the history counts.
 */
export function RecipientPolicyCard() {
  const t = useT();
  const query = useRecipientPolicyQuery();
  const heading = (
    <Box>
      <Typography variant="subtitle1" component="h2" id="recipient-policy-title" sx={{ fontWeight: 600 }}>
        {t('recipients.policy.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="recipient-policy-intro">
        {t('recipients.policy.intro')}
      </Typography>
    </Box>
  );
  return (
    <Card component="section" aria-labelledby="recipient-policy-title" data-testid="recipient-policy">
      {query.data ? (
        <PolicyForm policy={query.data} heading={heading} />
      ) : (
        <CardContent>
          <Stack spacing={3}>
            {heading}
            {query.isError ? (
              <Alert severity="error">{formErrors(query.error, t).form}</Alert>
            ) : (
              <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
                <CircularProgress aria-label={t('app.loading')} />
              </Box>
            )}
          </Stack>
        </CardContent>
      )}
    </Card>
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
    if (spec.kind === 'action') {
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
          helperText={error ?? t('recipients.policy.actionHelp')}
          disabled={isLoading}
          slotProps={{ htmlInput: { 'data-testid': `select-${spec.name}` } }}
        >
          {ACTIONS.map((action) => (
            <MenuItem key={action} value={action}>
              {t(action === 'warn' ? 'recipients.action.warn' : 'recipients.action.refuse')}
            </MenuItem>
          ))}
        </TextField>
      );
    }
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
        endAdornment={spec.unit ? <InputAdornment position="end">{spec.unit === 'percent' ? '%' : t('recipients.policy.months')}</InputAdornment> : undefined}
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
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{FIELDS.map(field)}</Box>
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading} data-testid="recipient-policy-save">
            {t('form.save')}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}
