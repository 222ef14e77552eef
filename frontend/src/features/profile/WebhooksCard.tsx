import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ListAlt from '@mui/icons-material/ListAlt';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { DateTimeText } from '../../components/DateTimeText';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import { FormTextField } from '../../components/FormTextField';
import { LoadStates } from '../../components/LoadStates';
import {
  WEBHOOK_EVENTS,
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useRetryDeliveryMutation,
  useTestWebhookMutation,
  useUpdateWebhookMutation,
  useWebhookDeliveriesQuery,
  useWebhooksQuery,
  type CreatedWebhook,
  type DeliveryStatus,
  type Webhook,
  type WebhookEvent,
} from '../../components/webhooks/api';
import { formErrors, type FormErrors } from '../../core/session/errors';
import { formatDate, useLanguage, useT } from '../../i18n';
import '../../i18n/webhooks';
import { SecretDialog } from './SecretDialog';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

const DELIVERY_COLORS: Record<DeliveryStatus, 'default' | 'success' | 'error'> = {
  pending: 'default',
  delivered: 'success',
  failed: 'error',
};

/** "Actif", "Désactivé" or "Suspendu" (paused after 24 h of failures). */
function StateChip({ webhook }: { webhook: Webhook }) {
  const t = useT();
  if (webhook.paused_at) return <Chip size="small" color="error" label={t('webhooks.state.paused')} />;
  return webhook.active ? (
    <Chip size="small" color="success" label={t('webhooks.state.active')} />
  ) : (
    <Chip size="small" label={t('webhooks.state.inactive')} />
  );
}

