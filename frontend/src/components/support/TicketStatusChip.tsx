import Chip from '@mui/material/Chip';
import { useValueLabel } from '../../i18n';
import type { TicketStatus } from './api';
import '../../i18n/support';

/** A ticket's status in the UI's language: open (waiting for the team), answered, closed. */
export function TicketStatusChip({ ticket, size = 'small' }: { ticket: { status: TicketStatus; status_label: string }; size?: 'small' | 'medium' }) {
  const label = useValueLabel();
  return (
    <Chip
      size={size}
      variant={ticket.status === 'closed' ? 'outlined' : 'filled'}
      color={ticket.status === 'open' ? 'warning' : ticket.status === 'answered' ? 'info' : 'default'}
      label={label('support.status', ticket.status, ticket.status_label)}
      data-testid="ticket-status"
      data-status={ticket.status}
      sx={{ fontWeight: 500 }}
    />
  );
}
