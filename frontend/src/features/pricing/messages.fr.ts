// French messages of the pricing screen and the delivery fees. They load on demand, not with the first download:
// src/i18n/screens.ts registers them (merged in screens.fr.ts), and every module using one of
// these keys imports it (i18n.test.ts checks the rule).
export const frPricing = {
  'fees.delivery': 'Frais de livraison',
  'fees.return': 'Frais de retour',
  'fees.refusal': 'Frais de refus',
  'pricing.subtitle': 'Ce que vous payez par colis dans chaque ville desservie.',
  'pricing.kind': 'Tarif',
  'pricing.overridden': 'Tarif personnalisé',
  'pricing.standard': 'Tarif standard',
  'pricing.empty': 'Aucune ville desservie pour le moment.',
} as const;

export type PricingMessageKey = keyof typeof frPricing;
