import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { useStatisticsQuery } from '../../components/dashboard/api';
import { lazyNamed } from '../../components/lazy';

// Loaded for a merchant who owes the company only: most days, nothing of it is downloaded.
const MerchantAccountCard = lazyNamed(() => import(/* webpackChunkName: "merchant-account" */ './MerchantAccountCard'), 'MerchantAccountCard');

/**
 * The merchant's account with the company (`money.account` of the dashboard's figures): what he
 * owes for his returned parcels, taken from his next payout, and its entries on demand. Nothing
 * when he owes nothing (his invoices say how earlier debts were settled) or has no account.
 */
export function MerchantAccount() {
  const account = useStatisticsQuery().data?.data.money?.account;
  if (!account || account.balance === 0) return null;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={88} data-testid="my-account-loading" />}>
      <MerchantAccountCard accountKey={account.key} />
    </Suspense>
  );
}
