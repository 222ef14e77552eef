import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorStatus, fieldErrors } from '../../core/api';
import { useAppSelector } from '../../core/hooks';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import { failureMessage } from '../../components/form/failureMessage';
import type { Notify } from '../../components/NoticeSnackbar';
import { useT } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { selectSessionInfo } from '../../core/session/authSlice';
import { DateTimeText } from '../../components/DateTimeText';
import { useGetParcelQuery } from '../../components/parcel/api';
import { ParcelStatusChip } from '../../components/parcel/ParcelStatusChip';
import { PARCEL_PARAM, parcelListRoute } from '../../components/parcel/views';
import {
  useDeleteTicketMessageMutation,
  useGetTicketQuery,
  usePostTicketMessageMutation,
  useSetTicketStatusMutation,
  type TicketDetail,
  type TicketMessage,
} from '../../components/support/api';
import { TicketStatusChip } from '../../components/support/TicketStatusChip';
import '../../i18n/support';
import { Ltr } from '../../components/Ltr';
import { Form } from '../../components/form/Form';
import { MIRROR_IN_RTL } from '../../components/mirror';

interface Props {
  ticketKey: string;
  onBack: () => void;
  notify: Notify;
}

/** One ticket: its header (status, category, merchant, parcel), the messages as a chat thread, the reply box. */
export function TicketConversation({ ticketKey, onBack, notify }: Props) {
  const t = useT();
  const { data, isLoading, isError, error } = useGetTicketQuery(ticketKey);
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="ticket-conversation">
      <Box>
        <Button startIcon={<ArrowBack {...MIRROR_IN_RTL} />} onClick={onBack} data-testid="ticket-back">
          {t('support.back')}
        </Button>
      </Box>
      {isLoading ? (
        <Card sx={{ p: 2 }} data-testid="ticket-loading">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={40} />
          ))}
        </Card>
      ) : isError || !data ? (
        <Alert severity="error" data-testid="ticket-error">
          {errorStatus(error) === 404 ? t('support.notFound') : t('support.loadError')}
        </Alert>
      ) : (
        <Conversation ticket={data.data} notify={notify} />
      )}
    </Box>
  );
}

