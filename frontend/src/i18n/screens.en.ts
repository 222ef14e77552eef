import type { ScreenMessageKey } from './screens.fr';
import { enComponents } from '../components/messages.en';
import { enPricing } from '../features/pricing/messages.en';
import { enCities } from '../features/cities/messages.en';
import { enShops } from '../features/shops/messages.en';
import { enMerchants } from '../features/merchants/messages.en';
import { enStaff } from '../features/staff/messages.en';
import { enDeliveryPeople } from '../features/deliveryPeople/messages.en';
import { enCosts } from '../features/costs/messages.en';
import { enSentMessages } from '../features/messages/messages.en';

// English messages of the screens that load on demand, merged like screens.fr.ts.
export const enScreens: Record<ScreenMessageKey, string> = {
  ...enComponents,
  ...enPricing,
  ...enCities,
  ...enShops,
  ...enMerchants,
  ...enStaff,
  ...enDeliveryPeople,
  ...enCosts,
  ...enSentMessages,
};
