// French messages of the screens that load on demand (lists, forms, directory and pricing),
// merged from the messages.fr.ts beside each feature (and src/components/messages.fr.ts for the
// shared table, form and CRUD pieces). They are not part of the first download:
// src/i18n/screens.ts registers them, and every module using one of these keys imports it. Keys
// the sign-in page, the layouts or the guard need stay in fr.ts.
import { frComponents } from '../components/messages.fr';
import { frPricing } from '../features/pricing/messages.fr';
import { frCities } from '../features/cities/messages.fr';
import { frShops } from '../features/shops/messages.fr';
import { frMerchants } from '../features/merchants/messages.fr';
import { frStaff } from '../features/staff/messages.fr';
import { frDeliveryPeople } from '../features/deliveryPeople/messages.fr';
import { frCosts } from '../features/costs/messages.fr';
import { frSentMessages } from '../features/messages/messages.fr';

export const frScreens = {
  ...frComponents,
  ...frPricing,
  ...frCities,
  ...frShops,
  ...frMerchants,
  ...frStaff,
  ...frDeliveryPeople,
  ...frCosts,
  ...frSentMessages,
} as const;

export type ScreenMessageKey = keyof typeof frScreens;
