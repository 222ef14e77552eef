import type { CostsMessageKey } from './messages.fr';

// English messages of the merchants' costs screen. Must carry every key of messages.fr.ts.
export const enCosts: Record<CostsMessageKey, string> = {
  'costs.title': 'Merchant prices',
  'costs.subtitle': "A merchant's own prices in a city: they replace the city's prices for that merchant.",
  'costs.client': 'Merchant',
  'costs.filterMerchant': 'Filter by merchant',
  'costs.updatedAt': 'Updated',
  'costs.search': 'City, merchant name or e-mail',
  'costs.empty': "No own price: every merchant pays the city's prices.",
  'costs.emptyFor': "{name} pays each city's prices: no own price.",
  'costs.create': 'Add a price',
  'costs.createTitle': 'New own price',
  'costs.editTitle': "{client}'s price in {city}",
  'costs.cityHelp': 'One price per merchant and city.',
  'costs.deleteTitle': "Delete {client}'s price in {city}?",
  'costs.deleteBody': "This merchant will pay the city's prices again.",
};