/** The deliveries to one endpoint, newest first, each with its attempts and a "send again". */
function DeliveryLog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const deliveries = useWebhookDeliveriesQuery(webhook.key, { pollingInterval: 5_000 });
  const [retry, retrying] = useRetryDeliveryMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = deliveries.data?.data ?? [];
  const resend = async (key: string) => {
    setError(null);
    try {
      await retry(key).unwrap();
      setNotice(t('webhooks.retried'));
    } catch (failure) {
      setError(formErrors(failure, t).form);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="webhook-log">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>{t('webhooks.logTitle', { url: webhook.url })}</DialogTitle>
      <DialogContent>
        {notice && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)} closeText={t('common.close')}>
            {notice}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <LoadStates
          loading={deliveries.isLoading}
          failed={deliveries.isError}
          empty={list.length === 0}
          failedText={t('webhooks.loadError')}
          emptyText={t('webhooks.logEmpty')}
        >
          <Stack spacing={1.5}>
            {list.map((delivery) => (
              <Paper key={delivery.key} variant="outlined" sx={{ p: 1.5 }} data-testid="webhook-delivery">
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{t(`webhooks.event.${delivery.event}`)}</Typography>
                  <Chip
                    size="small"
                    color={DELIVERY_COLORS[delivery.status]}
                    label={t(`webhooks.delivery.${delivery.status}`)}
                    data-testid="webhook-delivery-status"
                  />
                  <Typography variant="body2" color="text.secondary">
                    <DateTimeText value={delivery.created_at} />
                  </Typography>
                  <Box sx={{ flexGrow: 1 }} />
                  <Button size="small" onClick={() => resend(delivery.key)} disabled={retrying.isLoading}>
                    {t('webhooks.retry')}
                  </Button>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {t('webhooks.attempts', { count: delivery.attempts })}
                  {delivery.last_status_code !== null && ` · ${t('webhooks.lastAnswer', { code: delivery.last_status_code })}`}
                  {delivery.last_error && ` · ${t('webhooks.lastError', { error: delivery.last_error })}`}
                </Typography>
                {delivery.next_attempt_at && delivery.attempts > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('webhooks.nextAttempt', { at: formatDate(delivery.next_attempt_at, language, { dateStyle: 'medium', timeStyle: 'short' }) })}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                  {delivery.event_id}
                </Typography>
              </Paper>
            ))}
          </Stack>
        </LoadStates>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The merchant's webhook endpoints: add (URL, events, secret shown once), test, log, turn off, delete. */
export function WebhooksCard() {
  const t = useT();
  const webhooks = useWebhooksQuery();
  const [createWebhook, creating] = useCreateWebhookMutation();
  const [updateWebhook] = useUpdateWebhookMutation();
  const [deleteWebhook] = useDeleteWebhookMutation();
  const [testWebhook] = useTestWebhookMutation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['parcel.status_changed', 'parcel.outcome_recorded']);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [toDelete, setToDelete] = useState<Webhook | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const toggle = (event: WebhookEvent) =>
    setEvents((chosen) => (chosen.includes(event) ? chosen.filter((e) => e !== event) : [...chosen, event]));

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setErrors(NO_ERRORS);
    setNotice(null);
    try {
      await work();
      if (done) setNotice(done);
    } catch (error) {
      setErrors(formErrors(error, t));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const result = await createWebhook({ url: url.trim(), events }).unwrap();
      setCreated(result.data);
      setUrl('');
    });
  };

  const list = webhooks.data?.data ?? [];
  const paused = list.filter((webhook) => webhook.paused_at);

  return (
    <Card data-testid="webhooks-card">
      <CardHeader title={t('webhooks.title')} subheader={t('webhooks.subtitle')} />
      <CardContent>
        <Stack spacing={3}>
          {paused.map((webhook) => (
            <Alert key={webhook.key} severity="warning" sx={{ overflowWrap: 'anywhere' }} data-testid="webhook-paused">
              {t('webhooks.pausedNotice', { url: webhook.url })}
            </Alert>
          ))}
          <Box component="form" noValidate onSubmit={submit} data-testid="webhook-form" sx={{ display: 'grid', gap: 2 }}>
            <FormTextField
              label={t('webhooks.url')}
              name="url"
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              error={Boolean(errors.fields.url)}
              helperText={errors.fields.url ?? t('webhooks.urlHelp')}
              inputProps={{ dir: 'ltr', spellCheck: false }}
              required
            />
            <FormControl error={Boolean(errors.fields.events)} component="fieldset">
              <FormLabel component="legend">{t('webhooks.events')}</FormLabel>
              <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
                {WEBHOOK_EVENTS.map((event) => (
                  <FormControlLabel
                    key={event}
                    control={<Checkbox checked={events.includes(event)} onChange={() => toggle(event)} name={event} />}
                    label={t(`webhooks.event.${event}`)}
                  />
                ))}
              </FormGroup>
              {errors.fields.events && <FormHelperText>{errors.fields.events}</FormHelperText>}
            </FormControl>
            <Box>
              <Button type="submit" variant="contained" disabled={creating.isLoading || !url.trim() || events.length === 0}>
                {t('webhooks.add')}
              </Button>
            </Box>
          </Box>
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
          {notice && (
            <Alert severity="success" closeText={t('common.close')} onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          <LoadStates
            loading={webhooks.isLoading}
            failed={webhooks.isError}
            empty={list.length === 0}
            failedText={t('webhooks.loadError')}
            emptyText={t('webhooks.empty')}
            emptyTestId="webhooks-empty"
          >
            <Stack spacing={1.5}>
              {list.map((webhook) => (
                <Paper key={webhook.key} variant="outlined" sx={{ p: 2 }} data-testid="webhook-row">
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                    <Typography dir="ltr" sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: '1 1 220px' }}>
                      {webhook.url}
                    </Typography>
                    <StateChip webhook={webhook} />
                  </Stack>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, my: 1 }}>
                    {webhook.events.map((event) => (
                      <Chip key={event} size="small" variant="outlined" label={t(`webhooks.event.${event}`)} />
                    ))}
                  </Box>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    <Button
                      size="small"
                      startIcon={<Send />}
                      onClick={() => run(() => testWebhook(webhook.key).unwrap(), t('webhooks.testSent'))}
                    >
                      {t('webhooks.test')}
                    </Button>
                    <Button size="small" startIcon={<ListAlt />} onClick={() => setLogOf(webhook)}>
                      {t('webhooks.log')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() =>
                        run(() =>
                          updateWebhook({
                            key: webhook.key,
                            body: { active: !webhook.active || Boolean(webhook.paused_at) },
                          }).unwrap(),
                        )
                      }
                    >
                      {webhook.active && !webhook.paused_at ? t('webhooks.turnOff') : t('webhooks.turnOn')}
                    </Button>
                    <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={() => setToDelete(webhook)}>
                      {t('webhooks.delete')}
                    </Button>
                  </Box>
                </Paper>
              ))}
            </Stack>
          </LoadStates>
        </Stack>
      </CardContent>
      <SecretDialog
        open={created !== null}
        title={t('webhooks.secretTitle')}
        body={t('webhooks.secretBody')}
        label={created?.url ?? t('webhooks.url')}
        value={created?.secret ?? ''}
        texts={{ copied: t('webhooks.secretCopied'), copyFailed: t('webhooks.secretCopyFailed'), done: t('webhooks.secretDone') }}
        testIdPrefix="webhook-secret"
        onClose={() => setCreated(null)}
      />
      {logOf && <DeliveryLog webhook={logOf} onClose={() => setLogOf(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('webhooks.deleteTitle')}
        body={t('webhooks.deleteBody', { url: toDelete?.url ?? '' })}
        confirmLabel={t('webhooks.delete')}
        color="error"
        testId="webhook-delete-dialog"
        onConfirm={() => deleteWebhook(toDelete?.key ?? '').unwrap()}
        onDone={() => setNotice(t('webhooks.deleted'))}
        onClose={() => setToDelete(null)}
      />
    </Card>
  );
}
