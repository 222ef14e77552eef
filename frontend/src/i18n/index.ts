import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { ar } from './ar';
import { en } from './en';
import { fr, type MessageKey as CoreMessageKey } from './fr';
import { isolate, localeOf, type Language } from './languages';
import type { ScreenMessageKey } from './screens.fr';
import type { ParcelMessageKey } from '../components/parcel/messages.fr';
import type { VoucherMessageKey } from '../components/voucher/messages.fr';
import type { InvoiceMessageKey } from '../components/invoice/messages.fr';
import type { InventoryMessageKey } from '../components/inventory/messages.fr';
import type { SupportMessageKey } from '../components/support/messages.fr';
import type { PayoutMessageKey } from '../components/shop/messages.fr';
import type { WebhookMessageKey } from '../components/webhooks/messages.fr';
import type { ConfirmationMessageKey } from '../features/confirmations/messages.fr';
import type { DecisionMessageKey } from '../components/decision/messages.fr';
import type { OutboundMessageKey } from '../components/message/messages.fr';
import type { PasswordMessageKey } from '../features/auth/messages.fr';
import type { UnsubscribeMessageKey } from '../features/unsubscribe/messages.fr';

/**
 * Every message key: those of the first download (fr.ts) and those of the screens that load on
 * demand (screens.fr.ts, parcels.fr.ts, vouchers.fr.ts, invoices.fr.ts, inventory.fr.ts and
 * support.fr.ts, registered by screens.ts, parcels.ts, vouchers.ts, invoices.ts, inventory.ts and
 * support.ts before such a screen renders; payout.fr.ts likewise, by payout.ts, the webhooks'
 * messages by webhooks.ts, the confirmation agents' by confirmations.ts, the decisions after a
 * failed attempt by decisions.ts, the messages sent to people (kinds, the profile's notices) by
 * outbound.ts, the forgotten-password and new-password pages' by password.ts, and the recipients'
 * STOP page's by unsubscribe.ts).
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
  | WebhookMessageKey
  | ConfirmationMessageKey
  | DecisionMessageKey
  | OutboundMessageKey
  | PasswordMessageKey
  | UnsubscribeMessageKey;
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  directionOf,
  formatDate,
  isLanguage,
  isolate,
  isolateLtr,
  localeOf,
  type Direction,
  type Language,
} from './languages';

const dictionaries: Record<Language, Partial<Record<MessageKey, string>>> = { fr: { ...fr }, en: { ...en }, ar: { ...ar } };

/** Adds messages loaded with the lazy screens (see screens.ts). */
export function registerMessages(language: Language, messages: Partial<Record<MessageKey, string>>): void {
  Object.assign(dictionaries[language], messages);
}

export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralCategory(language: Language, value: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(localeOf(language));
    pluralRules.set(language, rules);
  }
  return rules.select(value);
}

/** The text of `{…}` starting at `open` (the index of its `{`) and the index after its `}`. */
function braced(text: string, open: number): [string, number] | null {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}') {
      depth -= 1;
      if (depth === 0) return [text.slice(open + 1, i), i + 1];
    }
  }
  return null;
}

const PLURAL_HEAD = /\{(\w+), plural,/g;
const PLURAL_OPTION = /\s*(=\d+|zero|one|two|few|many|other)\s*(?=\{)/y;

/**
 * Plural forms, as ICU writes them: `{count, plural, one {# parcel} other {# parcels}}`. The form
 * is chosen by the language's rules (French says « 0 colis », « 1 tentative », « 2 tentatives »;
 * Arabic has zero, one, two, few, many and other; `=0` and other exact numbers first; a category
 * a message does not write falls back to `other`), `#` stands for the number.
 */
function withPlurals(language: Language, template: string, params: MessageParams): string {
  if (!template.includes(', plural,')) return template;
  let out = '';
  let from = 0;
  for (const head of template.matchAll(PLURAL_HEAD)) {
    if (head.index < from) continue;
    const whole = braced(template, head.index);
    const value = Number(params[head[1]]);
    if (!whole || !Number.isFinite(value)) continue;
    const options = new Map<string, string>();
    let at = head[0].length - 1;
    const body = whole[0];
    for (;;) {
      PLURAL_OPTION.lastIndex = at;
      const option = PLURAL_OPTION.exec(body);
      if (!option) break;
      const text = braced(body, PLURAL_OPTION.lastIndex);
      if (!text) break;
      options.set(option[1], text[0]);
      at = text[1];
    }
    const chosen = options.get(`=${value}`) ?? options.get(pluralCategory(language, value)) ?? options.get('other') ?? '';
    out += template.slice(from, head.index) + chosen.replace(/#/g, String(params[head[1]]));
    from = whole[1];
  }
  return out + template.slice(from);
}

/**
 * Looks a message up, chooses its plural forms and fills its `{placeholders}`. Falls back to
 * French, then to the key. In a right-to-left language every filled value is isolated (as
 * Fluent does): a Latin name, a code or an amount keeps its order and leaves the sentence's alone.
 */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const template = dictionaries[language][key] ?? dictionaries.fr[key] ?? key;
  if (!params) return template;
  return withPlurals(language, template, params).replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? isolate(String(params[name]), language) : match,
  );
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

/**
 * The label of a value the server also labels (a status, an audience): the UI's message
 * `${prefix}.${value}` when its module has loaded, else the server's label (French unless the
 * server knows the reader's language).
 */
export function useValueLabel(): (prefix: string, value: string, fallback: string) => string {
  const t = useT();
  return useCallback(
    (prefix, value, fallback) => {
      const key = `${prefix}.${value}` as MessageKey;
      const label = t(key);
      return label === key ? fallback : label;
    },
    [t],
  );
}
