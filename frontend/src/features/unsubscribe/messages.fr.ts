// French messages of the recipients' STOP page, /desinscription/{key} (issue 41). They load with
// that page only: src/i18n/unsubscribe.ts registers them, and every module using one of these keys
// imports it (unsubscribe.test.ts checks the rule). The page's title (route.unsubscribe) is in
// src/i18n/fr.ts with the other routes' titles.
export const frUnsubscribe = {
  'unsubscribe.question': 'Vous ne voulez plus recevoir nos messages sur ce numéro ?',
  'unsubscribe.explain': 'Nous vous écrivons par SMS ou WhatsApp pour la livraison de vos colis. Vous pouvez arrêter ces messages.',
  'unsubscribe.submit': 'Ne plus recevoir de messages',
  'unsubscribe.done': 'C’est fait : ce numéro ne recevra plus nos messages.',
  'unsubscribe.invalid': 'Ce lien n’est pas valable',
  'unsubscribe.invalidHint': 'Vérifiez que le lien est complet, tel qu’il figure à la fin de notre message.',
  'unsubscribe.tooMany': 'Trop d’essais. Réessayez dans {minutes, plural, one {# minute} other {# minutes}}.',
  'unsubscribe.tooManySoon': 'Trop d’essais. Réessayez dans quelques instants.',
  'unsubscribe.error': 'Votre demande n’a pas pu être enregistrée. Réessayez.',
} as const;

export type UnsubscribeMessageKey = keyof typeof frUnsubscribe;
