import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fr } from './fr';
import { translate } from './index';
import { frInvoices } from '../components/invoice/messages.fr';
import { frParcels } from '../components/parcel/messages.fr';
import { frScreens } from './screens.fr';
import { enSupport } from '../components/support/messages.en';
import { frSupport } from '../components/support/messages.fr';
import { frVouchers } from '../components/voucher/messages.fr';
import './support';

describe('support, announcements, guides and activity texts', () => {
  it('has every key in English too, none empty, none also elsewhere', () => {
    expect(Object.keys(enSupport).sort()).toEqual(Object.keys(frSupport).sort());
    for (const [key, value] of [...Object.entries(frSupport), ...Object.entries(enSupport)]) {
      expect(value.trim(), key).not.toBe('');
      for (const other of [fr, frScreens, frParcels, frVouchers, frInvoices]) expect(other, key).not.toHaveProperty(key);
    }
    expect(translate('fr', 'support.reportProblem')).toBe('Signaler un problème');
    expect(translate('fr', 'activities.recent')).toBe('Activité récente');
    expect(translate('en', 'support.new')).toBe('New ticket');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    const usage = /t\(\s*[`'"](support|announcements|guides|activities)\./;
    const offenders: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'i18n' && entry.name !== 'test') visit(file);
        } else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
          const source = fs.readFileSync(file, 'utf8');
          if (usage.test(source) && !source.includes("i18n/support';")) offenders.push(file);
        }
      }
    };
    visit(path.resolve(__dirname, '..'));
    expect(offenders).toEqual([]);
  });
});
