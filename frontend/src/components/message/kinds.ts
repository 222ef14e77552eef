// What the messages sent to people are (issue 41): their kinds, channels and statuses, as the
// server names them. The profile's notices (which e-mails one receives) and the admins' log of
// the messages sent both label them (messages.*.ts, registered by i18n/outbound.ts).
import type { Listed, Schema } from '../../core/apiTypes';
import type { MessageKey, Translate } from '../../i18n';
import '../../i18n/outbound';

export type MessageKind = Schema<'MessageKind'>;

/**
 * The notices an account may have (GET /api/users/notices), in the server's order, each with its
 * words here: the e-mails it may receive, and for a merchant `recipient_messages`, his consent to
 * his parcels' recipients getting SMS or WhatsApp messages.
 */
export const MESSAGE_KINDS = [
  'password_reset',
  'staff_invitation',
  'account_activated',
  'invoice_validated',
  'invoice_paid',
  'ticket_answered',
  'bank_account_change_requested',
  'bank_account_change_decided',
  'recipient_messages',
] as const satisfies readonly MessageKind[];

/**
 * What parcels' recipients are sent by SMS or WhatsApp (the server's RecipientKind, which its
 * OpenAPI document does not list: the log's `kind` is a string).
 */
export const RECIPIENT_MESSAGE_KINDS = ['out_for_delivery', 'attempt_failed', 'confirmation_request'] as const;

/** The kinds of the messages the admins' log holds: the e-mails, then the recipients' messages. */
export const LOGGED_KINDS: readonly string[] = [
  ...MESSAGE_KINDS.filter((kind) => kind !== 'recipient_messages'),
  ...RECIPIENT_MESSAGE_KINDS,
];

export type MessageChannel = Schema<'OutboundMessageChannel'>;
export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const satisfies readonly MessageChannel[];

export type MessageStatus = Schema<'OutboundMessageStatus'>;
export const MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const satisfies readonly MessageStatus[];

/** A kind, channel or status the server adds and these lists lack fails the type check here. */
export type EveryKindListed = Listed<Exclude<MessageKind, (typeof MESSAGE_KINDS)[number]>>;
export type EveryChannelListed = Listed<Exclude<MessageChannel, (typeof MESSAGE_CHANNELS)[number]>>;
export type EveryStatusListed = Listed<Exclude<MessageStatus, (typeof MESSAGE_STATUSES)[number]>>;

/** A kind's words (« Facture payée »); a kind this version does not know yet shows as the server names it. */
export function kindLabel(t: Translate, kind: string): string {
  const key = `outbound.kind.${kind}` as MessageKey;
  const label = t(key);
  return label === key ? kind : label;
}
