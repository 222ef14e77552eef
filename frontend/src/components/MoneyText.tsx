import { useLanguage } from '../i18n';
import { formatMoney } from './moneyFormat';

/** An amount of centimes shown in dirhams ("30,00 DH"). */
export function MoneyText({ centimes }: { centimes: number | null | undefined }) {
  const language = useLanguage();
  if (centimes === null || centimes === undefined) return <>—</>;
  return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(centimes, language)}</span>;
}
