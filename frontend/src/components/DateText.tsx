import { formatDate, useLanguage } from '../i18n';

/** A timestamp (RFC 3339) shown as a date in the user's language. */
export function DateText({ value }: { value: string | null | undefined }) {
  const language = useLanguage();
  if (!value) return <>—</>;
  return <>{formatDate(value, language, { dateStyle: 'medium' })}</>;
}
