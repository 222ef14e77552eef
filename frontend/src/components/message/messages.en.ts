import type { OutboundMessageKey } from './messages.fr';

export const enOutbound: Record<OutboundMessageKey, string> = {
  'outbound.kind.password_reset': 'Forgotten password',
  'outbound.kind.staff_invitation': 'Invitation to join a team',
  'outbound.kind.account_activated': 'Account activated',
  'outbound.kind.invoice_validated': 'Invoice validated',
  'outbound.kind.invoice_paid': 'Invoice paid',
  'outbound.kind.ticket_answered': 'Reply to a ticket',
  'outbound.kind.bank_account_change_requested': 'Bank account (RIB) change requested',
  'outbound.kind.bank_account_change_decided': 'Bank account (RIB) change approved or refused',
  'outbound.kind.recipient_messages': 'SMS or WhatsApp messages to my recipients',
  'outbound.kind.out_for_delivery': 'Parcel out for delivery',
  'outbound.kind.attempt_failed': 'Failed delivery attempt',
  'outbound.kind.confirmation_request': 'Order to confirm',
  'outbound.channel.email': 'Email',
  'outbound.channel.sms': 'SMS',
  'outbound.channel.whatsapp': 'WhatsApp',
  'outbound.status.pending': 'Pending',
  'outbound.status.sent': 'Sent',
  'outbound.status.failed': 'Failed',

  'outbound.settings.title': 'Messages to recipients (SMS / WhatsApp)',
  'outbound.settings.intro':
    'Parcels’ recipients are told when their parcel goes out for delivery, when an attempt fails and when an order is to be confirmed. Each message ends with a link to stop receiving them; a merchant can also turn them off for his parcels.',
  'outbound.settings.enabled': 'Send messages to recipients',
  'outbound.settings.channel': 'Channel configured on the server: {channel}',
  'outbound.settings.noChannel': 'No channel configured on the server (see the documentation)',
  'outbound.settings.saved': 'Recipients’ messages setting saved.',

  'notices.title': 'Email notifications',
  'notices.subtitle': 'Choose the emails you receive. Those that protect your account are always sent.',
  'notices.required': 'always sent (security)',
  'notices.recipientMessagesHelp': 'Your recipients are told when their parcel is out for delivery or when an attempt fails.',
  'notices.save': 'Save',
  'notices.saved': 'Your notification preferences are saved.',
  'notices.loadError': 'Your notification preferences could not be loaded.',
  'notices.empty': 'No email notification for your account.',
};
