import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch } from '../../core/hooks';
import { phoneError } from '../../components/form/phone';
import { FormTextField } from '../../components/FormTextField';
import { useT, type MessageKey } from '../../i18n';
import { loadUser, useRegisterMutation } from '../../core/session/api';
import { AuthCard } from './AuthCard';
import { formErrors, withoutField, type FormErrors } from '../../core/session/errors';
import { PasswordField } from '../../components/form/PasswordField';
import type { CityOption } from '../../components/city/CityAutocomplete';
import { ServedCityAutocomplete } from '../../components/city/ServedCityAutocomplete';
import type { RegisterBody } from '../../core/session/types';
import '../../i18n/payout';
import { Form } from '../../components/form/Form';

/** The form's values: every field a string (the optional ICE included), but the city picked in the list. */
type RegisterForm = Omit<Required<RegisterBody>, 'city'> & { city: CityOption | null };

const EMPTY: RegisterForm = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  password_confirmation: '',
  company: '',
  city: null,
  ice: '',
};

const NO_ERRORS: FormErrors = { fields: {}, form: null };

type Field = keyof RegisterForm;

const FIELDS: ReadonlyArray<{
  name: Field;
  label: MessageKey;
  type?: string;
  autoComplete: string;
  password?: boolean;
  half?: boolean;
  help?: MessageKey;
  optional?: boolean;
}> = [
  { name: 'first_name', label: 'auth.firstName', autoComplete: 'given-name', half: true },
  { name: 'last_name', label: 'auth.lastName', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'auth.email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'auth.phone', type: 'tel', autoComplete: 'tel', help: 'auth.phoneHelp' },
  { name: 'company', label: 'auth.company', autoComplete: 'organization', half: true, optional: true },
  // Picked in the list of served cities: the server refuses any other.
  { name: 'city', label: 'auth.city', autoComplete: 'off', half: true, help: 'auth.cityHelp' },
  { name: 'ice', label: 'payout.ice', autoComplete: 'off', help: 'payout.iceHelp', optional: true },
  { name: 'password', label: 'auth.password', autoComplete: 'new-password', password: true },
  { name: 'password_confirmation', label: 'auth.passwordConfirmation', autoComplete: 'new-password', password: true },
];

/** Merchant registration (/compte/inscription); the server's 422 errors show under each field. */
export default function RegisterScreen() {
  const t = useT();
  const dispatch = useAppDispatch();
  const [register] = useRegisterMutation();
  const [values, setValues] = useState<RegisterForm>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrongPhone = phoneError(values.phone, t);
    if (wrongPhone) {
      setErrors({ fields: { phone: wrongPhone }, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    setBusy(true);
    try {
      const { ice, ...rest } = values;
      const digits = ice.replace(/\s+/g, '');
      const body: RegisterBody = {
        ...rest,
        ...(digits ? { ice: digits } : {}),
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        company: values.company.trim(),
        city: values.city?.name ?? '',
      };
      await register(body).unwrap();
      // The session is loaded without a new cookie fetch; the guard then shows the activation page.
      await loadUser(dispatch);
    } catch (error) {
      setErrors(formErrors(error, t));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      width={560}
      testId="register-card"
    >
      <Form onSubmit={submit} data-testid="register-form">
        <Stack spacing={2.5}>
          {errors.form && (
            <Alert severity="error" data-testid="form-error">
              {errors.form}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
            {FIELDS.map((field) => {
              const error = errors.fields[field.name];
              const helperText = error ?? (field.help ? t(field.help) : undefined);
              const gridColumn = field.half ? 'auto' : '1 / -1';
              if (field.name === 'city') {
                return (
                  <Box key={field.name} sx={{ gridColumn, minWidth: 0 }}>
                    <ServedCityAutocomplete
                      name={field.name}
                      label={t(field.label)}
                      required
                      value={values.city}
                      onChange={(city) => {
                        setValues((current) => ({ ...current, city }));
                        setErrors((current) => withoutField(current, 'city'));
                      }}
                      error={error}
                      helperText={helperText}
                    />
                  </Box>
                );
              }
              const common = {
                label: t(field.label),
                name: field.name,
                autoComplete: field.autoComplete,
                required: !field.optional,
                fullWidth: true,
                value: values[field.name] as string,
                onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
                  setValues((current) => ({ ...current, [field.name]: event.target.value }));
                  setErrors((current) => withoutField(current, field.name));
                },
                error: Boolean(error),
                helperText,
                sx: { gridColumn },
              };
              return field.password ? (
                <PasswordField key={field.name} {...common} />
              ) : (
                <FormTextField key={field.name} type={field.type ?? 'text'} {...common} />
              );
            })}
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {t('auth.register.submit')}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('auth.register.haveAccount')}{' '}
            <Link component={RouterLink} to="/compte/connexion">
              {t('auth.register.signIn')}
            </Link>
          </Typography>
        </Stack>
      </Form>
    </AuthCard>
  );
}
