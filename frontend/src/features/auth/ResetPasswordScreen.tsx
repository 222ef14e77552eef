import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../core/api';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { formErrors, withoutField, type FormErrors } from '../../core/session/errors';
import { sessionExpired } from '../../core/sessionEvents';
import { PasswordField } from '../../components/form/PasswordField';
import { Form } from '../../components/form/Form';
import { useT } from '../../i18n';
import { FORGOTTEN_PASSWORD_PATH, LOGIN_PATH } from '../../navigation/routes';
import { AuthCard } from './AuthCard';
import { useResetPasswordMutation } from './api';
import { BackToSignIn } from './BackToSignIn';
import { PASSWORD_CHANGED, type SignInState } from './signInNotice';
import '../../i18n/password';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** The link of the e-mail no longer works (used, expired, unknown) or has no token. */
function InvalidLink() {
  const t = useT();
  return (
    <Stack spacing={2.5}>
      <Alert severity="warning" data-testid="reset-password-invalid">
        <AlertTitle>{t('password.reset.invalidTitle')}</AlertTitle>
        {t('password.reset.invalid')}
      </Alert>
      <Button component={RouterLink} to={FORGOTTEN_PASSWORD_PATH} variant="contained" size="large" fullWidth data-testid="reset-password-new-link">
        {t('password.reset.newLink')}
      </Button>
      <BackToSignIn />
    </Stack>
  );
}

/**
 * /reinitialiser-mot-de-passe?jeton=TOKEN (`&invitation=1`: a new staff member chooses his first
 * password): the new password twice. Saved, every session of the account has ended: the sign-in
 * page follows, saying so. A 422 on the token (used, expired) or no token at all: a panel with a
 * link to ask for a new one.
 */
export default function ResetPasswordScreen() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector((state) => state.auth.status === 'authenticated');
  const [params] = useSearchParams();
  const token = (params.get('jeton') ?? '').trim();
  const invitation = params.get('invitation') === '1';
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [tokenRefused, setTokenRefused] = useState(false);

  const title = invitation ? t('password.reset.invitationTitle') : t('password.reset.title');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!password) missing.password = t('auth.login.passwordRequired');
    else if (password !== confirmation) missing.password_confirmation = t('profile.passwordMismatch');
    if (Object.keys(missing).length > 0) {
      setErrors({ fields: missing, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    try {
      await reset({ token, password, password_confirmation: confirmation }).unwrap();
      // The server ended every session of the account, this browser's too if it had one.
      if (signedIn) {
        dispatch(sessionExpired());
        dispatch(api.util.resetApiState());
      }
      navigate(LOGIN_PATH, { replace: true, state: { notice: PASSWORD_CHANGED } satisfies SignInState });
    } catch (error) {
      const refused = formErrors(error, t);
      if (refused.fields.token) {
        setTokenRefused(true);
        return;
      }
      setErrors(refused);
    }
  };

  if (!token || tokenRefused) {
    return (
      <AuthCard title={title} testId="reset-password-card">
        <InvalidLink />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title}
      subtitle={invitation ? t('password.reset.invitationSubtitle') : t('password.reset.subtitle')}
      testId="reset-password-card"
    >
      <Form onSubmit={submit} data-testid="reset-password-form">
        <Stack spacing={2.5}>
          {errors.form && (
            <Alert severity="error" data-testid="form-error">
              {errors.form}
            </Alert>
          )}
          <PasswordField
            label={t('profile.newPassword')}
            name="password"
            autoComplete="new-password"
            autoFocus
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors((current) => withoutField(current, 'password'));
            }}
            error={Boolean(errors.fields.password)}
            helperText={errors.fields.password ?? t('profile.passwordHelp')}
          />
          <PasswordField
            label={t('auth.passwordConfirmation')}
            name="password_confirmation"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => {
              setConfirmation(event.target.value);
              setErrors((current) => withoutField(current, 'password_confirmation'));
            }}
            error={Boolean(errors.fields.password_confirmation)}
            helperText={errors.fields.password_confirmation}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
            {t('password.reset.submit')}
          </Button>
          <BackToSignIn />
        </Stack>
      </Form>
    </AuthCard>
  );
}