function Conversation({ ticket, notify }: { ticket: TicketDetail; notify: Notify }) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const isAdmin = session.role === 'admin';
  const [setStatus, statusState] = useSetTicketStatusMutation();
  const [deleting, setDeleting] = useState<TicketMessage | null>(null);
  const [deleteMessage] = useDeleteTicketMessageMutation();
  const parcelRoute = parcelListRoute(session.role, session.permissions);
  const parcelPath =
    ticket.parcel && parcelRoute ? `${pathOf(parcelRoute, session)}?${PARCEL_PARAM}=${encodeURIComponent(ticket.parcel.key)}` : null;

  const changeStatus = async (status: 'open' | 'closed') => {
    try {
      await setStatus({ key: ticket.key, status }).unwrap();
      notify(t(status === 'closed' ? 'support.closed' : 'support.reopened'));
    } catch (error) {
      notify(failureMessage(error, t), 'error');
    }
  };

  return (
    <>
      <Card sx={{ p: { xs: 2, sm: 3 } }} data-testid="ticket-header">
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary" sx={{ fontFamily: 'monospace' }} data-testid="ticket-code">
              <Ltr>{ticket.code}</Ltr>
            </Typography>
            <Typography variant="h6" component="h2" dir="auto" sx={{ overflowWrap: 'anywhere' }} data-testid="ticket-subject">
              {ticket.subject}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {ticket.status === 'closed' ? (
              !isAdmin && (
                <Button
                  variant="outlined"
                  startIcon={<LockOpenOutlined />}
                  onClick={() => changeStatus('open')}
                  disabled={statusState.isLoading}
                  data-testid="ticket-reopen"
                >
                  {t('support.reopen')}
                </Button>
              )
            ) : (
              <Button
                variant="outlined"
                color="secondary"
                startIcon={<LockOutlined />}
                onClick={() => changeStatus('closed')}
                disabled={statusState.isLoading}
                data-testid="ticket-close"
              >
                {t('support.close')}
              </Button>
            )}
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TicketStatusChip ticket={ticket} size="medium" />
          <Chip variant="outlined" label={ticket.category_label} data-testid="ticket-category" />
          {isAdmin && (
            <Typography variant="body2" color="text.secondary" data-testid="ticket-merchant">
              {ticket.client.company ? `${ticket.client.company} · ${ticket.client.name}` : ticket.client.name}
            </Typography>
          )}
        </Stack>
        {ticket.parcel && (
          <Stack
            direction="row"
            sx={{ mt: 2, p: 1.5, gap: 1, alignItems: 'center', flexWrap: 'wrap', borderRadius: 1, bgcolor: 'action.hover' }}
            data-testid="ticket-parcel"
          >
            <Inventory2Outlined fontSize="small" color="action" />
            <Typography variant="body2" color="text.secondary">
              {t('support.parcelAtHand')}
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              <Ltr>{ticket.parcel.code}</Ltr>
            </Typography>
            <ParcelStatus parcelKey={ticket.parcel.key} />
            {parcelPath && (
              <Link component={RouterLink} to={parcelPath} variant="body2" sx={{ ml: 'auto' }} data-testid="ticket-parcel-link">
                {t('support.openParcel')}
              </Link>
            )}
          </Stack>
        )}
      </Card>

      <Card sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="ticket-messages">
          {ticket.messages.length === 0 && (
            <Typography color="text.secondary" component="li">
              {t('support.noMessage')}
            </Typography>
          )}
          {ticket.messages.map((message) => (
            <MessageBubble key={message.key} message={message} onDelete={() => setDeleting(message)} />
          ))}
        </Stack>
        {ticket.messages.some((message) => message.mine) && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }} data-testid="ticket-delete-rule">
            {t('support.deleteRule')}
          </Typography>
        )}
      </Card>

      {ticket.status === 'closed' && (
        <Alert severity="info" data-testid="ticket-closed-note">
          {isAdmin ? t('support.closedNoteAdmin') : t('support.closedNote')}
        </Alert>
      )}
      {(!isAdmin || ticket.status !== 'closed') && <ReplyBox ticketKey={ticket.key} notify={notify} />}

      {deleting && (
        <ConfirmDialog
          open
          title={t('support.deleteTitle')}
          body={t('support.deleteBody')}
          confirmLabel={t('support.deleteMessage')}
          onConfirm={() => deleteMessage({ ticket: ticket.key, message: deleting.key }).unwrap()}
          onDone={() => notify(t('support.deleted'))}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}

/** The parcel's current status (nothing while it loads or when it cannot be read). */
function ParcelStatus({ parcelKey }: { parcelKey: string }) {
  const { data } = useGetParcelQuery(parcelKey);
  if (!data) return null;
  return <ParcelStatusChip status={data.data.status} label={data.data.status_label} />;
}

function MessageBubble({ message, onDelete }: { message: TicketMessage; onDelete: () => void }) {
  const t = useT();
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: message.mine ? 'flex-end' : 'flex-start' }}
      data-testid="ticket-message"
      data-mine={message.mine}
    >
      <Box
        sx={{
          maxWidth: { xs: '88%', sm: '75%' },
          minWidth: 0,
          px: 1.75,
          py: 1.25,
          borderRadius: 2,
          bgcolor: message.mine ? 'primary.main' : 'action.hover',
          color: message.mine ? 'primary.contrastText' : 'text.primary',
          borderBottomRightRadius: message.mine ? 4 : undefined,
          borderBottomLeftRadius: message.mine ? undefined : 4,
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" sx={{ fontWeight: 600, opacity: 0.9 }}>
            {message.mine ? t('support.you') : message.author.name}
          </Typography>
          <Typography variant="caption" sx={{ opacity: 0.75, flexGrow: 1 }}>
            <DateTimeText value={message.created_at} />
          </Typography>
          {message.deletable && (
            <Tooltip title={t('support.deleteMessage')}>
              <IconButton
                size="small"
                onClick={onDelete}
                aria-label={t('support.deleteMessage')}
                sx={{ color: 'inherit', m: -0.5 }}
                data-testid="ticket-message-delete"
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }} data-testid="ticket-message-body">
          {message.body}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The reply box, a form: « Envoyer » or Ctrl+Enter (⌘+Enter) submit it the same way, so an empty
 * reply or the server's refusal of it shows under the field, which takes the focus, and is said.
 */
function ReplyBox({ ticketKey, notify }: { ticketKey: string; notify: Notify }) {
  const t = useT();
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  const [post, { isLoading }] = usePostTicketMessageMutation();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    if (!body.trim()) {
      setError(t('support.replyRequired'));
      return;
    }
    setError('');
    try {
      await post({ key: ticketKey, body: body.trim() }).unwrap();
      setBody('');
      notify(t('support.sent'));
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (fields.body) setError(fields.body);
      else notify(failureMessage(failure, t), 'error');
    }
  };
  return (
    <Form as={Card} onSubmit={send} sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', gap: 1, alignItems: 'flex-end' }} data-testid="ticket-reply">
      <TextField
        name="body"
        label={t('support.reply')}
        placeholder={t('support.replyPlaceholder')}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          if (error) setError('');
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
          // Through the form, as « Envoyer »: its checks and the announcement of a refusal run.
          event.preventDefault();
          (event.target as HTMLTextAreaElement).form?.requestSubmit();
        }}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        error={Boolean(error)}
        helperText={error || undefined}
        disabled={isLoading}
        slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'ticket-reply-input' } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={isLoading || !body.trim()}
        aria-label={t('support.send')}
        startIcon={isLoading ? <CircularProgress size={16} color="inherit" /> : <Send {...MIRROR_IN_RTL} />}
        sx={{ flexShrink: 0, minWidth: { xs: 0, sm: 64 }, '& .MuiButton-startIcon': { mx: { xs: 0, sm: undefined } } }}
        data-testid="ticket-reply-send"
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('support.send')}
        </Box>
      </Button>
    </Form>
  );
}
