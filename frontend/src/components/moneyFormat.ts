// How amounts and counts are shown: centimes in dirhams ("30,00 DH"), signed amounts (« −20,00 DH »),
// grouped counts. components/money.ts gives these with the input side (what a person types); a
// screen that only shows amounts (the dashboard) imports this module and loads no parsing.
import { isolateLtr, localeOf, type Language } from '../i18n/languages';

/** « DH » in every language: what Moroccan price tags, receipts and the server's texts write. */
export const CURRENCY_SYMBOL = 'DH';

// French groups thousands with a narrow no-break space, decimals after a comma; Moroccan Arabic
// writes amounts the same way, with Latin digits (as the server renders them).
const FRENCH_SEPARATORS = { group: '\u202f', decimal: ',' };
export const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  fr: FRENCH_SEPARATORS,
  en: { group: ',', decimal: '.' },
  ar: FRENCH_SEPARATORS,
};

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** The one place a sign is written: « − » (U+2212, never the hyphen) below zero, « + » above it when `plus`. */
const signOf = (value: number, plus: boolean) => (value < 0 ? '\u2212' : plus && value > 0 ? '+' : '');

/**
 * A count grouped as amounts are: 1234 → "1 234" (fr), "1,234" (en); −2 → "−2", `plus`: « +3 ».
 * Right to left a grouped or signed count is isolated (its groups and sign stay in place).
 */
export function formatCount(count: number, language: Language = 'fr', plus = false): string {
  if (!Number.isFinite(count)) return '';
  const text = `${signOf(count, plus)}${groupThousands(String(Math.trunc(Math.abs(count))), SEPARATORS[language].group)}`;
  return /^\d+$/.test(text) ? text : isolateLtr(text, language);
}

/** The amount alone, two decimals: 3000 → "30,00" (fr) or "30.00" (en); as an input shows it. */
export function formatAmount(centimes: number, language: Language = 'fr', plus = false): string {
  if (!Number.isFinite(centimes)) return '';
  const { group, decimal } = SEPARATORS[language];
  const whole = Math.trunc(Math.abs(centimes));
  const dirhams = Math.floor(whole / 100);
  const cents = whole % 100;
  return `${signOf(centimes, plus)}${groupThousands(String(dirhams), group)}${decimal}${String(cents).padStart(2, '0')}`;
}

/**
 * A signed amount with its currency: −2000 → « −20,00 DH », 2000 → « +20,00 DH » (« 20,00 DH »
 * without `plus`), 0 → « 0,00 DH ». Right to left one left-to-right unit (LRI…PDI): the sign stays
 * before its digits, never « 20,00 DH − ».
 */
export function formatSignedMoney(centimes: number, language: Language = 'fr', plus = true): string {
  const amount = formatAmount(centimes, language, plus);
  return amount && isolateLtr(`${amount}\u00a0${CURRENCY_SYMBOL}`, language);
}

/** The amount with its currency: 3000 → "30,00 DH", −3000 → "−30,00 DH". */
export function formatMoney(centimes: number, language: Language = 'fr'): string {
  return formatSignedMoney(centimes, language, false);
}

/**
 * A rate in percent: « 87,5 % » (fr), « 87.5 % » (en), one left-to-right unit in Arabic; « — »
 * when there is none yet (no parcel's round ended, no call answered).
 */
export function formatRate(rate: number | null | undefined, language: Language): string {
  if (rate == null || !Number.isFinite(rate)) return '—';
  return isolateLtr(`${new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(rate)}\u00a0%`, language);
}
