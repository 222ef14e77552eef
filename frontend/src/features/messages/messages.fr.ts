// French messages of the admins' « Messages envoyés » screen (issue 41). They load on demand, not
// with the first download: src/i18n/screens.ts registers them (merged in screens.fr.ts), and every
// module using one of these keys imports it (i18n.test.ts checks the rule). The kinds, channels
// and statuses are in components/message/messages.*.
export const frSentMessages = {
  'sentMessages.subtitle':
    'Les messages que la plateforme envoie (e-mails des mots de passe, invitations et notifications ; SMS ou WhatsApp aux destinataires), avec chaque tentative. Un message peut être renvoyé.',
  'sentMessages.search': 'E-mail ou téléphone du destinataire',
  'sentMessages.channel': 'Canal',
  'sentMessages.kind': 'Type',
  'sentMessages.status': 'Statut',
  'sentMessages.all': 'Tous',
  'sentMessages.recipient': 'Destinataire',
  'sentMessages.subject': 'Objet',
  'sentMessages.noSubject': 'Sans objet',
  'sentMessages.language': 'Langue',
  'sentMessages.createdAt': 'Créé le',
  'sentMessages.sentAt': 'Envoyé le',
  'sentMessages.attempts': 'Tentatives',
  'sentMessages.attemptCount': '{count, plural, one {# tentative} other {# tentatives}}',
  'sentMessages.empty': 'Aucun message envoyé pour l’instant.',
  'sentMessages.section': 'Le message',
  'sentMessages.details': 'Message à {recipient}',
  'sentMessages.lastError': 'Dernière erreur',
  'sentMessages.nextAttempt': 'Prochaine tentative',
  'sentMessages.history': 'Historique des tentatives',
  'sentMessages.noAttempt': 'Aucune tentative pour l’instant : le message attend son premier envoi.',
  'sentMessages.attemptNumber': 'Tentative {number}',
  'sentMessages.accepted': 'Accepté par le serveur d’envoi',
  'sentMessages.latency': '{ms} ms',
  'sentMessages.resend': 'Renvoyer',
  'sentMessages.resendHelp': 'Une copie du message est remise en file d’envoi ; celui-ci reste dans l’historique.',
  'sentMessages.resent': 'Message renvoyé à {recipient} : la copie attend son envoi.',
} as const;

export type SentMessagesMessageKey = keyof typeof frSentMessages;
