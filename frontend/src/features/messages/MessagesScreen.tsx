import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { DateTimeText } from '../../components/DateTimeText';
import { Ltr } from '../../components/Ltr';
import { lazyNamed, useLoadedOnce } from '../../components/lazy';
import { kindLabel, LOGGED_KINDS, MESSAGE_CHANNELS, MESSAGE_STATUSES } from '../../components/message/kinds';
import { NoticeSnackbar, useNotice } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/table/DataTable';
import { FilterSelect } from '../../components/table/FilterSelect';
import { useListState } from '../../components/table/useListState';
import { useT, type MessageKey } from '../../i18n';
import { useListMessagesQuery, type SentMessage } from './api';
import { MessageStatusChip } from './MessageStatusChip';
import '../../i18n/outbound';
import '../../i18n/screens';

const MessageDrawer = lazyNamed(() => import(/* webpackChunkName: "message-drawer" */ './MessageDrawer'), 'MessageDrawer');

/**
 * /compte/messages (admins holding the dashboard): the messages the platform sent to people (the
 * e-mails of forgotten passwords, invitations, notices; SMS or WhatsApp to parcels' recipients),
 * newest first, searched by recipient and
 * filtered by channel, kind and status (all kept in the address); a row opens its attempts, and
 * « Renvoyer » queues a copy.
 */
export default function MessagesScreen() {
  const t = useT();
  const list = useListState({ filters: { channel: undefined, kind: undefined, status: undefined } });
  const result = useListMessagesQuery(list.args);
  const [opened, setOpened] = useState<SentMessage | null>(null);
  const drawerLoaded = useLoadedOnce(opened !== null);
  const { notice, notify, close } = useNotice();

  const all = { value: '', label: t('sentMessages.all') };
  const columns: Column<SentMessage>[] = [
    {
      id: 'recipient',
      label: t('sentMessages.recipient'),
      card: 'title',
      minWidth: 200,
      render: (row) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            <Ltr>{row.recipient}</Ltr>
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere', fontWeight: 400 }}>
            {row.subject ?? t('sentMessages.noSubject')}
          </Typography>
        </Box>
      ),
    },
    { id: 'status', label: t('sentMessages.status'), card: 'badge', nowrap: true, render: (row) => <MessageStatusChip status={row.status} /> },
    { id: 'kind', label: t('sentMessages.kind'), minWidth: 140, render: (row) => kindLabel(t, row.kind) },
    { id: 'channel', label: t('sentMessages.channel'), nowrap: true, render: (row) => t(`outbound.channel.${row.channel}` as MessageKey) },
    {
      id: 'attempts',
      label: t('sentMessages.attempts'),
      align: 'right',
      nowrap: true,
      render: (row) => (
        <span data-testid="message-attempts" title={row.last_error ?? undefined}>
          {row.attempts}
        </span>
      ),
    },
    { id: 'created_at', label: t('sentMessages.createdAt'), nowrap: true, render: (row) => <DateTimeText value={row.created_at} /> },
    { id: 'sent_at', label: t('sentMessages.sentAt'), nowrap: true, render: (row) => <DateTimeText value={row.sent_at} /> },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }} data-testid="messages-screen">
      <PageHeader title={t('route.messages')} subtitle={t('sentMessages.subtitle')} />
      <DataTable<SentMessage>
        columns={columns}
        list={list}
        result={result}
        rowKey={(row) => row.key}
        rowName={(row) => row.recipient}
        searchPlaceholder={t('sentMessages.search')}
        emptyMessage={t('sentMessages.empty')}
        testId="messages-table"
        onRowClick={setOpened}
        filters={
          <>
            <FilterSelect
              list={list}
              filter="channel"
              label={t('sentMessages.channel')}
              options={[all, ...MESSAGE_CHANNELS.map((channel) => ({ value: channel, label: t(`outbound.channel.${channel}`) }))]}
            />
            <FilterSelect
              list={list}
              filter="kind"
              label={t('sentMessages.kind')}
              options={[all, ...LOGGED_KINDS.map((kind) => ({ value: kind, label: kindLabel(t, kind) }))]}
            />
            <FilterSelect
              list={list}
              filter="status"
              label={t('sentMessages.status')}
              options={[all, ...MESSAGE_STATUSES.map((status) => ({ value: status, label: t(`outbound.status.${status}`) }))]}
            />
          </>
        }
      />
      {drawerLoaded && (
        <Suspense fallback={null}>
          <MessageDrawer
            message={opened}
            onClose={() => setOpened(null)}
            notify={notify}
            onResent={(copy) => {
              setOpened(copy);
              notify(t('sentMessages.resent', { recipient: copy.recipient }));
            }}
          />
        </Suspense>
      )}
      <NoticeSnackbar notice={notice} onClose={close} testId="messages-notice" />
    </Box>
  );
}
