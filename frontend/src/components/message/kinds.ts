// What the messages sent to people are (issue 41): their kinds, channels and statuses, as the
// server names them. The profile's notices (which e-mails one receives) and the admins' log of
// the messages sent both label them (messages.*.ts, registered by i18n/outbound.ts).
import type { MessageKey, Translate } from '../../i18n';
import '../../i18n/outbound';

// TODO(api-types): the generated enums (Schema<'MessageKind'>, Schema<'OutboundMessageChannel'>,
// Schema<'OutboundMessageStatus'>) once the server's OpenAPI document has them, with `Listed`
// checks that these lists hold every value.

/** The kinds of e-mail an account may receive, in the order the profile lists them. */
export const MESSAGE_KINDS = [
  'password_reset',
  'staff_invitation',
  'account_activated',
  'invoice_validated',
  'invoice_paid',
  'ticket_answered',
  'bank_account_change_requested',
  'bank_account_change_decided',
] as const;

export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A kind's words (« Facture payée »); a kind this version does not know yet shows as the server names it. */
export function kindLabel(t: Translate, kind: string): string {
  const key = `outbound.kind.${kind}` as MessageKey;
  const label = t(key);
  return label === key ? kind : label;
}
