import { formatDate, useLanguage } from '../i18n';

/** A timestamp (RFC 3339) shown with its date and time in the user's language. */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  const language = useLanguage();
  if (!value) return <>—</>;
  return <>{formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' })}</>;
}
