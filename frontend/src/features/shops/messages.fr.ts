// French messages of the shops screen. They load on demand, not with the first download:
// src/i18n/screens.ts registers them (merged in screens.fr.ts), and every module using one of
// these keys imports it (i18n.test.ts checks the rule).
export const frShops = {
  'shops.subtitle': 'Vos points de ramassage et le compte bancaire de chacun pour vos paiements.',
  'shops.name': 'Boutique',
  'shops.city': 'Ville',
  'shops.phone': 'Téléphone',
  'shops.address': 'Adresse',
  'shops.bankAccount': 'RIB',
  'shops.bankAccountHelp': "Facultatif : les 24 chiffres de votre relevé d'identité bancaire.",
  'shops.search': 'Nom, téléphone ou ville',
  'shops.empty': 'Aucune boutique pour le moment : ajoutez votre première boutique.',
  'shops.create': 'Ajouter une boutique',
  'shops.createTitle': 'Nouvelle boutique',
  'shops.editTitle': 'Modifier « {name} »',
} as const;

export type ShopsMessageKey = keyof typeof frShops;
