import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { useT } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import { TICKET_PARAM, useListTicketsQuery } from './api';
import { NewTicketDialog } from './NewTicketDialog';
import { TicketStatusChip } from './TicketStatusChip';
import '../../i18n/support';
import { Ltr } from '../Ltr';

/**
 * The tickets about a parcel, on its detail (GET /api/tickets?parcel=KEY), each a link to its
 * conversation; a merchant may « Signaler un problème » from there (the new ticket, prefilled).
 */
export function ParcelTickets({ parcelKey }: { parcelKey: string }) {
  const t = useT();
  const navigate = useNavigate();
  const session = useAppSelector(selectSessionInfo);
  const supportPath = pathOf('support', session);
  const allowed = supportPath !== NOT_FOUND_PATH && session.role !== 'delivery-admin';
  const { data, isLoading, isError } = useListTicketsQuery({ parcel: parcelKey, per_page: 10 }, { skip: !allowed });
  const [reporting, setReporting] = useState(false);
  if (!allowed) return null;
  const tickets = data?.data ?? [];
  const ticketPath = (key: string) => `${supportPath}?${TICKET_PARAM}=${encodeURIComponent(key)}`;
  return (
    <Box data-testid="parcel-tickets">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          {t('support.parcelTickets')}
        </Typography>
        {session.role === 'client' && (
          <Button
            size="small"
            color="warning"
            startIcon={<ReportProblemOutlined />}
            onClick={() => setReporting(true)}
            data-testid="parcel-report-problem"
          >
            {t('support.reportProblem')}
          </Button>
        )}
      </Stack>
      <Divider sx={{ mb: 1.5 }} />
      {isLoading ? (
        <Skeleton height={32} />
      ) : isError || tickets.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('support.parcelNoTicket')}
        </Typography>
      ) : (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {tickets.map((ticket) => (
            <Stack
              key={ticket.key}
              component="li"
              direction="row"
              sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              data-testid="parcel-ticket"
            >
              <Link component={RouterLink} to={ticketPath(ticket.key)} sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                <Ltr>{ticket.code}</Ltr>
              </Link>
              <Typography variant="body2" dir="auto" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {ticket.subject}
              </Typography>
              <TicketStatusChip ticket={ticket} />
            </Stack>
          ))}
        </Stack>
      )}
      {reporting && (
        <NewTicketDialog
          open
          parcel={parcelKey}
          onClose={() => setReporting(false)}
          onCreated={(ticket) => navigate(ticketPath(ticket.key))}
        />
      )}
    </Box>
  );
}
