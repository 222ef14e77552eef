import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAppDispatch } from '../../core/hooks';
import { FormTextField } from '../../components/FormTextField';
import { productName } from '../../config';
import { useT } from '../../i18n';
import { loadUser, useLoginMutation } from '../../core/session/api';
import { AuthCard } from './AuthCard';
import { formErrors, withoutField, type FormErrors } from '../../core/session/errors';
import { PasswordField } from '../../components/form/PasswordField';
import { readEarlySignIn, removeEarlySignIn } from '../../core/earlySignIn';
import { countWaitingOutcomes } from '../../components/parcel/outcomeStore';
import { Form } from '../../components/form/Form';
import { FORGOTTEN_PASSWORD_PATH } from '../../navigation/routes';
import { signInNotice } from './signInNotice';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

/**
 * How many outcomes a delivery person recorded offline still wait in this browser (his session
 * ended before they were sent): read from the queue itself, there is no session here.
 */
function useWaitingOutcomes(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    void countWaitingOutcomes().then((waiting) => {
      if (live) setCount(waiting);
    });
    return () => {
      live = false;
    };
  }, []);
  return count;
}

/** Sign-in (/compte/connexion and /). The guard then sends the user to their landing page. */
export default function LoginScreen() {
  const t = useT();
  const dispatch = useAppDispatch();
  const [login] = useLoginMutation();
  // What the plain-HTML form of a slow first load already holds (core/earlySignIn.ts).
  const [early] = useState(readEarlySignIn);
  const [email, setEmail] = useState(early?.email ?? '');
  const [password, setPassword] = useState(early?.password ?? '');
  const [remember, setRemember] = useState(early?.remember ?? false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const waiting = useWaitingOutcomes();
  // « Mot de passe changé » after a new password (ResetPasswordScreen), until the next sign-in.
  const notice = signInNotice(useLocation().state);

  const signIn = async (values: { email: string; password: string; remember: boolean }) => {
    // Empty fields are said under them, before any request.
    const missing: Record<string, string> = {};
    if (!values.email.trim()) missing.email = t('auth.login.emailRequired');
    if (!values.password) missing.password = t('auth.login.passwordRequired');
    if (Object.keys(missing).length > 0) {
      setErrors({ fields: missing, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    setBusy(true);
    try {
      await login({ email: values.email.trim(), password: values.password, remember: values.remember }).unwrap();
      // Afterwards the session is loaded; the guard redirects.
      await loadUser(dispatch);
    } catch (error) {
      setErrors(formErrors(error, t, t('auth.login.tooMany')));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return signIn({ email, password, remember });
  };

  // The plain form gives way to this one, with what was typed up to this very moment, the focus
  // where it was, and its submission carried out.
  useLayoutEffect(() => {
    const latest = readEarlySignIn();
    removeEarlySignIn();
    if (!latest) return;
    // Synchronising from the DOM outside React (the plain form), once: what was typed since the
    // first render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEmail(latest.email);
    setPassword(latest.password);
    setRemember(latest.remember);
    const input = latest.focused === 'password' ? passwordInput.current : latest.focused === 'email' ? emailInput.current : null;
    input?.focus();
    if (latest.submitted) void signIn(latest);
    // Once, at mount: later renders have no plain form to take over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <AuthCard
      title={t('auth.login.title', { product: productName() })}
      subtitle={t('auth.login.subtitle')}
      testId="login-card"
    >
      <Form onSubmit={submit} data-testid="login-form">
        <Stack spacing={2.5}>
          {waiting > 0 && (
            <Alert severity="warning" data-testid="login-queued">
              <strong>{t('auth.login.queued', { count: waiting })}</strong>
              <br />
              {t('auth.login.queuedHint', { count: waiting })}
            </Alert>
          )}
          {notice && !errors.form && (
            <Alert severity="success" data-testid="login-notice">
              {t('auth.login.passwordChanged')}
            </Alert>
          )}
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
            fullWidth
            inputRef={emailInput}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setErrors((current) => withoutField(current, 'email'));
            }}
            error={Boolean(errors.fields.email)}
            helperText={errors.fields.email}
          />
          <PasswordField
            label={t('auth.password')}
            name="password"
            autoComplete="current-password"
            required
            fullWidth
            inputRef={passwordInput}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors((current) => withoutField(current, 'password'));
            }}
            error={Boolean(errors.fields.password)}
            helperText={errors.fields.password}
          />
          <Stack direction="row" useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
            <FormControlLabel
              control={
                <Checkbox name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
              }
              label={t('auth.remember')}
            />
            <Link component={RouterLink} to={FORGOTTEN_PASSWORD_PATH} variant="body2" data-testid="login-forgot">
              {t('auth.login.forgot')}
            </Link>
          </Stack>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {t('auth.login.submit')}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('auth.login.noAccount')}{' '}
            <Link component={RouterLink} to="/compte/inscription">
              {t('auth.login.createAccount')}
            </Link>
          </Typography>
        </Stack>
      </Form>
    </AuthCard>
  );
}
