import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Form } from '../../components/form/Form';
import { FormField } from '../../components/form/fields';
import { formErrors, type FormErrors } from '../../core/session/errors';
import { SettingsCard } from './SettingsCard';
import { useT } from '../../i18n';
import { useRecipientMessagesSettingQuery, useUpdateRecipientMessagesSettingMutation, type RecipientMessagesSetting } from './api';
import '../../i18n/outbound';
import '../../i18n/screens';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

/**
 * The « Messages aux destinataires (SMS / WhatsApp) » card of the company settings (admin,
 * `cities`): whether parcels' recipients are written to (out for delivery, failed attempt, order to
 * confirm), and the channel the server's environment configures. Without a channel nothing can be
 * sent: the switch is disabled and the card says so.
 */
export function RecipientMessagesCard() {
  const t = useT();
  const query = useRecipientMessagesSettingQuery();
  return (
    <SettingsCard
      name="recipient-messages"
      title={t('outbound.settings.title')}
      intro={t('outbound.settings.intro')}
      query={query}
      render={(data, heading) => <SettingForm setting={data} heading={heading} />}
    />
  );
}

function SettingForm({ setting, heading }: { setting: RecipientMessagesSetting; heading: ReactNode }) {
  const t = useT();
  const [enabled, setEnabled] = useState(setting.enabled);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  const [save, { isLoading }] = useUpdateRecipientMessagesSettingMutation();
  const channel = setting.channel ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!channel) return;
    setSaved(false);
    setErrors(NO_ERRORS);
    try {
      const stored = await save({ enabled }).unwrap();
      setEnabled(stored.enabled);
      setSaved(true);
    } catch (error) {
      setErrors(formErrors(error, t));
    }
  };

  return (
    <Form as={CardContent} onSubmit={submit} data-testid="recipient-messages-form">
      <Stack spacing={3}>
        {heading}
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        {saved && (
          <Alert severity="success" onClose={() => setSaved(false)} closeText={t('common.close')} data-testid="recipient-messages-saved">
            {t('outbound.settings.saved')}
          </Alert>
        )}
        {channel ? (
          <Typography variant="body2" data-testid="recipient-messages-channel">
            {t('outbound.settings.channel', { channel: t(`outbound.channel.${channel}`) })}
          </Typography>
        ) : (
          <Alert severity="info" data-testid="recipient-messages-no-channel">
            {t('outbound.settings.noChannel')}
          </Alert>
        )}
        <FormField
          field={{ name: 'enabled', label: t('outbound.settings.enabled'), type: 'switch', helperText: errors.fields.enabled }}
          value={enabled}
          onChange={(checked) => {
            setEnabled(Boolean(checked));
            setSaved(false);
          }}
          disabled={isLoading || !channel}
          values={{ enabled }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading || !channel} data-testid="recipient-messages-save">
            {t('form.save')}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}
