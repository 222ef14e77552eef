// Dates chosen by a person (a postponement date) are plain `YYYY-MM-DD` days, in the user's time zone.

/** The day of `now` as `YYYY-MM-DD`. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day after `now` as `YYYY-MM-DD`. */
export function tomorrow(now: Date = new Date()): string {
  const next = new Date(now);
  next.setDate(now.getDate() + 1);
  return today(next);
}

/** The day `days` before (or after, when negative) `now`'s, as `YYYY-MM-DD`. */
export function daysBefore(days: number, now: Date = new Date()): string {
  const day = new Date(now);
  day.setDate(now.getDate() - days);
  return today(day);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** What a `datetime-local` input holds for a moment: `YYYY-MM-DDTHH:mm`, in the user's time zone. */
export function localDateTime(moment: Date): string {
  return `${today(moment)}T${pad2(moment.getHours())}:${pad2(moment.getMinutes())}`;
}

/**
 * A `datetime-local` value as RFC 3339 with the user's offset at that moment:
 * `2026-12-01T16:30` → `2026-12-01T16:30:00+01:00`; null when it is no moment.
 */
export function rfc3339FromLocal(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hours, minutes] = match.map(Number);
  const moment = new Date(year, month - 1, day, hours, minutes);
  if (Number.isNaN(moment.getTime()) || moment.getDate() !== day) return null;
  // getTimezoneOffset is minutes behind UTC: Casablanca's +01:00 is -60.
  const offset = -moment.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad2(Math.floor(Math.abs(offset) / 60))}:${pad2(Math.abs(offset) % 60)}`;
  return `${localDateTime(moment)}:00${zone}`;
}
