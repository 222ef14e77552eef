import { localeOf, useLanguage } from '../i18n';

/** A timestamp (RFC 3339) shown as a date in the user's language. */
export function DateText({ value }: { value: string | null | undefined }) {
  const language = useLanguage();
  if (!value) return <>—</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return <>{new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(date)}</>;
}
