// The languages of the interface, their locales and writing direction, and the Unicode isolates
// that keep numbers, amounts, codes and dates readable inside right-to-left text.

export type Language = 'fr' | 'en' | 'ar';
export const LANGUAGES: readonly Language[] = ['fr', 'en', 'ar'];
export const DEFAULT_LANGUAGE: Language = 'fr';

export type Direction = 'ltr' | 'rtl';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

// Moroccan locales: dates and numbers as people write them in Morocco (ar-MA keeps Latin digits).
const LOCALES: Record<Language, string> = { fr: 'fr-MA', en: 'en-GB', ar: 'ar-MA' };

/** Locale tag for Intl formatting. */
export function localeOf(language: Language): string {
  return LOCALES[language];
}

/** The writing direction follows the language: Arabic reads right to left. */
export function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';
const ISOLATED = /^[\u2066-\u2068]/;

/**
 * Text that keeps its own direction inside a right-to-left sentence (FSI…PDI: a Latin name, a
 * status, a date) so it neither reorders its neighbours nor is reordered by them. Left-to-right
 * languages need nothing: the text comes back as it is (and their tests read it so).
 */
export function isolate(text: string, language: Language): string {
  if (directionOf(language) === 'ltr' || text === '' || ISOLATED.test(text)) return text;
  return `${FSI}${text}${PDI}`;
}

/**
 * Text that reads left to right whatever it holds (LRI…PDI): a signed number, a range « 1–4 », a
 * code such as « FL-2026-000001 ». Without it, right-to-left text shows « 135,00- » or « 4–1 ».
 */
export function isolateLtr(text: string, language: Language): string {
  if (directionOf(language) === 'ltr' || text === '' || ISOLATED.test(text)) return text;
  return `${LRI}${text}${PDI}`;
}

/** The text without the isolates (to compare or parse what was shown). */
export function withoutIsolates(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, '');
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A timestamp (RFC 3339, or a Date) in the language's locale (ar-MA: Latin digits), isolated in
 * right-to-left text; a value that is not a date comes back as it is.
 */
export function formatDate(value: string | Date, language: Language, options: Intl.DateTimeFormatOptions): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const cacheKey = `${language} ${JSON.stringify(options)}`;
  let format = dateFormats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), options);
    dateFormats.set(cacheKey, format);
  }
  return isolate(format.format(date), language);
}
