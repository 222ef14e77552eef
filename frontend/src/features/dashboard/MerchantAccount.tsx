import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { useStatisticsQuery } from '../../components/dashboard/api';
import { lazyNamed } from '../../components/lazy';

// Loaded for a merchant who has an account only.
const MerchantAccountCard = lazyNamed(() => import(/* webpackChunkName: "merchant-account" */ './MerchantAccountCard'), 'MerchantAccountCard');

/**
 * The merchant's account with the company (`money.account` of the dashboard's figures): what he
 * owes for his returned parcels, taken from his next payout, and its entries on demand; a quiet
 * « À jour » when he owes nothing. Nothing when he has no account.
 */
export function MerchantAccount() {
  const account = useStatisticsQuery().data?.data.money?.account;
  if (!account) return null;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={88} data-testid="my-account-loading" />}>
      <MerchantAccountCard accountKey={account.key} />
    </Suspense>
  );
}
