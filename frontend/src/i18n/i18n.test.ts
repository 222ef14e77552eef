import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, MERCHANT_ROUTES, COMMON_ROUTES, DELIVERY_ROUTES } from '../navigation/routes';
import { ADMIN_MENU, MERCHANT_MENU, DELIVERY_MENU } from '../navigation/menus';
import { en } from './en';
import { fr, type MessageKey } from './fr';
import { translate } from './index';
import { enScreens } from './screens.en';
import './parcels';
import './vouchers';
import { frScreens } from './screens.fr';
import './screens';

describe('i18n', () => {
  it('has every French key in English, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
    for (const [key, value] of [...Object.entries(fr), ...Object.entries(en)]) {
      expect(value.trim(), key).not.toBe('');
    }
  });

  it('has every on-demand screen key in English too, none empty, none also in the first download', () => {
    expect(Object.keys(enScreens).sort()).toEqual(Object.keys(frScreens).sort());
    for (const [key, value] of [...Object.entries(frScreens), ...Object.entries(enScreens)]) {
      expect(value.trim(), key).not.toBe('');
      expect(fr, key).not.toHaveProperty(key);
    }
    expect(translate('fr', 'pricing.overridden')).toBe('Tarif personnalisé');
    expect(translate('en', 'table.rowsPerPage')).toBe('Rows per page');
  });

  it('has every module using an on-demand key import the messages (so they load with its chunk)', () => {
    const prefixes = [...new Set(Object.keys(frScreens).map((key) => key.split('.')[0]))];
    const usage = new RegExp(`t\\(\\s*[\`'](${prefixes.join('|')})\\.`);
    const offenders: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'i18n' && entry.name !== 'test') visit(file);
        } else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
          const source = fs.readFileSync(file, 'utf8');
          if (usage.test(source) && !source.includes("i18n/screens';")) offenders.push(file);
        }
      }
    };
    visit(path.resolve(__dirname, '..'));
    expect(offenders).toEqual([]);
  });

  it('has a title for every route and section, in both languages', () => {
    const routes = [...MERCHANT_ROUTES, ...ADMIN_ROUTES, ...DELIVERY_ROUTES, ...COMMON_ROUTES];
    for (const route of routes) expect(fr).toHaveProperty(`route.${route.name}`);
    for (const section of [...MERCHANT_MENU, ...ADMIN_MENU, ...DELIVERY_MENU]) expect(fr).toHaveProperty(`section.${section.id}`);
  });

  it('fills placeholders', () => {
    expect(translate('fr', 'app.footer', { year: 2026, product: 'Colivra' })).toBe('© 2026 Colivra. Tous droits réservés.');
    expect(translate('en', 'dashboard.greeting', { name: 'SAMIRA' })).toBe('Hello SAMIRA!');
  });

  it('uses the menu labels of the specification', () => {
    expect(translate('fr', 'menu.label.client' as MessageKey)).toBe('CLIENT');
    expect(translate('fr', 'menu.label.admin' as MessageKey)).toBe('ADMINSTRATION');
    expect(translate('fr', 'menu.label.delivery-admin' as MessageKey)).toBe('LIVREUR');
    expect(translate('fr', 'route.pricing')).toBe('Tarifs');
  });

  it('never says the placeholder words the product avoids', () => {
    for (const value of [...Object.values(fr), ...Object.values(en), ...Object.values(frScreens), ...Object.values(enScreens)]) {
      expect(value).not.toMatch(/coming soon|not implemented yet/i);
    }
  });
});

describe('plural forms', () => {
  it('chooses the form by each language’s rules, # standing for the number', () => {
    expect(translate('en', 'round.count', { count: 1 })).toBe('1 parcel');
    expect(translate('en', 'round.count', { count: 0 })).toBe('0 parcels');
    expect(translate('en', 'round.count', { count: 25 })).toBe('25 parcels');
    // French counts 0 and 1 alike.
    expect(translate('fr', 'parcels.attempts', { count: 0 })).toBe('0 tentative');
    expect(translate('fr', 'parcels.attempts', { count: 1 })).toBe('1 tentative');
    expect(translate('fr', 'parcels.attempts', { count: 3 })).toBe('3 tentatives');
    // Several counts in one message, and plain placeholders beside them.
    expect(translate('fr', 'stats.dayTitle', { date: '26/11', created: 1, delivered: 4 })).toBe('26/11 : 1 créé, 4 livrés');
    expect(translate('en', 'vouchers.ship.done', { key: 'BS1', count: 1, name: 'Hamid' })).toBe('Exit voucher BS1: 1 parcel handed to Hamid.');
    expect(translate('en', 'vouchers.receive.unchecked', { count: 2 })).toBe('2 parcels were not scanned: check that they are here.');
  });

  it('leaves no « (s) » nor a count before a fixed plural noun in the messages', () => {
    const offenders: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (/^(messages\.(fr|en)|fr|en|screens\.(fr|en))\.ts$/.test(entry.name)) {
          for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
            // « Créé(s) : {keys} » names keys, not a count: the one wording kept. A French noun
            // may end in s in the singular (« colis »): the noun check is for English.
            const english = entry.name.includes('en.');
            if ((/\(s\)|\(ies\)/.test(line) || (english && /\{count\} [a-z]+s\b/.test(line))) && !line.includes('{keys}')) {
              offenders.push(`${entry.name}: ${line.trim()}`);
            }
          }
        }
      }
    };
    visit(path.join(__dirname, '..'));
    expect(offenders).toEqual([]);
  });
});
