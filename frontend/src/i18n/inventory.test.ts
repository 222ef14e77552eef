import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { arInventory } from '../components/inventory/messages.ar';
import { enInventory } from '../components/inventory/messages.en';
import { frInventory } from '../components/inventory/messages.fr';
import { frInvoices } from '../components/invoice/messages.fr';
import { frParcels } from '../components/parcel/messages.fr';
import { frScreens } from './screens.fr';
import { frVouchers } from '../components/voucher/messages.fr';
import './inventory';

describe('stock screen texts', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frInventory, en: enInventory, ar: arInventory }, { latinInArabic: ['inventory.sku'] })).toEqual([]);
    expect(keysAlsoIn(frInventory, [fr, frScreens, frParcels, frVouchers, frInvoices])).toEqual([]);
  });

  it('says the words of the stock', () => {
    expect(translate('fr', 'inventory.requestService')).toBe('Demander le service de stock');
    expect(translate('fr', 'inventory.declareEntry')).toBe('Déclarer une entrée');
    expect(translate('fr', 'inventory.availableCount', { count: 7 })).toBe('disponible : 7');
    expect(translate('en', 'inventory.lowChip')).toBe('Low stock');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    expect(modulesMissingMessages(/t\(\s*[`'"]inventory\./, 'inventory')).toEqual([]);
  });
});
