// French messages of payout accounts (shops' RIB changes) and legal documents (the company's
// identity, merchants' ICE). They load with the screens that use them: src/i18n/payout.ts
// registers them, and every module using one of these keys imports it (payout.test.ts checks
// the rule).
export const frPayout = {
  'payout.status.pending': 'En attente',
  'payout.status.approved': 'Approuvé',
  'payout.status.refused': 'Refusé',
  'payout.status.replaced': 'Remplacé',

  'payout.rib.pending': 'Nouveau RIB en attente de validation : {rib}',
  'payout.rib.refused': 'Nouveau RIB refusé : {reason}',
  'payout.rib.approved': 'Nouveau RIB validé le {date}',
  'payout.rib.requested': 'Demande envoyée : le nouveau RIB sera utilisé dès que notre équipe l’aura validé. D’ici là, les virements continuent sur le RIB actuel.',
  'payout.rib.formHelp': '24 chiffres. Un nouveau RIB est vérifié par notre équipe avant les prochains virements.',
  'payout.rib.formPendingHelp': 'Ce RIB attend notre validation ; le modifier remplace la demande.',
  'payout.rib.adminHelp': 'Laissez vide pour garder le RIB actuel ({rib}). Un RIB saisi ici s’applique tout de suite.',
  'payout.rib.adminPending': 'Le client attend la validation d’un nouveau RIB ({rib}) : décidez-en dans les changements de RIB.',

  'payout.notice.title': 'RIB de vos boutiques',
  'payout.notice.pending': '{shop} : nouveau RIB {rib} en attente de validation. Les virements continuent sur le RIB actuel.',
  'payout.notice.approved': '{shop} : nouveau RIB {rib} validé. Les prochains virements y seront faits.',
  'payout.notice.refused': '{shop} : nouveau RIB {rib} refusé ({reason}). Les virements continuent sur le RIB actuel.',
  'payout.notice.dismiss': 'Masquer',
  'payout.notice.open': 'Mes boutiques',

  'payout.changes.subtitle': 'Les nouveaux RIB demandés par les clients : vérifiez l’attestation bancaire, puis approuvez ou refusez. Seuls les 4 derniers chiffres sont affichés.',
  'payout.changes.tab.pending': 'En attente',
  'payout.changes.tab.approved': 'Approuvés',
  'payout.changes.tab.refused': 'Refusés',
  'payout.changes.tab.all': 'Tous',
  'payout.changes.shop': 'Boutique',
  'payout.changes.rib': 'RIB (actuel → demandé)',
  'payout.changes.none': 'aucun',
  'payout.changes.requested': 'Demandé',
  'payout.changes.by': 'par {name}',
  'payout.changes.status': 'Statut',
  'payout.changes.empty': 'Aucune demande de changement de RIB dans cette liste.',
  'payout.changes.approve': 'Approuver',
  'payout.changes.refuse': 'Refuser',
  'payout.changes.approveTitle': 'Approuver le nouveau RIB de {shop} ?',
  'payout.changes.approveBody': 'Les virements et les factures validées à partir de maintenant iront sur le RIB {rib}.',
  'payout.changes.refuseTitle': 'Refuser le nouveau RIB de {shop}',
  'payout.changes.comment': 'Raison (le client la lira)',
  'payout.changes.commentRequired': 'Indiquez au client pourquoi son RIB est refusé.',
  'payout.changes.approvedNotice': 'Nouveau RIB approuvé.',
  'payout.changes.refusedNotice': 'Demande refusée.',
  'payout.changes.open': 'Changements de RIB',

  'payout.queue.label': 'Changements de RIB',
  'payout.queue.hint': 'Nouveaux RIB de clients à approuver ou refuser',

  'payout.company.subtitle': 'L’identité légale que portent les factures et les bons : elle est imprimée sous le nom de l’entreprise et au pied de chaque page.',
  'payout.company.notConfigured': 'Identité légale non renseignée : les documents n’impriment que le nom du produit.',
  'payout.company.name': 'Raison sociale',
  'payout.company.address': 'Adresse',
  'payout.company.ice': 'ICE',
  'payout.company.iceHelp': 'Identifiant commun de l’entreprise : 15 chiffres.',
  'payout.company.if': 'IF (identifiant fiscal)',
  'payout.company.rc': 'RC (registre du commerce)',
  'payout.company.patente': 'Patente (facultatif)',
  'payout.company.cnss': 'CNSS (facultatif)',
  'payout.company.numberHelp': '1 à 15 chiffres.',
  'payout.company.footer': 'Pied de page des documents',
  'payout.company.save': 'Enregistrer',
  'payout.company.saved': 'Identité légale enregistrée.',

  'payout.ice': 'ICE (facultatif)',
  'payout.iceHelp': 'Identifiant commun de l’entreprise, 15 chiffres : imprimé sur vos factures.',
  'payout.invoice.paidTo': 'RIB de paiement',
  'payout.invoice.keptHint': 'Gardé à la validation de la facture.',
} as const;

export type PayoutMessageKey = keyof typeof frPayout;
