// What the messages sent to people are (issue 41): their kinds, channels and statuses, as the
// server names them. The profile's notices (which e-mails one receives) and the admins' log of
// the messages sent both label them (messages.*.ts, registered by i18n/outbound.ts).
import type { Listed, Schema } from '../../core/apiTypes';
import type { MessageKey, Translate } from '../../i18n';
import '../../i18n/outbound';

export type MessageKind = Schema<'MessageKind'>;

/** The kinds of e-mail an account may receive, in the server's order (each has its words here). */
export const MESSAGE_KINDS = [
  'password_reset',
  'staff_invitation',
  'account_activated',
  'invoice_validated',
  'invoice_paid',
  'ticket_answered',
  'bank_account_change_requested',
  'bank_account_change_decided',
] as const satisfies readonly MessageKind[];

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
