import { useGetDeliveryPersonBalanceQuery } from '../../components/invoice/api';
import { DELIVERY_PERSON_PARTY } from '../../components/invoice/balanceParty';
import { OwnBalance } from '../../components/invoice/OwnBalance';

/** The delivery person's own balance with the company (his invoices screen), and its entries. */
export function MyBalance({ personKey }: { personKey: string }) {
  const query = useGetDeliveryPersonBalanceQuery(personKey, { skip: !personKey });
  return <OwnBalance party={DELIVERY_PERSON_PARTY} query={query} />;
}
