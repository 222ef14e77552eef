import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { FormTextField } from '../../components/FormTextField';
import { FormField } from '../../components/form/fields';
import { PageHeader } from '../../components/PageHeader';
import { useT, type MessageKey } from '../../i18n';
import { formErrors, withoutField, type FormErrors } from '../../core/session/errors';
import { identifiers, useCompanySettingsQuery, useUpdateCompanySettingsMutation, type CompanyBody, type CompanyIdentity } from './api';
import '../../i18n/payout';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** The identity's text fields (the invoices' language is a switch). */
type TextField = Exclude<keyof CompanyBody, 'invoices_in_reader_language'>;

interface FieldSpec {
  name: TextField;
  label: MessageKey;
  help?: MessageKey;
  required?: boolean;
  wide?: boolean;
  multiline?: boolean;
  numeric?: boolean;
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

function toBody(company: CompanyIdentity): CompanyBody {
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
  };
}

/**
 * /compte/parametres (admin, `cities`): the company's legal identity (raison sociale, address,
 * ICE, IF, RC, patente, CNSS) that every invoice and voucher prints, with a preview of the
 * documents' footer.
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
    </Box>
  );
}

function CompanyForm({ company }: { company: CompanyIdentity }) {
  const t = useT();
  const [values, setValues] = useState<CompanyBody>(() => toBody(company));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  const [save, { isLoading }] = useUpdateCompanySettingsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setErrors(NO_ERRORS);
    try {
      const stored = await save({ ...values, name: values.name.trim(), address: values.address.trim() }).unwrap();
      setValues(toBody(stored));
      setSaved(true);
    } catch (error) {
      setErrors(formErrors(error, t));
    }
  };

  return (
    <Card>
      <CardContent component="form" noValidate onSubmit={submit} data-testid="company-form">
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
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {FIELDS.map((field) => (
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
                  inputProps={{ maxLength: field.maxLength, inputMode: field.numeric ? 'numeric' : undefined }}
                />
              </Box>
            ))}
          </Box>
          <FormField
            field={{ name: 'invoices_in_reader_language', label: t('payout.company.readerLanguage'), type: 'switch', helperText: t('payout.company.readerLanguageHelp') }}
            value={values.invoices_in_reader_language}
            onChange={(checked) => setValues((current) => ({ ...current, invoices_in_reader_language: Boolean(checked) }))}
            disabled={isLoading}
            values={{ ...values }}
          />
          <Box>
            <Typography variant="subtitle2" color="text.secondary">
              {t('payout.company.footer')}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="company-footer-preview">
              {[values.name.trim(), identifiers(values)].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={isLoading} data-testid="company-save">
              {t('payout.company.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
