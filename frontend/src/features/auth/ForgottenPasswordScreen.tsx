import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { errorStatus, type RetryAfter } from '../../core/api';
import { formErrors, withoutField, type FormErrors } from '../../core/session/errors';
import { FormTextField } from '../../components/FormTextField';
import { Form } from '../../components/form/Form';
import { useT, type Translate } from '../../i18n';
import { AuthCard } from './AuthCard';
import { BackToSignIn } from './BackToSignIn';
import { useForgottenPasswordMutation } from './api';
import '../../i18n/password';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** « Trop de demandes, réessayez dans N minutes » from a 429's `Retry-After` (seconds). */
function tooManyMessage(error: unknown, t: Translate): string {
  const seconds = (error as RetryAfter).retryAfter;
  if (!seconds) return t('password.forgotten.tooManySoon');
  return t('password.forgotten.tooMany', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
}

/**
 * /mot-de-passe-oublie: one e-mail, and a link to choose a new password goes to it. The server
 * answers the same whether an account exists or not, and so does this page: the confirmation
 * says « si un compte existe ». 422 under the field, 429 says how long to wait.
 */
export default function ForgottenPasswordScreen() {
  const t = useT();
  const [ask, { isLoading }] = useForgottenPasswordMutation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setErrors({ fields: { email: t('auth.login.emailRequired') }, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    try {
      await ask({ email: address }).unwrap();
      setSentTo(address);
    } catch (error) {
      setErrors(errorStatus(error) === 429 ? { fields: {}, form: tooManyMessage(error, t) } : formErrors(error, t));
    }
  };

  if (sentTo !== null) {
    return (
      <AuthCard title={t('route.forgotten-password')} testId="forgotten-password-card">
        <Stack spacing={2.5}>
          <Alert severity="success" icon={<MarkEmailReadOutlined />} data-testid="forgotten-password-sent">
            <AlertTitle>{t('password.forgotten.sentTitle')}</AlertTitle>
            {t('password.forgotten.sent', { email: sentTo })}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            {t('password.forgotten.sentHint')}
          </Typography>
          {/* The field comes back with the address, focused, ready to be corrected. */}
          <Button variant="outlined" onClick={() => setSentTo(null)} data-testid="forgotten-password-again">
            {t('password.forgotten.again')}
          </Button>
          <BackToSignIn />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('route.forgotten-password')} subtitle={t('password.forgotten.subtitle')} testId="forgotten-password-card">
      <Form onSubmit={submit} data-testid="forgotten-password-form" focusMessage>
        <Stack spacing={2.5}>
          {errors.form && (
            <Alert severity="error" data-testid="form-error">
              {errors.form}
            </Alert>
          )}
          <FormTextField
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="username"
            autoFocus
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setErrors((current) => withoutField(current, 'email'));
            }}
            error={Boolean(errors.fields.email)}
            helperText={errors.fields.email}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
            {t('password.forgotten.submit')}
          </Button>
          <BackToSignIn />
        </Stack>
      </Form>
    </AuthCard>
  );
}
