import { localeOf, useLanguage } from '../i18n';

/** A timestamp (RFC 3339) shown with its date and time in the user's language. */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  const language = useLanguage();
  if (!value) return <>—</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return <>{new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date)}</>;
}
