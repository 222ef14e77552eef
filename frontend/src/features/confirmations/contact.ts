// How an agent reaches the recipient: the WhatsApp link with the order summed up in the UI's
// language, ready to send.
import { internationalPhoneDigits } from '../../components/form/phone';
import { formatMoney } from '../../components/moneyFormat';
import type { Parcel } from '../../components/parcel/api';
import type { Language, Translate } from '../../i18n';
import '../../i18n/confirmations';

/** The order as the agent would say it: shop and merchant, product × quantity, amount, where, the tracking code. */
export function orderSummary(parcel: Parcel, t: Translate, language: Language): string {
  return t('confirmations.whatsappText', {
    name: parcel.recipient_name,
    shop: parcel.shop_name,
    merchant: parcel.client_name,
    product: parcel.product,
    quantity: parcel.quantity,
    amount: formatMoney(parcel.cod_amount, language),
    address: parcel.address,
    city: parcel.city_name,
    code: parcel.key,
  });
}

/** `https://wa.me/212XXXXXXXXX?text=…` for a Moroccan number; null for another one. */
export function whatsAppLink(phone: string, text: string): string | null {
  const digits = internationalPhoneDigits(phone);
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null;
}
