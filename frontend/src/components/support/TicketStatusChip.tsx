import Chip from '@mui/material/Chip';
import type { TicketStatus } from './api';

/** A ticket's status with the server's label: open (waiting for the team), answered, closed. */
export function TicketStatusChip({ ticket, size = 'small' }: { ticket: { status: TicketStatus; status_label: string }; size?: 'small' | 'medium' }) {
  return (
    <Chip
      size={size}
      variant={ticket.status === 'closed' ? 'outlined' : 'filled'}
      color={ticket.status === 'open' ? 'warning' : ticket.status === 'answered' ? 'info' : 'default'}
      label={ticket.status_label}
      data-testid="ticket-status"
      data-status={ticket.status}
      sx={{ fontWeight: 500 }}
    />
  );
}
