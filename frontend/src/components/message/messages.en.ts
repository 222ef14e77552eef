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
  'outbound.channel.email': 'Email',
  'outbound.channel.sms': 'SMS',
  'outbound.channel.whatsapp': 'WhatsApp',
  'outbound.status.pending': 'Pending',
  'outbound.status.sent': 'Sent',
  'outbound.status.failed': 'Failed',

  'notices.title': 'Email notifications',
  'notices.subtitle': 'Choose the emails you receive. Those that protect your account are always sent.',
  'notices.required': 'always sent (security)',
  'notices.save': 'Save',
  'notices.saved': 'Your notification preferences are saved.',
  'notices.loadError': 'Your notification preferences could not be loaded.',
  'notices.empty': 'No email notification for your account.',
};
