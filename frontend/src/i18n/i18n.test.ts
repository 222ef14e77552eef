import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, MERCHANT_ROUTES, COMMON_ROUTES, DELIVERY_ROUTES } from '../navigation/routes';
import { ADMIN_MENU, MERCHANT_MENU, DELIVERY_MENU } from '../navigation/menus';
import { catalogProblems, keysAlsoIn, parseMessage } from '../test/messageCatalogs';
import { ar } from './ar';
import { en } from './en';
import { fr, type MessageKey } from './fr';
import { directionOf, formatDate, isolate, isolateLtr, localeOf, translate } from './index';
import { arScreens } from './screens.ar';
import { enScreens } from './screens.en';
import './parcels';
import './vouchers';
import { frScreens } from './screens.fr';
import './screens';

describe('i18n', () => {
  it('has every key of the first download in every language, with the same placeholders, none empty', () => {
    // Language names are written in their own language; the shortcut is the keyboard's.
    const latinInArabic = ['language.fr', 'language.en', 'topbar.searchShortcut'];
    expect(catalogProblems({ fr, en, ar }, { latinInArabic })).toEqual([]);
  });

  it('has every on-demand screen key in every language, with the same placeholders, none empty, none also in the first download', () => {
    expect(catalogProblems({ fr: frScreens, en: enScreens, ar: arScreens }, { latinInArabic: ['shops.bankAccount'] })).toEqual([]);
    expect(keysAlsoIn(frScreens, [fr])).toEqual([]);
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
    expect(translate('fr', 'menu.label.client' as MessageKey)).toBe('MARCHAND');
    expect(translate('fr', 'menu.label.admin' as MessageKey)).toBe('ADMINISTRATION');
    expect(translate('fr', 'menu.label.delivery-admin' as MessageKey)).toBe('LIVREUR');
    expect(translate('fr', 'route.pricing')).toBe('Tarifs');
  });

  it('never says the placeholder words the product avoids', () => {
    for (const value of [fr, en, ar, frScreens, enScreens, arScreens].flatMap((catalog) => Object.values(catalog))) {
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
        else if (/^(messages\.(fr|en|ar)|fr|en|ar|screens\.(fr|en|ar))\.ts$/.test(entry.name)) {
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

describe('the message checks', () => {
  it('read placeholders and plural forms, nested ones too', () => {
    const parsed = parseMessage('{name} : {count, plural, one {# colis de {shop}} other {# colis}}');
    expect([...parsed.placeholders].sort()).toEqual(['count', 'name', 'shop']);
    expect(parsed.plurals).toEqual([{ argument: 'count', options: ['one', 'other'] }]);
    expect(parseMessage('{count, plural, one {#} other {#}').errors).not.toEqual([]);
  });

  it('find a key missing, one too many, a placeholder renamed and a plural without its fallback', () => {
    const problems = catalogProblems({
      fr: { a: 'Bonjour {name}', b: '{count, plural, one {# colis} other {# colis}}', c: 'C' },
      en: { a: 'Hello {nom}', b: '{count, plural, one {# parcel} few {# parcels} other {# parcels}}', d: 'D' },
      ar: { a: 'مرحبا {name}', b: '{count} طرود', c: 'C' },
    });
    expect(problems).toEqual([
      'en: missing c',
      'en: a has {nom}, French {name}',
      'en: b: « few » is no plural category of en',
      'en: extra d',
      'ar: b prints {count} without its plural forms',
      'ar: c is not in Arabic: « C »',
    ]);
  });
});

describe('Arabic', () => {
  it('reads right to left, French and English left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fr')).toBe('ltr');
    expect(directionOf('en')).toBe('ltr');
    expect(localeOf('ar')).toBe('ar-MA');
  });

  it('chooses among its six plural forms, falling back to other', () => {
    const forms = [0, 1, 2, 3, 11, 100].map((count) => translate('ar', 'dashboard.shortcutEntries', { count }));
    expect(forms).toEqual(['لا قسم', 'قسم واحد', 'قسمان', '3 أقسام', '11 قسمًا', '100 قسم']);
    // A message that writes only some categories: the others take « other ».
    expect(translate('ar', 'parcels.attempts', { count: 102 })).toBe('102 محاولة');
  });

  it('isolates every value it fills in, so a Latin name or a code keeps its order', () => {
    expect(translate('ar', 'dashboard.greeting', { name: 'SAMIRA' })).toBe('مرحبًا \u2068SAMIRA\u2069!');
    expect(translate('ar', 'parcels.saved', { code: 'FL-2026-000001' })).toBe('تم حفظ الطرد \u2068FL-2026-000001\u2069.');
    // Left to right, nothing is added.
    expect(translate('fr', 'parcels.saved', { code: 'FL-2026-000001' })).toBe('Colis FL-2026-000001 enregistré.');
    expect(isolate('x', 'fr')).toBe('x');
    expect(isolateLtr('-5', 'ar')).toBe('\u2066-5\u2069');
  });

  it('writes dates with Latin digits (Moroccan usage), isolated', () => {
    const date = formatDate('2026-11-24T09:30:00Z', 'ar', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(date).toBe('\u206824/11/2026\u2069');
    expect(date).not.toMatch(/[\u0660-\u0669]/);
    expect(new Intl.NumberFormat('ar-MA').format(1234)).not.toMatch(/[\u0660-\u0669]/);
    expect(formatDate('2026-11-24T09:30:00Z', 'fr', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('24 nov. 2026');
  });
});
