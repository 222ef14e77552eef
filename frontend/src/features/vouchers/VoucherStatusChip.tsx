import Chip from '@mui/material/Chip';
import type { Voucher } from '../../components/voucher/api';

/** A voucher's status with the server's label: new (to receive), received, issued (exit). */
export function VoucherStatusChip({ voucher }: { voucher: Pick<Voucher, 'status' | 'status_label'> }) {
  return (
    <Chip
      size="small"
      variant={voucher.status === 'new' ? 'outlined' : 'filled'}
      color={voucher.status === 'new' ? 'warning' : voucher.status === 'received' ? 'success' : 'info'}
      label={voucher.status_label}
      data-testid="voucher-status"
      data-status={voucher.status}
      sx={{ fontWeight: 500 }}
    />
  );
}
