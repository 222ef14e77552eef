import { useLanguage } from '../i18n';
import { formatSignedMoney } from './moneyFormat';

/**
 * An amount that moves a balance, its sign always written: « +10,00 DH », « −4,00 DH »; right to
 * left the sign stays before its digits (formatSignedMoney). A module apart from MoneyText: the
 * screens that show no balance do not load it.
 */
export function SignedMoneyText({ centimes }: { centimes: number }) {
  const language = useLanguage();
  return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatSignedMoney(centimes, language)}</span>;
}
