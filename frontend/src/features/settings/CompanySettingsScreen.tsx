import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { FormTextField } from '../../components/FormTextField';
import { FormField } from '../../components/form/fields';
import { PageHeader } from '../../components/PageHeader';
import { useT, type MessageKey, type Translate } from '../../i18n';
import { formErrors, withoutField, type FormErrors } from '../../core/session/errors';
import {
  DEFAULT_TVA_RATE,
  TVA_EXEMPTION_MAX,
  identifiers,
  useCompanySettingsQuery,
  useUpdateCompanySettingsMutation,
  type CompanyBody,
  type CompanyIdentity,
} from './api';
import '../../i18n/payout';
import { Form } from '../../components/form/Form';
import { RecipientMessagesCard } from './RecipientMessagesCard';
import { RecipientPolicyCard } from './RecipientPolicyCard';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** What the form holds: every field of the body, filled in (the TVA rate as text, no mention as ''). */
type FormState = { [K in Exclude<keyof CompanyBody, 'tva_rate' | 'tva_exemption'>]-?: NonNullable<CompanyBody[K]> } & {
  tva_rate: string;
  tva_exemption: string;
};

/** The form's switches (the others are text fields). */
type SwitchField = 'invoices_in_reader_language' | 'pay_before_cash_in';
type TextField = Exclude<keyof FormState, SwitchField>;

interface FieldSpec {
  name: TextField;
  label: MessageKey;
  help?: MessageKey;
  required?: boolean;
  wide?: boolean;
  multiline?: boolean;
  numeric?: boolean;
  /** Shown after the value (« % »). */
  suffix?: string;
  maxLength: number;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'payout.company.name', required: true, wide: true, maxLength: 150 },
  { name: 'address', label: 'payout.company.address', required: true, wide: true, multiline: true, maxLength: 300 },
  { name: 'ice', label: 'payout.company.ice', help: 'payout.company.iceHelp', required: true, numeric: true, maxLength: 40 },
  { name: 'if', label: 'payout.company.if', help: 'payout.company.numberHelp', required: true, numeric: true, maxLength: 40 },
  { name: 'rc', label: 'payout.company.rc', help: 'payout.company.numberHelp', required: true, numeric: true, maxLength: 40 },
  { name: 'patente', label: 'payout.company.patente', help: 'payout.company.numberHelp', numeric: true, maxLength: 40 },
  { name: 'cnss', label: 'payout.company.cnss', help: 'payout.company.numberHelp', numeric: true, maxLength: 40 },
];

/** The fees' TVA: the rate, or the mention of an exemption. */
const TVA_FIELDS: readonly FieldSpec[] = [
  { name: 'tva_rate', label: 'payout.company.tvaRate', help: 'payout.company.tvaRateHelp', required: true, numeric: true, suffix: '%', maxLength: 3 },
  { name: 'tva_exemption', label: 'payout.company.tvaExemption', help: 'payout.company.tvaExemptionHelp', wide: true, multiline: true, maxLength: TVA_EXEMPTION_MAX },
];

function toForm(company: CompanyIdentity): FormState {
  return {
    name: company.name,
    address: company.address,
    ice: company.ice,
    if: company.if,
    rc: company.rc,
    patente: company.patente ?? '',
    cnss: company.cnss ?? '',
    // An older answer without the setting: French, as the server defaults.
    invoices_in_reader_language: company.invoices_in_reader_language ?? false,
    // An older answer without TVA: the server's default rate, no exemption.
    tva_rate: String(company.tva_rate ?? DEFAULT_TVA_RATE),
    tva_exemption: company.tva_exemption ?? '',
    // An older answer without it: merchants paid on cash received, as the server defaults.
    pay_before_cash_in: company.pay_before_cash_in ?? false,
  };
}

/** The server's TVA rules, checked before sending: an integer rate 0–100, a mention of at most
 * 300 characters, and a mention when the rate is 0. Messages by field (none: fine). */
function tvaErrors(values: FormState, t: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  const rate = values.tva_rate.trim();
  const mention = values.tva_exemption.trim();
  if (!/^\d{1,3}$/.test(rate) || Number(rate) > 100) errors.tva_rate = t('payout.company.tvaRateInvalid');
  if (Array.from(mention).length > TVA_EXEMPTION_MAX) errors.tva_exemption = t('payout.company.tvaExemptionTooLong', { max: TVA_EXEMPTION_MAX });
  else if (rate !== '' && Number(rate) === 0 && !mention) errors.tva_exemption = t('payout.company.tvaExemptionRequired');
  return errors;
}

