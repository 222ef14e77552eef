// French messages of the forgotten-password and new-password pages (issue 41). They load with
// those pages, not with the sign-in page: src/i18n/password.ts registers them, and every module
// using one of these keys imports it (password.test.ts checks the rule). The sign-in page's link
// and notice (« Mot de passe oublié ? », « Mot de passe changé ») are in src/i18n/fr.ts.
export const frPassword = {
  'password.forgotten.subtitle':
    'Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
  'password.forgotten.submit': 'Envoyer le lien',
  'password.forgotten.sentTitle': 'Consultez vos e-mails',
  'password.forgotten.sent':
    'Si un compte existe pour cette adresse, un e-mail vient d’être envoyé à {email} avec un lien pour choisir un nouveau mot de passe. Ce lien est valable 30 minutes.',
  'password.forgotten.sentHint': 'Rien reçu dans quelques minutes ? Regardez dans les courriers indésirables, ou vérifiez l’adresse et recommencez.',
  'password.forgotten.again': 'Essayer une autre adresse',
  'password.forgotten.tooMany':
    '{minutes, plural, one {Trop de demandes, réessayez dans # minute.} other {Trop de demandes, réessayez dans # minutes.}}',
  'password.forgotten.tooManySoon': 'Trop de demandes, réessayez dans quelques instants.',
  'password.backToSignIn': 'Retour à la connexion',
  'password.reset.title': 'Nouveau mot de passe',
  'password.reset.subtitle': 'Choisissez le nouveau mot de passe de votre compte.',
  'password.reset.invitationTitle': 'Choisissez votre mot de passe',
  'password.reset.invitationSubtitle': 'Bienvenue ! Choisissez le mot de passe avec lequel vous vous connecterez.',
  'password.reset.submit': 'Enregistrer le mot de passe',
  'password.reset.invalidTitle': 'Ce lien n’est plus valable',
  'password.reset.invalid':
    'Ce lien n’est plus valable : il a déjà servi, il a expiré ou il est incomplet. Demandez un nouveau lien, il arrivera par e-mail.',
  'password.reset.newLink': 'Demander un nouveau lien',
} as const;

export type PasswordMessageKey = keyof typeof frPassword;
