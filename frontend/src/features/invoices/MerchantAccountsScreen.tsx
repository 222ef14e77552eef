import type { ScreenProps } from '../../navigation/types';
import { BalancesScreen } from './BalancesScreen';
import { MERCHANT_SOURCE } from './balanceSources';

/**
 * /compte/comptes-marchands (admin, the client invoices' permissions): every merchant with his
 * account (negative: he owes the company, the fees of his returned-type invoices), the most owed
 * first; an account's entries in a drawer (`?marchand=KEY`), a payment or a write-off.
 */
export default function MerchantAccountsScreen({ route }: ScreenProps) {
  return <BalancesScreen route={route} source={MERCHANT_SOURCE} />;
}