function toBody(values: FormState): CompanyBody {
  const mention = values.tva_exemption.trim();
  return {
    ...values,
    name: values.name.trim(),
    address: values.address.trim(),
    tva_rate: Number(values.tva_rate.trim()),
    tva_exemption: mention ? mention : null,
  };
}

/**
 * /compte/parametres (admin, `cities`): the company's legal identity (raison sociale, address,
 * ICE, IF, RC, patente, CNSS) that every invoice and voucher prints, with a preview of the
 * documents' footer; the TVA of the fees the client invoices detail (rate or exemption);
 * whether merchants are paid before the delivery person's cash is validated (an advance); and,
 * in cards of their own, the recipients' bands (`RecipientPolicyCard`) and the SMS or WhatsApp
 * messages to recipients (`RecipientMessagesCard`).
 */
export default function CompanySettingsScreen() {
  const t = useT();
  const query = useCompanySettingsQuery();
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="company-settings-screen">
      <PageHeader title={t('route.company-settings')} subtitle={t('payout.company.subtitle')} />
      {query.data ? (
        <CompanyForm company={query.data} />
      ) : query.isError ? (
        <Alert severity="error">{formErrors(query.error, t).form}</Alert>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      )}
      <RecipientPolicyCard />
      <RecipientMessagesCard />
    </Box>
  );
}

function CompanyForm({ company }: { company: CompanyIdentity }) {
  const t = useT();
  const [values, setValues] = useState<FormState>(() => toForm(company));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  const [save, { isLoading }] = useUpdateCompanySettingsMutation();

  const textField = (field: FieldSpec) => (
    <Box key={field.name} sx={{ gridColumn: field.wide ? '1 / -1' : undefined }}>
      <FormTextField
        label={t(field.label)}
        name={field.name}
        value={values[field.name]}
        onChange={(event) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [field.name]: value }));
          setErrors((current) => withoutField(current, field.name));
        }}
        error={Boolean(errors.fields[field.name])}
        helperText={errors.fields[field.name] ?? (field.help ? t(field.help) : undefined)}
        required={field.required}
        multiline={field.multiline}
        minRows={field.multiline ? 2 : undefined}
        endAdornment={field.suffix ? <InputAdornment position="end">{field.suffix}</InputAdornment> : undefined}
        inputProps={{ maxLength: field.maxLength, inputMode: field.numeric ? 'numeric' : undefined }}
      />
    </Box>
  );

  const switchField = (name: SwitchField, label: MessageKey, help: MessageKey) => (
    <FormField
      field={{ name, label: t(label), type: 'switch', helperText: t(help) }}
      value={values[name]}
      onChange={(checked) => setValues((current) => ({ ...current, [name]: Boolean(checked) }))}
      disabled={isLoading}
      values={{ ...values }}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const local = tvaErrors(values, t);
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
      setErrors(formErrors(error, t));
    }
  };

  return (
    <Card>
      <Form as={CardContent} onSubmit={submit} data-testid="company-form">
        <Stack spacing={3}>
          {!company.configured && (
            <Alert severity="warning" data-testid="company-not-configured">
              {t('payout.company.notConfigured')}
            </Alert>
          )}
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
          {saved && (
            <Alert severity="success" onClose={() => setSaved(false)} closeText={t('common.close')} data-testid="company-saved">
              {t('payout.company.saved')}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{FIELDS.map(textField)}</Box>
          {switchField('invoices_in_reader_language', 'payout.company.readerLanguage', 'payout.company.readerLanguageHelp')}
          <Box>
            <Typography variant="subtitle2" color="text.secondary">
              {t('payout.company.footer')}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="company-footer-preview">
              {[values.name.trim(), identifiers(values)].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          <Divider />
          <Box component="section" aria-labelledby="company-tva-title" data-testid="company-tva">
            <Typography variant="subtitle1" component="h2" id="company-tva-title" sx={{ fontWeight: 600 }}>
              {t('payout.company.tva')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
              {t('payout.company.tvaIntro')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{TVA_FIELDS.map(textField)}</Box>
          </Box>
          <Divider />
          <Box component="section" aria-labelledby="company-payouts-title" data-testid="company-payouts">
            <Typography variant="subtitle1" component="h2" id="company-payouts-title" sx={{ fontWeight: 600, mb: 1.5 }}>
              {t('payout.company.payouts')}
            </Typography>
            {switchField('pay_before_cash_in', 'payout.company.payBeforeCashIn', 'payout.company.payBeforeCashInHelp')}
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={isLoading} data-testid="company-save">
              {t('payout.company.save')}
            </Button>
          </Box>
        </Stack>
      </Form>
    </Card>
  );
}
