import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import { LoadStates } from '../../components/LoadStates';
import { formatDate, useLanguage, useT } from '../../i18n';
import { useEndOtherSessionsMutation, useEndSessionMutation, useSessionsQuery, type UserSession } from './api';

/** "Chrome · Windows" from a User-Agent string; the raw string stays in the tooltip. */
export function deviceSummary(agent: string | null | undefined): string | null {
  if (!agent) return null;
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([pattern]) => (pattern as RegExp).test(agent))?.[1] ?? null;
  const system =
    [
      [/iPhone|iPad|iOS/, 'iPhone'],
      [/Android/, 'Android'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/Linux/, 'Linux'],
    ].find(([pattern]) => (pattern as RegExp).test(agent))?.[1] ?? null;
  const parts = [browser, system].filter(Boolean) as string[];
  return parts.length > 0 ? parts.join(' · ') : agent.slice(0, 40);
}

function useDateTime() {
  const language = useLanguage();
  return (value: string) => formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** One's live sessions (device, address, last seen), ending any other or all of them. */
export function SessionsCard() {
  const t = useT();
  const formatDateTime = useDateTime();
  const sessions = useSessionsQuery();
  const [endSession] = useEndSessionMutation();
  const [endOthers] = useEndOtherSessionsMutation();
  const [toEnd, setToEnd] = useState<UserSession | 'others' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const list = sessions.data?.data ?? [];
  const others = list.filter((session) => !session.current);

  /** Throws the failed call's error: the dialog shows it and stays open. */
  const confirm = async () => {
    if (toEnd === 'others') {
      const result = await endOthers().unwrap();
      setNotice(t('sessions.endedOthers', { count: String(result.ended) }));
    } else if (toEnd) {
      await endSession(toEnd.key).unwrap();
      setNotice(t('sessions.ended'));
    }
  };

  return (
    <Card data-testid="sessions-card">
      <CardHeader title={t('sessions.title')} subheader={t('sessions.subtitle')} />
      <CardContent>
        <Stack spacing={2}>
          {notice && (
            <Alert severity="success" closeText={t('common.close')} onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          <LoadStates
            loading={sessions.isLoading}
            failed={sessions.isError}
            empty={list.length === 0}
            failedText={t('sessions.loadError')}
            emptyText={t('sessions.empty')}
          >
            <List disablePadding data-testid="sessions-list">
              {list.map((session) => (
                <ListItem
                  key={session.key}
                  divider
                  data-testid="session-row"
                  sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}
                >
                  <ListItemText
                    sx={{ flex: '1 1 220px', minWidth: 0 }}
                    primary={
                      <Stack direction="row" spacing={1} sx={{ minWidth: 0, alignItems: 'center' }}>
                        <Typography
                          component="span"
                          sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                          title={session.device ?? undefined}
                        >
                          {deviceSummary(session.device) ?? t('sessions.unknownDevice')}
                        </Typography>
                        {session.current && (
                          <Chip size="small" color="primary" label={t('sessions.current')} data-testid="session-current" />
                        )}
                      </Stack>
                    }
                    secondary={t('sessions.seen', {
                      address: session.address ?? '—',
                      when: formatDateTime(session.last_seen_at),
                    })}
                  />
                  {!session.current && (
                    <Button
                      color="error"
                      size="small"
                      onClick={() => setToEnd(session)}
                      data-testid="session-end"
                      aria-label={`${t('sessions.end')} ${deviceSummary(session.device) ?? ''}`}
                    >
                      {t('sessions.end')}
                    </Button>
                  )}
                </ListItem>
              ))}
            </List>
          </LoadStates>
          {others.length > 0 && (
            <Box>
              <Button variant="outlined" color="error" onClick={() => setToEnd('others')} data-testid="sessions-end-others">
                {t('sessions.endOthers')}
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={toEnd !== null}
        testId="session-end-dialog"
        title={
          toEnd === 'others'
            ? t('sessions.endOthersTitle', { count: String(others.length) })
            : t('sessions.endTitle', { device: deviceSummary(toEnd === null ? null : toEnd.device) ?? t('sessions.unknownDevice') })
        }
        body={t('sessions.endBody')}
        confirmLabel={t('sessions.end')}
        onConfirm={confirm}
        onDone={() => setToEnd(null)}
        onClose={() => setToEnd(null)}
      />
    </Card>
  );
}
