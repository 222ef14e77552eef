import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { useT } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import { useListShopsQuery, type Shop } from './api';
import { isRecent } from './BankAccountCell';
import { formatRib } from './rib';
import '../../i18n/payout';

const DISMISSED_KEY = 'colivra.dismissedRibNotices';

function readDismissed(): string[] {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

function writeDismissed(keys: readonly string[]) {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(keys));
  } catch {
    // Private browsing: dismissed for this page only.
  }
}

/** The shops whose RIB change the merchant should hear about: waiting, or decided lately. */
export function noticedShops(shops: readonly Shop[], now: Date = new Date()): Shop[] {
  return shops.filter((shop) => {
    const change = shop.bank_account_change;
    if (!change) return false;
    return change.status === 'pending' || (change.status !== 'replaced' && isRecent(change.decided_at, now));
  });
}

/**
 * On the merchant's dashboard: his shops' RIB changes waiting for the staff, and those approved
 * or refused lately (the refusal's reason with it). A decided one can be hidden until the browser
 * session ends; a waiting one stays.
 */
export function BankAccountNotices() {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const shopsPath = pathOf('shops', session);
  const canRead = session.permissions.some((name) => name === 'shops' || name === 'add-new-parcels');
  const { data } = useListShopsQuery({ page: 1, per_page: 100 }, { skip: !canRead, refetchOnMountOrArgChange: true });
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const shown = noticedShops(data?.data ?? []).filter((shop) => !dismissed.includes(shop.bank_account_change!.key));
  if (shown.length === 0) return null;
  const dismiss = (key: string) => {
    const next = [...dismissed, key];
    setDismissed(next);
    writeDismissed(next);
  };
  return (
    <Stack spacing={1.5} component="section" aria-label={t('payout.notice.title')} data-testid="rib-notices">
      {shown.map((shop) => {
        const change = shop.bank_account_change!;
        const values = { shop: shop.name, rib: formatRib(change.bank_account), reason: change.comment ?? '' };
        const severity = change.status === 'approved' ? 'success' : change.status === 'refused' ? 'error' : 'warning';
        return (
          <Alert
            key={change.key}
            severity={severity}
            icon={<AccountBalanceOutlined />}
            onClose={change.status === 'pending' ? undefined : () => dismiss(change.key)}
            slotProps={{ closeButton: { 'aria-label': t('payout.notice.dismiss') } as object }}
            action={
              change.status === 'pending' && shopsPath !== NOT_FOUND_PATH ? (
                <Button component={RouterLink} to={shopsPath} color="inherit" size="small">
                  {t('payout.notice.open')}
                </Button>
              ) : undefined
            }
            data-testid="rib-notice"
            data-status={change.status}
            sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
          >
            {t(`payout.notice.${change.status as 'pending' | 'approved' | 'refused'}`, values)}
          </Alert>
        );
      })}
    </Stack>
  );
}
