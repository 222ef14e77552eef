// French messages of the cities screen. They load on demand, not with the first download:
// src/i18n/screens.ts registers them (merged in screens.fr.ts), and every module using one of
// these keys imports it (i18n.test.ts checks the rule).
export const frCities = {
  'cities.subtitle': 'Les villes desservies et leurs tarifs par défaut.',
  'cities.name': 'Ville',
  'cities.search': 'Nom de la ville',
  'cities.empty': 'Aucune ville pour le moment.',
  'cities.active': 'Desservie',
  'cities.inactive': 'Désactivée',
  'cities.create': 'Ajouter une ville',
  'cities.createTitle': 'Nouvelle ville',
  'cities.editTitle': 'Modifier « {name} »',
  'cities.activeSwitch': 'Ville desservie',
  'cities.activeHelp': 'Une ville désactivée ne peut plus être choisie pour un colis ou une boutique.',
  'cities.deleteTitle': 'Supprimer la ville « {name} » ?',
  'cities.deleteBody': 'Une ville déjà utilisée (boutiques, colis, tarifs) ne peut pas être supprimée : désactivez-la plutôt.',
} as const;

export type CitiesMessageKey = keyof typeof frCities;
