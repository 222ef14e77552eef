// Money is an integer number of centimes everywhere (API, store, calculations). The UI shows and
// takes it in dirhams ("30,00 DH"). No floating point on the way in or out.
import { isolateLtr, type Language } from '../i18n/languages';

/** « DH » in every language: what Moroccan price tags, receipts and the server's texts write. */
export const CURRENCY_SYMBOL = 'DH';

// French groups thousands with a narrow no-break space, decimals after a comma; Moroccan Arabic
// writes amounts the same way, with Latin digits (as the server renders them).
const FRENCH_SEPARATORS = { group: '\u202f', decimal: ',' };
const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  fr: FRENCH_SEPARATORS,
  en: { group: ',', decimal: '.' },
  ar: FRENCH_SEPARATORS,
};

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * A count with its thousands grouped as amounts are: 1234 → "1 234" (fr) or "1,234" (en).
 * Right to left a grouped or negative count is isolated: the space between the groups would
 * otherwise swap them, the minus go to the other side.
 */
export function formatCount(count: number, language: Language = 'fr'): string {
  if (!Number.isFinite(count)) return '';
  const sign = count < 0 ? '-' : '';
  const text = `${sign}${groupThousands(String(Math.trunc(Math.abs(count))), SEPARATORS[language].group)}`;
  return /^\d+$/.test(text) ? text : isolateLtr(text, language);
}

/** The amount alone, two decimals: 3000 → "30,00" (fr) or "30.00" (en); as an input shows it. */
export function formatAmount(centimes: number, language: Language = 'fr'): string {
  if (!Number.isFinite(centimes)) return '';
  const { group, decimal } = SEPARATORS[language];
  const whole = Math.trunc(Math.abs(centimes));
  const dirhams = Math.floor(whole / 100);
  const cents = whole % 100;
  const sign = centimes < 0 ? '-' : '';
  return `${sign}${groupThousands(String(dirhams), group)}${decimal}${String(cents).padStart(2, '0')}`;
}

/**
 * The amount with its currency: 3000 → "30,00 DH". Right to left it reads « -30,00 DH » as one
 * left-to-right unit (LRI…PDI), never « DH 30,00- ».
 */
export function formatMoney(centimes: number, language: Language = 'fr'): string {
  if (!Number.isFinite(centimes)) return '';
  return isolateLtr(`${formatAmount(centimes, language)}\u00a0${CURRENCY_SYMBOL}`, language);
}

/** What a money input shows for a value, without thousands separator: 3000 → "30,00"; null → "". */
export function moneyInputText(centimes: number | null | undefined, language: Language = 'fr'): string {
  if (centimes === null || centimes === undefined || !Number.isFinite(centimes)) return '';
  return formatAmount(centimes, language).split(SEPARATORS[language].group).join('');
}

/**
 * Centimes of what a person typed in dirhams: "30", "30,5", "30.50", "1 234,50", "30 DH",
 * "٣٠٫٥ درهم" (an Arabic keyboard's digits and decimal separator).
 * Returns null for an empty text, NaN for a text that is not an amount (negative, letters,
 * more than two decimals).
 */
export function parseMoney(text: string): number | null {
  const cleaned = text
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(/\u066b/g, ',')
    .replace(/dh|mad|dirhams?|درهم|د\.م\.?/gi, '')
    .replace(/[\s\u00a0\u202f'\u066c\u200e\u200f\u2066-\u2069]/g, '')
    .trim();
  if (cleaned === '') return null;
  const match = /^(\d+)(?:[.,](\d{0,2}))?$/.exec(cleaned);
  if (!match) return Number.NaN;
  const whole = Number.parseInt(match[1], 10);
  const cents = Number.parseInt((match[2] ?? '').padEnd(2, '0') || '0', 10);
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) ? total : Number.NaN;
}
