import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useAppSelector } from '../../core/hooks';
import { useT } from '../../i18n';
import type { ScreenProps } from '../../navigation/types';
import { selectSessionInfo } from '../../core/session/authSlice';
import { openVoucherPdf } from '../../components/voucher/api';
import { voucherListOf } from '../../components/voucher/config';
import { ShipPanel } from './ShipPanel';
import { VoucherList } from './VoucherList';
import '../../i18n/vouchers';

/**
 * The admin's bons-de-sortie: a new exit voucher (delivery person, his parcels, "Expédier",
 * then its PDF for signature), above the list of exit vouchers.
 */
export default function ExitVouchersScreen({ route }: ScreenProps) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const config = voucherListOf(session.role, route.name);
  if (!config || !session.role) return <Alert severity="warning">{t('vouchers.noList')}</Alert>;
  return (
    <VoucherList
      key={route.name}
      routeName={route.name}
      role={session.role}
      config={config}
      top={(notify) => (
        <ShipPanel
          onShipped={(voucher) => {
            const popup = openVoucherPdf('exit', voucher.key);
            notify(
              t('vouchers.ship.done', { key: voucher.key, count: voucher.parcels_count, name: voucher.delivery_admin?.name ?? '' }),
              'success',
              // The browser blocked the window: print from here.
              popup ? undefined : (
                <Button color="inherit" size="small" onClick={() => openVoucherPdf('exit', voucher.key)}>
                  {t('vouchers.print')}
                </Button>
              ),
            );
          }}
        />
      )}
    />
  );
}
