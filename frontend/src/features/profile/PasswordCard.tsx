import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useAppSelector } from '../../core/hooks';
import { useT } from '../../i18n';
import { selectUser } from '../../core/session/authSlice';
import { formErrors, type FormErrors } from '../../core/session/errors';
import { PasswordField } from '../../components/form/PasswordField';
import { useUpdateProfileMutation } from './api';
import { Form } from '../../components/form/Form';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** Current password, new password and its confirmation. */
export function PasswordCard() {
  const t = useT();
  const user = useAppSelector(selectUser);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);

  if (!user) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (password !== confirmation) {
      setErrors({ fields: { password_confirmation: t('profile.passwordMismatch') }, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    try {
      await updateProfile({
        first_name: user.first_name,
        last_name: user.last_name,
        phone: user.phone ?? '',
        current_password: current,
        password,
        password_confirmation: confirmation,
      }).unwrap();
      setCurrent('');
      setPassword('');
      setConfirmation('');
      setSaved(true);
    } catch (error) {
      setErrors(formErrors(error, t));
    }
  };

  return (
    <Card>
      <CardHeader title={t('profile.password')} />
      <Form as={CardContent} onSubmit={submit} data-testid="password-form">
        <Stack spacing={2.5}>
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
          {saved && (
            <Alert severity="success" closeText={t('common.close')} onClose={() => setSaved(false)} data-testid="password-saved">
              {t('profile.passwordSaved')}
            </Alert>
          )}
          <PasswordField
            label={t('profile.currentPassword')}
            name="current_password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            error={Boolean(errors.fields.current_password)}
            helperText={errors.fields.current_password}
            required
          />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <PasswordField
              label={t('profile.newPassword')}
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(errors.fields.password)}
              helperText={errors.fields.password ?? t('profile.passwordHelp')}
              required
            />
            <PasswordField
              label={t('auth.passwordConfirmation')}
              name="password_confirmation"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
              error={Boolean(errors.fields.password_confirmation)}
              helperText={errors.fields.password_confirmation}
              required
            />
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={isLoading || !current || !password}>
              {t('profile.passwordSave')}
            </Button>
          </Box>
        </Stack>
      </Form>
    </Card>
  );
}
