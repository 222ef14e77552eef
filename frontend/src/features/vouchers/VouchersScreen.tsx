import Alert from '@mui/material/Alert';
import { useAppSelector } from '../../core/hooks';
import { useT } from '../../i18n';
import type { ScreenProps } from '../../navigation/types';
import { selectSessionInfo } from '../../core/session/authSlice';
import { voucherListOf } from '../../components/voucher/config';
import { VoucherList } from './VoucherList';
import '../../i18n/vouchers';

/** Every voucher list of every role (the route decides the kind, tabs, columns and actions). */
export default function VouchersScreen({ route }: ScreenProps) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const config = voucherListOf(session.role, route.name);
  if (!config || !session.role) return <Alert severity="warning">{t('vouchers.noList')}</Alert>;
  return <VoucherList key={route.name} routeName={route.name} role={session.role} config={config} />;
}
