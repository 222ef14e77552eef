import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
    const usage = /t\(\s*[`'"]inventory\./;
    const offenders: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'i18n' && entry.name !== 'test') visit(file);
        } else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
          const source = fs.readFileSync(file, 'utf8');
          if (usage.test(source) && !source.includes("i18n/inventory';")) offenders.push(file);
        }
      }
    };
    visit(path.resolve(__dirname, '..'));
    expect(offenders).toEqual([]);
  });
});
