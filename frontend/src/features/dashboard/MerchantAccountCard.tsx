import { useGetMerchantBalanceQuery } from '../../components/invoice/api';
import { MERCHANT_PARTY } from '../../components/invoice/balanceParty';
import { OwnBalance } from '../../components/invoice/OwnBalance';

/** The merchant's account card (its own chunk: the entries' table stays out of the dashboard's). */
export function MerchantAccountCard({ accountKey }: { accountKey: string }) {
  const query = useGetMerchantBalanceQuery(accountKey);
  return <OwnBalance party={MERCHANT_PARTY} query={query} testId="my-account" />;
}
