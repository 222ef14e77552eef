// French messages of the merchants screen. They load on demand, not with the first download:
// src/i18n/screens.ts registers them (merged in screens.fr.ts), and every module using one of
// these keys imports it (i18n.test.ts checks the rule).
export const frMerchants = {
  'merchants.subtitle': 'Les comptes marchands : validez les nouvelles inscriptions, gérez leurs accès.',
  'merchants.name': 'Nom',
  'merchants.company': 'Société',
  'merchants.email': 'E-mail',
  'merchants.phone': 'Téléphone',
  'merchants.city': 'Ville',
  'merchants.registered': 'Inscrit le',
  'merchants.inactive': 'En attente',
  'merchants.search': 'Nom, e-mail, téléphone ou société',
  'merchants.tabNew': 'Nouveaux',
  'merchants.tabActivated': 'Activés',
  'merchants.tabAll': 'Tous',
  'merchants.empty': 'Aucun marchand.',
  'merchants.emptyNew': "Aucune inscription en attente d'activation.",
  'merchants.editTitle': 'Modifier le marchand {name}',
  'merchants.deleteTitle': 'Supprimer le marchand {name} ?',
  'merchants.deleteBody': 'Le compte, ses boutiques et ses accès sont supprimés. Un marchand qui a déjà des colis ne peut pas être supprimé : désactivez-le plutôt.',
  'merchants.activated': 'Le compte de {name} est activé.',
  'merchants.deactivateTitle': 'Désactiver le compte de {name} ?',
  'merchants.deactivateBody': "Ses sessions et ses jetons d'API prennent fin immédiatement. Vous pourrez le réactiver.",
  'merchants.shops': 'Boutiques',
  'merchants.shopsTitle': 'Boutiques de {name}',
  'merchants.noShop': "Ce marchand n'a pas encore de boutique.",
  'merchants.permissions': 'Permissions',
  'merchants.permissionsTitle': 'Permissions de {name}',
  'merchants.permissionsIntro': 'Les rubriques de son menu que ce marchand peut ouvrir.',
} as const;

export type MerchantsMessageKey = keyof typeof frMerchants;
