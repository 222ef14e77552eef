import type { PricingMessageKey } from './messages.fr';

// English messages of the pricing screen and the delivery fees. Must carry every key of messages.fr.ts.
export const enPricing: Record<PricingMessageKey, string> = {
  'fees.delivery': 'Delivery fee',
  'fees.return': 'Return fee',
  'fees.refusal': 'Refusal fee',
  'pricing.subtitle': 'What you pay per parcel in each city served.',
  'pricing.kind': 'Price',
  'pricing.overridden': 'Own price',
  'pricing.standard': 'Standard price',
  'pricing.empty': 'No city served yet.',
};
