import type { PricingMessageKey } from './messages.fr';

// Arabic messages of the pricing screen and the delivery fees. Must carry every key of messages.fr.ts.
export const arPricing: Record<PricingMessageKey, string> = {
  'fees.delivery': 'رسوم التوصيل',
  'fees.return': 'رسوم الإرجاع',
  'fees.refusal': 'رسوم الرفض',
  'pricing.subtitle': 'ما تؤديه عن كل طرد في كل مدينة مخدومة.',
  'pricing.kind': 'التسعيرة',
  'pricing.overridden': 'تسعيرة خاصة',
  'pricing.standard': 'التسعيرة العادية',
  'pricing.empty': 'لا توجد أي مدينة مخدومة حاليًا.',
};
