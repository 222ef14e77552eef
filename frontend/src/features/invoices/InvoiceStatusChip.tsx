import Chip from '@mui/material/Chip';
import { useValueLabel } from '../../i18n';
import type { InvoiceStatus } from '../../components/invoice/api';
import '../../i18n/invoices';

/** An invoice's status in the UI's language: draft (still changing), validated, paid. */
export function InvoiceStatusChip({ invoice, size = 'small' }: { invoice: { status: InvoiceStatus; status_label: string }; size?: 'small' | 'medium' }) {
  const label = useValueLabel();
  return (
    <Chip
      size={size}
      variant={invoice.status === 'draft' ? 'outlined' : 'filled'}
      color={invoice.status === 'draft' ? 'warning' : invoice.status === 'paid' ? 'success' : 'info'}
      label={label('invoices.status', invoice.status, invoice.status_label)}
      data-testid="invoice-status"
      data-status={invoice.status}
      sx={{ fontWeight: 500 }}
    />
  );
}
