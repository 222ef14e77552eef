// Checks shared by the message tests of the core dictionary and of every module (src/i18n/*.test.ts):
// one module's messages in every language, compared with the French ones.
import { LANGUAGES, localeOf, type Language } from '../i18n/languages';

type Catalog = Readonly<Record<string, string>>;
export type Catalogs = Readonly<Record<Language, Catalog>>;

interface Parsed {
  /** `{name}` placeholders and `{name, plural, …}` arguments. */
  placeholders: Set<string>;
  plurals: Array<{ argument: string; options: string[] }>;
  errors: string[];
}

/** The index of the `}` closing the `{` at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const PLURAL = /^(\w+), plural,([\s\S]*)$/;
const OPTION = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/;

function parseInto(text: string, parsed: Parsed): void {
  let at = text.indexOf('{');
  while (at >= 0) {
    const end = closing(text, at);
    if (end < 0) {
      parsed.errors.push(`unbalanced braces in « ${text} »`);
      return;
    }
    const inner = text.slice(at + 1, end);
    const plural = PLURAL.exec(inner);
    if (plural) {
      parsed.placeholders.add(plural[1]);
      const options: string[] = [];
      let rest = plural[2];
      for (let option = OPTION.exec(rest); option; option = OPTION.exec(rest)) {
        const open = option[0].length - 1;
        const close = closing(rest, open);
        if (close < 0) break;
        options.push(option[1]);
        parseInto(rest.slice(open + 1, close), parsed);
        rest = rest.slice(close + 1);
      }
      if (rest.trim() !== '') parsed.errors.push(`unreadable plural options « ${rest.trim()} »`);
      parsed.plurals.push({ argument: plural[1], options });
    } else if (/^\w+$/.test(inner)) {
      parsed.placeholders.add(inner);
    } else {
      parsed.errors.push(`not a placeholder: {${inner}}`);
    }
    at = text.indexOf('{', end + 1);
  }
}

/** The placeholders and plural blocks of an ICU message, and what cannot be read in it. */
export function parseMessage(text: string): Parsed {
  const parsed: Parsed = { placeholders: new Set(), plurals: [], errors: [] };
  parseInto(text, parsed);
  return parsed;
}

const sorted = (names: Iterable<string>) => [...names].sort().join(', ');
const ARABIC_LETTER = /[\u0621-\u064a]/;
const LATIN_LETTER = /[a-z]/i;
const categoriesOf = (language: Language) => new Set(new Intl.PluralRules(localeOf(language)).resolvedOptions().pluralCategories as string[]);

/**
 * What is wrong with one module's messages across the languages, as readable lines (none: all
 * fine): a key missing or extra against French, an empty text, placeholders that differ from the
 * French ones, a count French chooses a plural form for that a language with more forms than
 * French (Arabic) prints as it is, a plural without `other` (the fallback) or with a category the
 * language does not have, an Arabic text in Latin letters (unless listed in `latinInArabic`:
 * SKU, ICE…).
 */
export function catalogProblems(catalogs: Catalogs, { latinInArabic = [] }: { latinInArabic?: readonly string[] } = {}): string[] {
  const problems: string[] = [];
  const reference = catalogs.fr;
  const referenceKeys = Object.keys(reference);
  const frenchCategories = categoriesOf('fr');
  for (const language of LANGUAGES) {
    const catalog = catalogs[language];
    const categories = categoriesOf(language);
    const morePluralForms = [...categories].some((category) => !frenchCategories.has(category));
    for (const key of referenceKeys) if (!(key in catalog)) problems.push(`${language}: missing ${key}`);
    for (const [key, text] of Object.entries(catalog)) {
      if (!(key in reference)) {
        problems.push(`${language}: extra ${key}`);
        continue;
      }
      if (text.trim() === '') problems.push(`${language}: ${key} is empty`);
      const parsed = parseMessage(text);
      const french = parseMessage(reference[key]);
      for (const error of parsed.errors) problems.push(`${language}: ${key}: ${error}`);
      if (sorted(parsed.placeholders) !== sorted(french.placeholders)) {
        problems.push(`${language}: ${key} has {${sorted(parsed.placeholders)}}, French {${sorted(french.placeholders)}}`);
      }
      const pluralArguments = new Set(parsed.plurals.map((plural) => plural.argument));
      for (const plural of morePluralForms ? french.plurals : []) {
        if (!pluralArguments.has(plural.argument)) problems.push(`${language}: ${key} prints {${plural.argument}} without its plural forms`);
      }
      for (const plural of parsed.plurals) {
        if (!plural.options.includes('other')) problems.push(`${language}: ${key}: {${plural.argument}, plural} has no « other »`);
        for (const option of plural.options) {
          if (!option.startsWith('=') && !categories.has(option)) problems.push(`${language}: ${key}: « ${option} » is no plural category of ${language}`);
        }
      }
      const words = text.replace(/\{\w+\}/g, '');
      if (language === 'ar' && !ARABIC_LETTER.test(words) && LATIN_LETTER.test(words) && !latinInArabic.includes(key)) {
        problems.push(`ar: ${key} is not in Arabic: « ${text} »`);
      }
    }
  }
  return problems;
}

/** The keys of `catalog` that another module already defines (each key lives in one place). */
export function keysAlsoIn(catalog: Catalog, others: readonly Catalog[]): string[] {
  return Object.keys(catalog).filter((key) => others.some((other) => key in other));
}
