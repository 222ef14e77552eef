// French messages of the merchants screen. They load on demand, not with the first download:
// src/i18n/screens.ts registers them (merged in screens.fr.ts), and every module using one of
// these keys imports it (i18n.test.ts checks the rule).
export const frClients = {
  'clients.subtitle': 'Les comptes marchands : validez les nouvelles inscriptions, gérez leurs accès.',
  'clients.name': 'Nom',
  'clients.company': 'Société',
  'clients.email': 'E-mail',
  'clients.phone': 'Téléphone',
  'clients.city': 'Ville',
  'clients.registered': 'Inscrit le',
  'clients.inactive': 'En attente',
  'clients.search': 'Nom, e-mail, téléphone ou société',
  'clients.tabNew': 'Nouveaux',
  'clients.tabActivated': 'Activés',
  'clients.tabAll': 'Tous',
  'clients.empty': 'Aucun client.',
  'clients.emptyNew': "Aucune inscription en attente d'activation.",
  'clients.editTitle': 'Modifier le client {name}',
  'clients.deleteTitle': 'Supprimer le client {name} ?',
  'clients.deleteBody': 'Le compte, ses boutiques et ses accès sont supprimés. Un client qui a déjà des colis ne peut pas être supprimé : désactivez-le plutôt.',
  'clients.activated': 'Le compte de {name} est activé.',
  'clients.deactivateTitle': 'Désactiver le compte de {name} ?',
  'clients.deactivateBody': "Ses sessions et ses jetons d'API prennent fin immédiatement. Vous pourrez le réactiver.",
  'clients.shops': 'Boutiques',
  'clients.shopsTitle': 'Boutiques de {name}',
  'clients.noShop': "Ce client n'a pas encore de boutique.",
  'clients.permissions': 'Permissions',
  'clients.permissionsTitle': 'Permissions de {name}',
  'clients.permissionsIntro': 'Les rubriques du menu client que ce marchand peut ouvrir.',
} as const;

export type ClientsMessageKey = keyof typeof frClients;
