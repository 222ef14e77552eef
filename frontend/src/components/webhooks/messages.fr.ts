// French messages of the merchant's webhooks (issue 26): the card under the API tokens and the
// dashboard's notice. They load with the chunks that use them: src/i18n/webhooks.ts registers
// them, and every module using one of these keys imports it (webhooks.test.ts checks the rule).
export const frWebhooks = {
  'webhooks.title': 'Webhooks',
  'webhooks.subtitle':
    'Votre boutique reçoit le statut de vos colis, factures et tickets dès qu’il change, signé avec un secret : plus besoin d’interroger l’API.',
  'webhooks.url': 'Adresse de réception (https)',
  'webhooks.urlHelp': 'Une adresse publique de votre boutique, par exemple https://maboutique.ma/colivra.',
  'webhooks.events': 'Événements à recevoir',
  'webhooks.event.parcel.created': 'Colis créé',
  'webhooks.event.parcel.status_changed': 'Statut du colis changé',
  'webhooks.event.parcel.outcome_recorded': 'Résultat de livraison saisi',
  'webhooks.event.invoice.validated': 'Facture validée',
  'webhooks.event.invoice.paid': 'Facture payée',
  'webhooks.event.ticket.answered': 'Réponse à un ticket',
  'webhooks.event.ping': 'Test',
  'webhooks.add': 'Ajouter',
  'webhooks.empty': 'Aucun webhook : votre boutique ne reçoit rien pour l’instant.',
  'webhooks.loadError': 'Impossible de charger vos webhooks.',
  'webhooks.secretTitle': 'Secret du webhook',
  'webhooks.secretBody':
    'Copiez ce secret dans votre boutique : il sert à vérifier la signature Colivra-Signature de chaque envoi. Il ne sera plus affiché.',
  'webhooks.secretDone': 'J’ai copié le secret',
  'webhooks.secretCopied': 'Secret copié dans le presse-papiers.',
  'webhooks.secretCopyFailed': 'La copie a échoué : sélectionnez le secret et copiez-le à la main.',
  'webhooks.state.active': 'Actif',
  'webhooks.state.inactive': 'Désactivé',
  'webhooks.state.paused': 'Suspendu',
  'webhooks.pausedNotice':
    'Les envois vers {url} échouent depuis 24 h : ce webhook est suspendu. Corrigez votre boutique, puis réactivez-le.',
  'webhooks.test': 'Envoyer un test',
  'webhooks.testSent': 'Événement de test envoyé : suivez-le dans le journal.',
  'webhooks.log': 'Journal',
  'webhooks.turnOn': 'Activer',
  'webhooks.turnOff': 'Désactiver',
  'webhooks.delete': 'Supprimer',
  'webhooks.deleteTitle': 'Supprimer ce webhook ?',
  'webhooks.deleteBody': '{url} ne recevra plus rien, et son journal est effacé.',
  'webhooks.deleted': 'Webhook supprimé.',
  'webhooks.logTitle': 'Envois vers {url}',
  'webhooks.logEmpty': 'Aucun envoi pour l’instant.',
  'webhooks.delivery.pending': 'En attente',
  'webhooks.delivery.delivered': 'Reçu',
  'webhooks.delivery.failed': 'Abandonné',
  'webhooks.attempts': '{count, plural, one {# essai} other {# essais}}',
  'webhooks.lastAnswer': 'Dernière réponse : {code}',
  'webhooks.lastError': 'Erreur : {error}',
  'webhooks.nextAttempt': 'Prochain essai : {at}',
  'webhooks.retry': 'Renvoyer',
  'webhooks.retried': 'Envoi relancé.',
  'webhooks.dashboardPaused':
    'Un webhook est suspendu : votre boutique ne reçoit plus les statuts de vos colis. Voir « Mon profil ».',
} as const;

export type WebhookMessageKey = keyof typeof frWebhooks;
