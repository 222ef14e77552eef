import Chip from '@mui/material/Chip';
import type { InvoiceStatus } from '../../components/invoice/api';

/** An invoice's status with the server's label: draft (still changing), validated, paid. */
export function InvoiceStatusChip({ invoice, size = 'small' }: { invoice: { status: InvoiceStatus; status_label: string }; size?: 'small' | 'medium' }) {
  return (
    <Chip
      size={size}
      variant={invoice.status === 'draft' ? 'outlined' : 'filled'}
      color={invoice.status === 'draft' ? 'warning' : invoice.status === 'paid' ? 'success' : 'info'}
      label={invoice.status_label}
      data-testid="invoice-status"
      data-status={invoice.status}
      sx={{ fontWeight: 500 }}
    />
  );
}
