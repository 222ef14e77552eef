// French messages of the delivery people screen. They load on demand, not with the first download:
// src/i18n/screens.ts registers them (merged in screens.fr.ts), and every module using one of
// these keys imports it (i18n.test.ts checks the rule).
export const frDeliverymen = {
  'deliverymen.subtitle': 'Les livreurs, leurs comptes et, pour chacun, les villes desservies avec ses commissions.',
  'deliverymen.fullName': 'Nom complet',
  'deliverymen.vehicle': 'Véhicule',
  'deliverymen.vehicleHelp': 'Facultatif : moto, voiture, camionnette…',
  'deliverymen.nationalId': 'N° de CIN',
  'deliverymen.nationalIdHelp': "Carte d'identité nationale, par exemple AB123456",
  'deliverymen.cities': 'Villes desservies',
  'deliverymen.citiesAction': 'Villes et commissions',
  'deliverymen.search': 'Nom, e-mail, téléphone ou CIN',
  'deliverymen.empty': 'Aucun livreur pour le moment.',
  'deliverymen.create': 'Ajouter un livreur',
  'deliverymen.createTitle': 'Nouveau livreur',
  'deliverymen.editTitle': 'Modifier {name}',
  'deliverymen.deleteTitle': 'Supprimer le livreur {name} ?',
  'deliverymen.deleteBody': 'Un livreur qui a déjà eu des colis ne peut pas être supprimé : désactivez-le plutôt.',
  'deliverymen.citiesTitle': 'Villes desservies par {name}',
  'deliverymen.citiesIntro': 'Pour chaque ville : la commission du livreur par colis livré et par colis refusé.',
  'deliverymen.noCity': 'Ce livreur ne dessert encore aucune ville.',
  'deliverymen.deliveredCommission': 'Commission par colis livré',
  'deliverymen.refusedCommission': 'Commission par colis refusé',
  'deliverymen.refusedHelp': "Facultatif : 0 si rien n'est payé pour un refus.",
  'deliverymen.addCity': 'Ajouter une ville',
  'deliverymen.addCityTitle': 'Nouvelle ville desservie',
  'deliverymen.editCityTitle': 'Commissions à {city}',
  'deliverymen.removeCity': 'Retirer',
  'deliverymen.removeCityTitle': 'Retirer {city} ?',
  'deliverymen.removeCityBody': '{name} ne desservira plus cette ville.',
} as const;

export type DeliverymenMessageKey = keyof typeof frDeliverymen;
