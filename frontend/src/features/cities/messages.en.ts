import type { CitiesMessageKey } from './messages.fr';

// English messages of the cities screen. Must carry every key of messages.fr.ts.
export const enCities: Record<CitiesMessageKey, string> = {
  'cities.subtitle': 'The cities served and their default prices.',
  'cities.name': 'City',
  'cities.search': 'City name',
  'cities.empty': 'No city yet.',
  'cities.active': 'Served',
  'cities.inactive': 'Deactivated',
  'cities.create': 'Add a city',
  'cities.createTitle': 'New city',
  'cities.editTitle': 'Edit “{name}”',
  'cities.activeSwitch': 'City served',
  'cities.activeHelp': 'A deactivated city can no longer be picked for a parcel or a shop.',
  'cities.deleteTitle': 'Delete the city “{name}”?',
  'cities.deleteBody': 'A city already in use (shops, parcels, prices) cannot be deleted: deactivate it instead.',
};
