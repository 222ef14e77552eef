// French messages of the messages sent to people (issue 41): their kinds, channels and statuses,
// the company settings' « Messages aux destinataires (SMS / WhatsApp) » and the profile's
// « Notifications par e-mail ». They load on demand: src/i18n/outbound.ts
// registers them, and every module using one of these keys imports it (outbound.test.ts checks
// the rule).
export const frOutbound = {
  'outbound.kind.password_reset': 'Mot de passe oublié',
  'outbound.kind.staff_invitation': 'Invitation à rejoindre une équipe',
  'outbound.kind.account_activated': 'Compte activé',
  'outbound.kind.invoice_validated': 'Facture validée',
  'outbound.kind.invoice_paid': 'Facture payée',
  'outbound.kind.ticket_answered': 'Réponse à un ticket',
  'outbound.kind.bank_account_change_requested': 'Changement de RIB demandé',
  'outbound.kind.bank_account_change_decided': 'Changement de RIB approuvé ou refusé',
  'outbound.kind.recipient_messages': 'Messages SMS ou WhatsApp à mes destinataires',
  'outbound.kind.out_for_delivery': 'Colis mis en distribution',
  'outbound.kind.attempt_failed': 'Tentative de livraison échouée',
  'outbound.kind.confirmation_request': 'Commande à confirmer',
  'outbound.channel.email': 'E-mail',
  'outbound.channel.sms': 'SMS',
  'outbound.channel.whatsapp': 'WhatsApp',
  'outbound.status.pending': 'En attente',
  'outbound.status.sent': 'Envoyé',
  'outbound.status.failed': 'Échec',

  'outbound.settings.title': 'Messages aux destinataires (SMS / WhatsApp)',
  'outbound.settings.intro':
    'Les destinataires des colis sont prévenus quand leur colis part en livraison, quand une tentative échoue et quand une commande est à confirmer. Chaque message se termine par un lien pour ne plus en recevoir ; un marchand peut aussi les couper pour ses colis.',
  'outbound.settings.enabled': 'Envoyer les messages aux destinataires',
  'outbound.settings.channel': 'Canal configuré sur le serveur : {channel}',
  'outbound.settings.noChannel': 'Aucun canal configuré sur le serveur (voir la documentation)',
  'outbound.settings.saved': 'Réglage des messages aux destinataires enregistré.',

  'notices.title': 'Notifications par e-mail',
  'notices.subtitle': 'Choisissez les e-mails que vous recevez. Ceux qui protègent votre compte sont toujours envoyés.',
  'notices.required': 'toujours envoyé (sécurité)',
  'notices.recipientMessagesHelp': 'Vos destinataires sont prévenus quand leur colis part en livraison ou qu’une tentative échoue.',
  'notices.save': 'Enregistrer',
  'notices.saved': 'Vos préférences de notification sont enregistrées.',
  'notices.loadError': 'Vos préférences de notification n’ont pas pu être chargées.',
  'notices.empty': 'Aucune notification par e-mail pour votre compte.',
} as const;

export type OutboundMessageKey = keyof typeof frOutbound;
