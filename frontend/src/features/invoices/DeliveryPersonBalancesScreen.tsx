import type { ScreenProps } from '../../navigation/types';
import { BalancesScreen } from './BalancesScreen';
import { COURIER_SOURCE } from './balanceSources';

/**
 * /compte/ecarts-livreurs (admin, `delivery-invoices`): every delivery person with his balance,
 * those who owe first; a person's entries in a drawer, with the settle dialog.
 */
export default function DeliveryPersonBalancesScreen({ route }: ScreenProps) {
  return <BalancesScreen route={route} source={COURIER_SOURCE} />;
}
