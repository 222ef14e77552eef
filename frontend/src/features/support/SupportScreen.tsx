import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { NoticeSnackbar, useNotice } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/table/DataTable';
import { DateTimeText } from '../../components/DateTimeText';
import { FilterSelect } from '../../components/table/FilterSelect';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import { selectSessionInfo } from '../../core/session/authSlice';
import { MerchantAutocomplete, type MerchantOption } from '../../components/merchant/MerchantAutocomplete';
import { TICKET_CATEGORIES, TICKET_PARAM, TICKET_STATUSES, useListTicketsQuery, type TicketView } from '../../components/support/api';
import { NewTicketDialog } from '../../components/support/NewTicketDialog';
import { TicketConversation } from './TicketConversation';
import { TicketStatusChip } from '../../components/support/TicketStatusChip';
import '../../i18n/support';
import { Ltr } from '../../components/Ltr';

/** /compte/support: the merchant's tickets or, for admins, every ticket; `?ticket=KEY` opens one. */
export default function SupportScreen() {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const isAdmin = session.role === 'admin';
  const [params, setParams] = useSearchParams();
  const opened = params.get(TICKET_PARAM);
  const { notice, notify, close } = useNotice();
  const [creating, setCreating] = useState(false);

  const open = useCallback(
    (key: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key) next.set(TICKET_PARAM, key);
          else next.delete(TICKET_PARAM);
          return next;
        },
        { replace: key === null },
      ),
    [setParams],
  );

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }} data-testid="support-screen" data-role={session.role}>
      <PageHeader title={t('route.support')} subtitle={isAdmin ? t('support.subtitle.admin') : t('support.subtitle.client')} />
      {opened ? (
        <TicketConversation key={opened} ticketKey={opened} onBack={() => open(null)} notify={notify} />
      ) : (
        <TicketList isAdmin={isAdmin} onOpen={open} onCreate={() => setCreating(true)} />
      )}
      {creating && (
        <NewTicketDialog
          open
          onClose={() => setCreating(false)}
          onCreated={(ticket) => {
            notify(t('support.created', { code: ticket.code }));
            open(ticket.key);
          }}
        />
      )}
      <NoticeSnackbar notice={notice} onClose={close} testId="support-notice" />
    </Box>
  );
}

function TicketList({ isAdmin, onOpen, onCreate }: { isAdmin: boolean; onOpen: (key: string) => void; onCreate: () => void }) {
  const t = useT();
  const list = useListState();
  const result = useListTicketsQuery(list.args);
  const [merchant, setMerchant] = useState<MerchantOption | null>(null);

  const columns: Column<TicketView>[] = [
    {
      id: 'code',
      label: t('support.code'),
      render: (ticket) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {ticket.unread && (
            <Box
              component="span"
              role="img"
              aria-label={t('support.unread')}
              title={t('support.unread')}
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', flexShrink: 0 }}
              data-testid="ticket-unread"
            />
          )}
          <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: ticket.unread ? 700 : 500 }}>
            <Ltr>{ticket.code}</Ltr>
          </Typography>
        </Stack>
      ),
    },
    { id: 'status', label: t('support.status'), card: 'badge', render: (ticket) => <TicketStatusChip ticket={ticket} /> },
    {
      id: 'subject',
      label: t('support.subject'),
      render: (ticket) => (
        <Box sx={{ minWidth: 0, maxWidth: 420 }}>
          <Typography variant="body2" dir="auto" sx={{ fontWeight: ticket.unread ? 700 : 500, overflowWrap: 'anywhere' }}>
            {ticket.subject}
          </Typography>
          {ticket.last_message && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }} data-testid="ticket-last-message">
              {ticket.last_message.author.name} : <bdi>{ticket.last_message.body}</bdi>
            </Typography>
          )}
        </Box>
      ),
    },
    { id: 'category', label: t('support.category'), render: (ticket) => ticket.category_label },
    ...(isAdmin
      ? [{ id: 'client', label: t('support.merchant'), render: (ticket: TicketView) => ticket.client.company || ticket.client.name }]
      : []),
    {
      id: 'parcel',
      label: t('support.parcel'),
      render: (ticket) => (ticket.parcel ? <bdi style={{ fontFamily: 'monospace' }}>{ticket.parcel.code}</bdi> : '—'),
    },
    { id: 'updated_at', label: t('support.updatedAt'), render: (ticket) => <DateTimeText value={ticket.updated_at} /> },
  ];

  const filters = (
    <>
      <FilterSelect
        list={list}
        filter="status"
        label={t('support.status')}
        options={[{ value: '', label: t('support.all') }, ...TICKET_STATUSES.map((value) => ({ value, label: t(`support.status.${value}`) }))]}
      />
      <FilterSelect
        list={list}
        filter="category"
        label={t('support.category')}
        options={[{ value: '', label: t('support.all') }, ...TICKET_CATEGORIES.map((value) => ({ value, label: t(`support.category.${value}`) }))]}
      />
      <FilterSelect
        list={list}
        filter="unread"
        label={t('support.unreadFilter')}
        options={[
          { value: '', label: t('support.all') },
          { value: 'true', label: t('support.unreadOnly') },
        ]}
      />
      {isAdmin && (
        <Box sx={{ minWidth: 240 }} data-testid="filter-client">
          <MerchantAutocomplete
            name="client"
            label={t('support.merchant')}
            value={merchant}
            onChange={(next) => {
              setMerchant(next);
              list.setFilter('client', next?.key);
            }}
          />
        </Box>
      )}
    </>
  );

  return (
    <DataTable<TicketView>
      columns={columns}
      list={list}
      result={result}
      rowKey={(ticket) => ticket.key}
      rowName={(ticket) => ticket.code}
      onRowClick={(ticket) => onOpen(ticket.key)}
      searchPlaceholder={t('support.search')}
      filters={filters}
      emptyMessage={t('support.empty')}
      testId="tickets-table"
      actions={
        isAdmin ? undefined : (
          <Button variant="contained" startIcon={<Add />} onClick={onCreate} data-testid="new-ticket" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('support.new')}
          </Button>
        )
      }
    />
  );
}
