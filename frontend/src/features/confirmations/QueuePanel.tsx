import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from '../../components/form/failureMessage';
import { NoticeSnackbar, useNotice } from '../../components/NoticeSnackbar';
import { useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import { formatDate, useLanguage, useT, type Language, type Translate } from '../../i18n';
import { useNextConfirmationMutation, type ConfirmationOutcome, type ConfirmationResult } from './api';
import { CallDialog, type CallEnd } from './CallDialog';
import { TaskCard } from './TaskCard';
import '../../i18n/confirmations';

/** The time of a retry: « 16:30 » today, with its date another day. */
function retryTime(value: string, language: Language): string {
  const at = new Date(value);
  const sameDay = at.toDateString() === new Date().toDateString();
  return formatDate(at, language, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
}

/** What the notice says once a call is recorded. */
function doneMessage(result: ConfirmationResult, t: Translate, language: Language, statusLabel: (status: ConfirmationResult['parcel']['status'], fallback: string) => string): string {
  const code = result.parcel.key;
  switch (result.outcome) {
    case 'confirmed':
      return t('confirmations.done.confirmed', { code });
    case 'cancelled':
      return t('confirmations.done.cancelled', { code });
    default:
      // No answer is called again; the last one, or a wrong number, gives the order up.
      return result.retry_at
        ? t('confirmations.done.retry', { time: retryTime(result.retry_at, language) })
        : t('confirmations.done.givenUp', { code, status: statusLabel(result.parcel.status, result.parcel.status_label) });
  }
}

/**
 * The agent's queue: the order he holds (asked on opening: `POST confirmations/next`), what he
 * records after his call, then at once the next one; « nothing to confirm » with a button to ask
 * again when the queue is empty. An order another agent took or decided meanwhile (409) says so
 * and moves on to the next.
 */
export function QueuePanel() {
  const t = useT();
  const language = useLanguage();
  const statusLabel = useStatusLabel();
  const [askNext, next] = useNextConfirmationMutation();
  const [dialog, setDialog] = useState<{ outcome: ConfirmationOutcome; open: boolean } | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const { notice, notify, close } = useNotice();

  const ask = useCallback(() => {
    void askNext();
  }, [askNext]);
  useEffect(ask, [ask]);

  const task = next.data;
  const ended = (end: CallEnd) => {
    setDialog(null);
    if (end.kind === 'taken') {
      setTaken(end.message);
    } else {
      setTaken(null);
      notify(doneMessage(end.result, t, language, statusLabel), end.result.outcome === 'confirmed' ? 'success' : 'info');
    }
    ask();
  };

  let body;
  if (next.isLoading || next.isUninitialized) {
    body = (
      <Card aria-busy="true" aria-label={t('confirmations.loading')} data-testid="confirmation-loading">
        <CardContent>
          <Skeleton width="40%" height={36} />
          <Skeleton width="70%" height={48} />
          <Skeleton variant="rounded" height={48} sx={{ my: 2 }} />
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={28} />
          ))}
        </CardContent>
      </Card>
    );
  } else if (next.isError) {
    body = (
      <Alert
        severity="error"
        data-testid="confirmation-error"
        action={
          <Button color="inherit" size="small" onClick={ask}>
            {t('error.retry')}
          </Button>
        }
      >
        {t('confirmations.loadError')} {failureMessage(next.error, t)}
      </Alert>
    );
  } else if (!task) {
    body = (
      <Card data-testid="confirmation-empty">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5, py: 6 }}>
          <PhoneInTalkOutlined fontSize="large" color="disabled" />
          <Typography variant="h6" component="p">
            {t('confirmations.empty')}
          </Typography>
          <Typography color="text.secondary">{t('confirmations.emptyHint')}</Typography>
          <Button variant="contained" startIcon={<RefreshOutlined />} onClick={ask} data-testid="confirmation-ask-again">
            {t('confirmations.askAgain')}
          </Button>
        </CardContent>
      </Card>
    );
  } else {
    body = <TaskCard task={task} onOutcome={(outcome) => setDialog({ outcome, open: true })} onTakeAgain={ask} />;
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="confirmation-queue">
      {taken && (
        <Alert severity="warning" onClose={() => setTaken(null)} closeText={t('common.close')} data-testid="confirmation-taken">
          {taken}
        </Alert>
      )}
      {body}
      {task && dialog && (
        <CallDialog
          // A new dialog for each order and outcome: it starts from the order's values.
          key={`${task.parcel.key}-${dialog.outcome}`}
          parcel={task.parcel}
          outcome={dialog.outcome}
          open={dialog.open}
          onClose={() => setDialog((current) => (current ? { ...current, open: false } : null))}
          onEnd={ended}
        />
      )}
      <NoticeSnackbar notice={notice} onClose={close} testId="confirmation-notice" />
    </Box>
  );
}
