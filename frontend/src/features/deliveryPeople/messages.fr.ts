// French messages of the delivery people screen. They load on demand, not with the first download:
// src/i18n/screens.ts registers them (merged in screens.fr.ts), and every module using one of
// these keys imports it (i18n.test.ts checks the rule).
export const frDeliveryPeople = {
  'deliveryPeople.subtitle': 'Les livreurs, leurs comptes et, pour chacun, les villes desservies avec ses commissions.',
  'deliveryPeople.fullName': 'Nom complet',
  'deliveryPeople.vehicle': 'Véhicule',
  'deliveryPeople.vehicleHelp': 'Facultatif : moto, voiture, camionnette…',
  'deliveryPeople.nationalId': 'N° de CIN',
  'deliveryPeople.nationalIdHelp': "Carte d'identité nationale, par exemple AB123456",
  'deliveryPeople.cities': 'Villes desservies',
  'deliveryPeople.citiesAction': 'Villes et commissions',
  'deliveryPeople.search': 'Nom, e-mail, téléphone ou CIN',
  'deliveryPeople.empty': 'Aucun livreur pour le moment.',
  'deliveryPeople.create': 'Ajouter un livreur',
  'deliveryPeople.createTitle': 'Nouveau livreur',
  'deliveryPeople.editTitle': 'Modifier {name}',
  'deliveryPeople.deleteTitle': 'Supprimer le livreur {name} ?',
  'deliveryPeople.deleteBody': 'Un livreur qui a déjà eu des colis ne peut pas être supprimé : désactivez-le plutôt.',
  'deliveryPeople.citiesTitle': 'Villes desservies par {name}',
  'deliveryPeople.citiesIntro': 'Pour chaque ville : la commission du livreur par colis livré et par colis refusé.',
  'deliveryPeople.noCity': 'Ce livreur ne dessert encore aucune ville.',
  'deliveryPeople.deliveredCommission': 'Commission par colis livré',
  'deliveryPeople.refusedCommission': 'Commission par colis refusé',
  'deliveryPeople.refusedHelp': "Facultatif : 0 si rien n'est payé pour un refus.",
  'deliveryPeople.addCity': 'Ajouter une ville',
  'deliveryPeople.addCityTitle': 'Nouvelle ville desservie',
  'deliveryPeople.editCityTitle': 'Commissions à {city}',
  'deliveryPeople.removeCity': 'Retirer',
  'deliveryPeople.removeCityTitle': 'Retirer {city} ?',
  'deliveryPeople.removeCityBody': '{name} ne desservira plus cette ville.',
} as const;

export type DeliveryPeopleMessageKey = keyof typeof frDeliveryPeople;
