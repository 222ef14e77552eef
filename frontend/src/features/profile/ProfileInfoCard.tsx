import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useAppSelector } from '../../core/hooks';
import { phoneError } from '../../components/form/phone';
import { FormTextField } from '../../components/FormTextField';
import { useT } from '../../i18n';
import { selectRole, selectUser } from '../../core/session/authSlice';
import { displayName, initials } from '../../core/session/displayName';
import { formErrors, withoutField, type FormErrors } from '../../core/session/errors';
import { useUpdateProfileMutation } from './api';
import { resizeImageFile } from '../../components/resizeImage';
import '../../i18n/payout';
import { Form } from '../../components/form/Form';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** First and last name, phone, photo and, for merchants, the ICE printed on their invoices. */
export function ProfileInfoCard() {
  const t = useT();
  const user = useAppSelector(selectUser);
  const role = useAppSelector(selectRole);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [ice, setIce] = useState(user?.ice ?? '');
  /** undefined: photo unchanged; null: photo removed; string: new photo (data URL). */
  const [avatar, setAvatar] = useState<string | null | undefined>(undefined);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);

  if (!user) return null;
  const shownAvatar = avatar === undefined ? user.avatar ?? null : avatar;
  const name = displayName(role, { ...user, first_name: firstName, last_name: lastName });

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setAvatar(await resizeImageFile(file));
      setErrors((current) => ({ ...current, fields: { ...current.fields, avatar: '' } }));
    } catch (error) {
      console.error('Could not read the picked image', error);
      setErrors((current) => ({ ...current, fields: { ...current.fields, avatar: t('profile.photoError') } }));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const wrongPhone = phoneError(phone, t);
    if (wrongPhone) {
      setErrors({ fields: { phone: wrongPhone }, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    try {
      await updateProfile({
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        phone: phone.trim(),
        ...(avatar !== undefined ? { avatar } : {}),
        // Sent only when changed: a merchant's staff (who has none) never meets its rule.
        ...(ice.replace(/\s+/g, '') !== (user.ice ?? '') ? { ice: ice.replace(/\s+/g, '') } : {}),
      }).unwrap();
      setAvatar(undefined);
      setSaved(true);
    } catch (error) {
      setErrors(formErrors(error, t));
    }
  };

  return (
    <Card>
      <CardHeader title={t('profile.info')} />
      <Form as={CardContent} onSubmit={submit} data-testid="profile-form">
        <Stack spacing={3}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
            <Avatar
              src={shownAvatar ?? undefined}
              alt={name}
              data-testid="profile-avatar"
              sx={{ width: 96, height: 96, fontSize: 32, bgcolor: 'primary.main', borderRadius: 2 }}
              variant="rounded"
            >
              {initials(name)}
            </Avatar>
            <Stack spacing={1}>
              <Typography variant="subtitle2" component="p">
                {t('profile.photo')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                <Button variant="contained" size="small" onClick={() => fileInput.current?.click()}>
                  {t('profile.photoPick')}
                </Button>
                <Button
                  variant="outlined"
                  color="secondary"
                  size="small"
                  disabled={!shownAvatar}
                  onClick={() => setAvatar(null)}
                  data-testid="profile-avatar-remove"
                >
                  {t('profile.photoRemove')}
                </Button>
              </Stack>
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                hidden
                onChange={pick}
                data-testid="profile-avatar-input"
              />
              <Typography variant="caption" color={errors.fields.avatar ? 'error' : 'text.secondary'}>
                {errors.fields.avatar || t('profile.photoHelp')}
              </Typography>
            </Stack>
          </Box>
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
          {saved && (
            <Alert severity="success" closeText={t('common.close')} onClose={() => setSaved(false)} data-testid="profile-saved">
              {t('profile.saved')}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              label={t('auth.firstName')}
              name="first_name"
              value={firstName}
              onChange={(event) => {
                setFirstName(event.target.value);
                setErrors((current) => withoutField(current, 'first_name'));
              }}
              error={Boolean(errors.fields.first_name)}
              helperText={errors.fields.first_name}
              required
            />
            <FormTextField
              label={t('auth.lastName')}
              name="last_name"
              value={lastName}
              onChange={(event) => {
                setLastName(event.target.value);
                setErrors((current) => withoutField(current, 'last_name'));
              }}
              error={Boolean(errors.fields.last_name)}
              helperText={errors.fields.last_name}
              required
            />
            <FormTextField
              label={t('auth.phone')}
              name="phone"
              type="tel"
              value={phone}
              onChange={(event) => {
                setPhone(event.target.value);
                setErrors((current) => withoutField(current, 'phone'));
              }}
              error={Boolean(errors.fields.phone)}
              helperText={errors.fields.phone ?? t('auth.phoneHelp')}
            />
            <FormTextField
              label={t('profile.email')}
              name="email"
              value={user.email}
              readOnly
            />
            {role === 'client' && (
              <FormTextField
                label={t('payout.ice')}
                name="ice"
                value={ice}
                onChange={(event) => {
                  setIce(event.target.value);
                  setErrors((current) => withoutField(current, 'ice'));
                }}
                error={Boolean(errors.fields.ice)}
                helperText={errors.fields.ice ?? t('payout.iceHelp')}
                inputProps={{ inputMode: 'numeric', maxLength: 40 }}
              />
            )}
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {t('profile.save')}
            </Button>
          </Box>
        </Stack>
      </Form>
    </Card>
  );
}
