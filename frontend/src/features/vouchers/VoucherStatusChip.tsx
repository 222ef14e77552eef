import Chip from '@mui/material/Chip';
import { useValueLabel } from '../../i18n';
import type { Voucher } from '../../components/voucher/api';
import '../../i18n/vouchers';

/** A voucher's status in the UI's language: new (to receive), received, issued (exit). */
export function VoucherStatusChip({ voucher }: { voucher: Pick<Voucher, 'status' | 'status_label'> }) {
  const label = useValueLabel();
  return (
    <Chip
      size="small"
      variant={voucher.status === 'new' ? 'outlined' : 'filled'}
      color={voucher.status === 'new' ? 'warning' : voucher.status === 'received' ? 'success' : 'info'}
      label={label('vouchers.status', voucher.status, voucher.status_label)}
      data-testid="voucher-status"
      data-status={voucher.status}
      sx={{ fontWeight: 500 }}
    />
  );
}
