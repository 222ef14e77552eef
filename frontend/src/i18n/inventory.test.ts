import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { fr } from './fr';
import { translate } from './index';
import { enInventory } from '../components/inventory/messages.en';
import { frInventory } from '../components/inventory/messages.fr';
import { frInvoices } from '../components/invoice/messages.fr';
import { frParcels } from '../components/parcel/messages.fr';
import { frScreens } from './screens.fr';
import { frVouchers } from '../components/voucher/messages.fr';
import './inventory';

describe('stock screen texts', () => {
  it('has every key in English too, none empty, none also elsewhere', () => {
    expect(Object.keys(enInventory).sort()).toEqual(Object.keys(frInventory).sort());
    for (const [key, value] of [...Object.entries(frInventory), ...Object.entries(enInventory)]) {
      expect(value.trim(), key).not.toBe('');
      for (const other of [fr, frScreens, frParcels, frVouchers, frInvoices]) expect(other, key).not.toHaveProperty(key);
    }
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
