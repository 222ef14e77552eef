// Money is an integer number of centimes everywhere (API, store, calculations). The UI shows and
// takes it in dirhams ("30,00 DH"). No floating point on the way in or out. How amounts are shown
// is in ./moneyFormat (re-exported here); this module adds what a money input shows and reads.
import type { Language } from '../i18n/languages';
import { formatAmount, SEPARATORS } from './moneyFormat';

export { CURRENCY_SYMBOL, formatAmount, formatCount, formatMoney, formatSignedMoney } from './moneyFormat';

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
