import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { en } from './en';
import { fr, type MessageKey as CoreMessageKey } from './fr';
import type { ScreenMessageKey } from './screens.fr';
import type { ParcelMessageKey } from '../components/parcel/messages.fr';
import type { VoucherMessageKey } from '../components/voucher/messages.fr';
import type { InvoiceMessageKey } from '../components/invoice/messages.fr';
import type { InventoryMessageKey } from '../components/inventory/messages.fr';
import type { SupportMessageKey } from '../components/support/messages.fr';
import type { PayoutMessageKey } from '../components/shop/messages.fr';
import type { WebhookMessageKey } from '../components/webhooks/messages.fr';

/**
 * Every message key: those of the first download (fr.ts) and those of the screens that load on
 * demand (screens.fr.ts, parcels.fr.ts, vouchers.fr.ts, invoices.fr.ts, inventory.fr.ts and
 * support.fr.ts, registered by screens.ts, parcels.ts, vouchers.ts, invoices.ts, inventory.ts and
 * support.ts before such a screen renders; payout.fr.ts likewise, by payout.ts, and the webhooks'
 * messages by webhooks.ts).
 */
export type MessageKey =
  | CoreMessageKey
  | ScreenMessageKey
  | ParcelMessageKey
  | VoucherMessageKey
  | InvoiceMessageKey
  | InventoryMessageKey
  | SupportMessageKey
  | PayoutMessageKey
  | WebhookMessageKey;
export type Language = 'fr' | 'en';
export const LANGUAGES: readonly Language[] = ['fr', 'en'];
export const DEFAULT_LANGUAGE: Language = 'fr';

const dictionaries: Record<Language, Partial<Record<MessageKey, string>>> = { fr: { ...fr }, en: { ...en } };

/** Adds messages loaded with the lazy screens (see screens.ts). */
export function registerMessages(language: Language, messages: Partial<Record<MessageKey, string>>): void {
  Object.assign(dictionaries[language], messages);
}

export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export function isLanguage(value: unknown): value is Language {
  return value === 'fr' || value === 'en';
}

/** Looks a message up and fills its `{placeholders}`. Falls back to French, then to the key. */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const template = dictionaries[language][key] ?? dictionaries.fr[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/** Locale tag for Intl formatting. */
export function localeOf(language: Language): string {
  return language === 'fr' ? 'fr-MA' : 'en-GB';
}

interface LanguageState {
  settings: { language: Language };
}

export function useLanguage(): Language {
  return useSelector((state: LanguageState) => state.settings.language);
}

/** The translate function bound to the language the user picked. */
export function useT(): Translate {
  const language = useLanguage();
  return useCallback<Translate>((key, params) => translate(language, key, params), [language]);
}
