import { useEffect, useState } from 'react';
import { localeOf, useLanguage, type Language } from '../i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formats = new Map<Language, Intl.RelativeTimeFormat>();

/**
 * How far a moment is from `now`, in the language's words (« dans 5 heures », « il y a 3 minutes »,
 * « in 2 days », « خلال 5 ساعات »): minutes under an hour, hours under two days, days beyond.
 */
export function relativeTime(value: string | Date, language: Language, now: number = Date.now()): string {
  const moment = typeof value === 'string' ? new Date(value).getTime() : value.getTime();
  if (Number.isNaN(moment)) return '';
  let format = formats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
    formats.set(language, format);
  }
  const diff = moment - now;
  const size = Math.abs(diff);
  if (size < HOUR) return format.format(Math.round(diff / MINUTE), 'minute');
  if (size < 2 * DAY) return format.format(Math.round(diff / HOUR), 'hour');
  return format.format(Math.round(diff / DAY), 'day');
}

/** The current time, moved on every minute (a relative time stays true while the page is open). */
export function useNow(every: number = MINUTE): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}

/** A timestamp (RFC 3339) as its distance from now, in the user's language; « — » without one. */
export function RelativeTimeText({ value }: { value: string | null | undefined }) {
  const language = useLanguage();
  const now = useNow();
  if (!value) return <>—</>;
  return <>{relativeTime(value, language, now)}</>;
}
