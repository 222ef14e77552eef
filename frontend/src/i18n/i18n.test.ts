import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, MERCHANT_ROUTES, COMMON_ROUTES, DELIVERY_ROUTES } from '../navigation/routes';
import { ADMIN_MENU, MERCHANT_MENU, DELIVERY_MENU } from '../navigation/menus';
import { en } from './en';
import { fr, type MessageKey } from './fr';
import { translate } from './index';
import { enScreens } from './screens.en';
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
