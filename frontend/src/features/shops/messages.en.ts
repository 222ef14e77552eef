import type { ShopsMessageKey } from './messages.fr';

// English messages of the shops screen. Must carry every key of messages.fr.ts.
export const enShops: Record<ShopsMessageKey, string> = {
  'shops.subtitle': 'Your pickup points and the bank account each one is paid to.',
  'shops.name': 'Shop',
  'shops.city': 'City',
  'shops.phone': 'Phone',
  'shops.address': 'Address',
  'shops.bankAccount': 'Bank account (RIB)',
  'shops.bankAccountHelp': 'Optional: the 24 digits of your bank account identifier.',
  'shops.search': 'Name, phone or city',
  'shops.empty': 'No shop yet: add your first one.',
  'shops.create': 'Add a shop',
  'shops.createTitle': 'New shop',
  'shops.editTitle': 'Edit “{name}”',
};
