// French messages of the merchants' costs screen. They load on demand, not with the first download:
// src/i18n/screens.ts registers them (merged in screens.fr.ts), and every module using one of
// these keys imports it (i18n.test.ts checks the rule).
export const frCosts = {
  'costs.title': 'Coûts par marchand',
  'costs.subtitle': 'Les tarifs propres à un marchand dans une ville : ils remplacent ceux de la ville pour ce marchand.',
  'costs.client': 'Marchand',
  'costs.filterMerchant': 'Filtrer par marchand',
  'costs.updatedAt': 'Modifié le',
  'costs.search': 'Ville, nom ou e-mail du marchand',
  'costs.empty': 'Aucun tarif personnalisé : chaque marchand paie les tarifs de la ville.',
  'costs.emptyFor': '{name} paie les tarifs de chaque ville : aucun tarif personnalisé.',
  'costs.create': 'Ajouter un tarif',
  'costs.createTitle': 'Nouveau tarif personnalisé',
  'costs.editTitle': 'Tarif de {client} à {city}',
  'costs.cityHelp': 'Un seul tarif par marchand et par ville.',
  'costs.deleteTitle': 'Supprimer le tarif de {client} à {city} ?',
  'costs.deleteBody': 'Ce marchand paiera de nouveau les tarifs de la ville.',
} as const;

export type CostsMessageKey = keyof typeof frCosts;
