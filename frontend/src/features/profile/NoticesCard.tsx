import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { failureMessage } from '../../components/form/failureMessage';
import { Form } from '../../components/form/Form';
import { kindLabel, type MessageKind } from '../../components/message/kinds';
import { useT } from '../../i18n';
import { useNoticesQuery, useSetNoticesMutation, type NoticeSetting } from './api';
import '../../i18n/outbound';

/** The kinds turned off in the server's settings (those always sent never are). */
function turnedOff(settings: readonly NoticeSetting[]): MessageKind[] {
  return settings.filter((setting) => !setting.enabled && !setting.required).map((setting) => setting.kind);
}

/**
 * « Notifications par e-mail »: one switch per kind of e-mail the signed-in user may receive;
 * those that protect the account (a forgotten password…) stay on, « toujours envoyé (sécurité) ».
 * « Enregistrer » sends the kinds turned off.
 */
export function NoticesCard() {
  const t = useT();
  const { data, isLoading, isError, refetch } = useNoticesQuery();
  const [save, { isLoading: saving }] = useSetNoticesMutation();
  // What the person changed and has not saved yet (null: the server's settings as they are).
  const [draft, setDraft] = useState<MessageKind[] | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const settings = data?.data ?? [];
  const saved = turnedOff(settings);
  const off = draft ?? saved;
  const dirty = draft !== null && (draft.length !== saved.length || draft.some((kind) => !saved.includes(kind)));

  const toggle = (kind: MessageKind, on: boolean) => {
    setMessage(null);
    setDraft(on ? off.filter((other) => other !== kind) : [...off.filter((other) => other !== kind), kind]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      await save({ disabled: off }).unwrap();
      setDraft(null);
      setMessage({ severity: 'success', text: t('notices.saved') });
    } catch (failure) {
      setMessage({ severity: 'error', text: failureMessage(failure, t) });
    }
  };

  return (
    <Card data-testid="notices-card">
      <CardHeader title={t('notices.title')} subheader={t('notices.subtitle')} />
      {isLoading ? (
        <CardContent>
          <Skeleton variant="rounded" height={160} />
        </CardContent>
      ) : isError || !data ? (
        <CardContent>
          <Alert severity="error" action={<Link component="button" type="button" onClick={() => refetch()}>{t('error.retry')}</Link>}>
            {t('notices.loadError')}
          </Alert>
        </CardContent>
      ) : settings.length === 0 ? (
        <CardContent>
          <Typography color="text.secondary" data-testid="notices-empty">
            {t('notices.empty')}
          </Typography>
        </CardContent>
      ) : (
        <Form as={CardContent} onSubmit={submit} data-testid="notices-form">
          <Stack spacing={2}>
            <FormGroup aria-label={t('notices.title')}>
              {settings.map((setting) => (
                <FormControlLabel
                  key={setting.kind}
                  data-testid={`notice-${setting.kind}`}
                  sx={{ alignItems: 'flex-start', py: 0.5, mr: 0 }}
                  control={
                    <Switch
                      name={setting.kind}
                      checked={setting.required || !off.includes(setting.kind)}
                      disabled={setting.required || saving}
                      onChange={(event) => toggle(setting.kind, event.target.checked)}
                    />
                  }
                  label={
                    <Box sx={{ pt: 1 }}>
                      <Typography variant="body1">{kindLabel(t, setting.kind)}</Typography>
                      {setting.required && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {t('notices.required')}
                        </Typography>
                      )}
                      {setting.kind === 'recipient_messages' && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {t('notices.recipientMessagesHelp')}
                        </Typography>
                      )}
                    </Box>
                  }
                />
              ))}
            </FormGroup>
            {message && (
              <Alert severity={message.severity} closeText={t('common.close')} onClose={() => setMessage(null)} data-testid="notices-message">
                {message.text}
              </Alert>
            )}
            <Box>
              <Button type="submit" variant="contained" disabled={!dirty || saving} data-testid="notices-save">
                {t('notices.save')}
              </Button>
            </Box>
          </Stack>
        </Form>
      )}
    </Card>
  );
}
