// The Moroccan phone rule of the API (crates/core/src/phone.rs), checked in the browser before a
// form is sent: `0` then 5, 6 or 7 and eight digits; `+212` or `00212` (then an optional 0) for
// the international forms; spaces, dots, dashes and brackets ignored.
import type { Translate } from '../../i18n';

/** The national form (0612345678) of a number the API accepts, or null. */
export function normalizeMoroccanPhone(input: string): string | null {
  const compact = input.replace(/[ \-.()]/g, '');
  let national = compact;
  for (const prefix of ['+212', '00212']) {
    if (compact.startsWith(prefix)) {
      const rest = compact.slice(prefix.length);
      national = `0${rest.startsWith('0') ? rest.slice(1) : rest}`;
      break;
    }
  }
  return /^0[5-7]\d{8}$/.test(national) ? national : null;
}

/**
 * The international digits of a Moroccan number, as WhatsApp's links take them:
 * 0612345678 → 212612345678; null for a number the API would refuse.
 */
export function internationalPhoneDigits(input: string): string | null {
  const national = normalizeMoroccanPhone(input);
  return national ? `212${national.slice(1)}` : null;
}

export function isMoroccanPhone(input: string): boolean {
  return normalizeMoroccanPhone(input) !== null;
}

/**
 * The message to show under a phone field, or undefined: an empty field is left to the
 * "required" check (the server's, or the form's own).
 */
export function phoneError(value: unknown, t: Translate): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '' || isMoroccanPhone(text)) return undefined;
  return t('phone.invalid');
}
