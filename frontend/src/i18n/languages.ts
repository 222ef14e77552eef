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
/** Already one isolate (as formatMoney returns it): not wrapped twice. */
const ISOLATED = /^[\u2066-\u2068][\s\S]*\u2069$/;

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

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A timestamp (RFC 3339, or a Date) in the language's locale (ar-MA: Latin digits), isolated in
 * right-to-left text; a value that is not a date comes back as it is. The right-to-left marks
 * ar-MA puts between day, month and year are dropped: « 24/11/2026 » reads as Moroccan documents
 * and the server's Arabic texts write it, not « 2026/11/24 ».
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
  return isolate(format.format(date).replace(/[\u200e\u200f\u061c]/g, ''), language);
}
