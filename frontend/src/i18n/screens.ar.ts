import type { ScreenMessageKey } from './screens.fr';
import { arComponents } from '../components/messages.ar';
import { arPricing } from '../features/pricing/messages.ar';
import { arCities } from '../features/cities/messages.ar';
import { arShops } from '../features/shops/messages.ar';
import { arMerchants } from '../features/merchants/messages.ar';
import { arStaff } from '../features/staff/messages.ar';
import { arDeliveryPeople } from '../features/deliveryPeople/messages.ar';
import { arCosts } from '../features/costs/messages.ar';
import { arSentMessages } from '../features/messages/messages.ar';

// Arabic messages of the screens that load on demand, merged like screens.fr.ts.
export const arScreens: Record<ScreenMessageKey, string> = {
  ...arComponents,
  ...arPricing,
  ...arCities,
  ...arShops,
  ...arMerchants,
  ...arStaff,
  ...arDeliveryPeople,
  ...arCosts,
  ...arSentMessages,
};
