import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import History from '@mui/icons-material/History';
import ListAlt from '@mui/icons-material/ListAlt';
import Replay from '@mui/icons-material/Replay';
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
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type FormEvent } from 'react';
import { DateTimeText } from '../../components/DateTimeText';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import { FormTextField } from '../../components/FormTextField';
import { LoadStates } from '../../components/LoadStates';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { DeliveryAttemptsDialog, DeliveryStatusChip } from '../../components/webhooks/DeliveryAttemptsDialog';
import { DeliverySubject } from '../../components/webhooks/DeliverySubject';
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
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '../../components/webhooks/api';
import { formErrors, type FormErrors } from '../../core/session/errors';
import { formatDate, useLanguage, useT } from '../../i18n';
import '../../i18n/webhooks';
import { SecretDialog } from './SecretDialog';
import { Form } from '../../components/form/Form';
import { MIRROR_IN_RTL } from '../../components/mirror';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

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

/** The deliveries to one endpoint, newest first: what each is about, its attempts, and a "send again". */
function DeliveryLog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const list = useListState({ url: false });
  const deliveries = useWebhookDeliveriesQuery({ ...list.args, webhook: webhook.key }, { pollingInterval: 5_000 });
  const [retry, retrying] = useRetryDeliveryMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState<WebhookDelivery | null>(null);
  const rows = deliveries.data?.data ?? [];
  // The attempts shown follow the log as it is polled (a new attempt, a retry).
  const shown = opened ? rows.find((delivery) => delivery.key === opened.key) ?? opened : null;
  const resend = async (key: string) => {
    setError(null);
    try {
      await retry(key).unwrap();
      setNotice(t('webhooks.retried'));
    } catch (failure) {
      setError(formErrors(failure, t).form);
    }
  };
  const columns: Column<WebhookDelivery>[] = [
    { id: 'event', label: t('webhooks.column.event'), render: (delivery) => t(`webhooks.event.${delivery.event}`) },
    { id: 'subject', label: t('webhooks.column.subject'), render: (delivery) => <DeliverySubject delivery={delivery} /> },
    { id: 'status', label: t('webhooks.column.status'), card: 'badge', render: (delivery) => <DeliveryStatusChip status={delivery.status} /> },
    {
      id: 'attempts',
      label: t('webhooks.column.attempts'),
      render: (delivery) => (
        <Box sx={{ minWidth: 0, maxWidth: { md: 280 }, overflowWrap: 'anywhere' }}>
          <Typography variant="body2">{t('webhooks.attempts', { count: delivery.attempts })}</Typography>
          {(delivery.last_status_code != null || delivery.last_error) && (
            <Typography variant="caption" color="text.secondary" component="div">
              {delivery.last_status_code != null
                ? t('webhooks.lastAnswer', { code: delivery.last_status_code })
                : t('webhooks.lastError', { error: delivery.last_error ?? '' })}
            </Typography>
          )}
          {delivery.next_attempt_at && delivery.attempts > 0 && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('webhooks.nextAttempt', { at: formatDate(delivery.next_attempt_at, language, { dateStyle: 'medium', timeStyle: 'short' }) })}
            </Typography>
          )}
        </Box>
      ),
    },
    { id: 'created_at', label: t('webhooks.column.createdAt'), render: (delivery) => <DateTimeText value={delivery.created_at} /> },
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} data-testid="webhook-log">
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
        <DataTable
          embedded
          columns={columns}
          list={list}
          result={{
            data: deliveries.data,
            // Polling the log shows no progress bar; a page being loaded does.
            isFetching: deliveries.isFetching && deliveries.currentData === undefined,
            isError: deliveries.isError,
            error: deliveries.error,
            refetch: deliveries.refetch,
          }}
          rowKey={(delivery) => delivery.key}
          rowName={(delivery) => [t(`webhooks.event.${delivery.event}`), delivery.subject_key].filter(Boolean).join(' ')}
          rowActions={(delivery) => [
            { id: 'attempts', label: t('webhooks.showAttempts'), icon: <History fontSize="small" />, onClick: setOpened },
            {
              id: 'retry',
              label: t('webhooks.retry'),
              icon: <Replay fontSize="small" />,
              onClick: () => void resend(delivery.key),
              disabled: retrying.isLoading,
            },
          ]}
          onRowClick={setOpened}
          emptyMessage={t('webhooks.logEmpty')}
          testId="webhook-deliveries"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
      {shown && <DeliveryAttemptsDialog delivery={shown} onClose={() => setOpened(null)} />}
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
    return run(async () => {
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
          <Form onSubmit={submit} data-testid="webhook-form" sx={{ display: 'grid', gap: 2 }}>
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
          </Form>
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
                      startIcon={<Send {...MIRROR_IN_RTL} />}
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
