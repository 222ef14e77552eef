import Chip from '@mui/material/Chip';
import type { MessageStatus } from '../../components/message/kinds';
import { useT, type MessageKey } from '../../i18n';
import '../../i18n/outbound';

const STATUS_COLORS: Record<MessageStatus, 'default' | 'success' | 'error'> = {
  pending: 'default',
  sent: 'success',
  failed: 'error',
};

/** A message's status: « En attente », « Envoyé » or « Échec ». */
export function MessageStatusChip({ status }: { status: MessageStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      variant={status === 'pending' ? 'outlined' : 'filled'}
      color={STATUS_COLORS[status] ?? 'default'}
      label={t(`outbound.status.${status}` as MessageKey)}
      data-testid="message-status"
      data-status={status}
    />
  );
}
