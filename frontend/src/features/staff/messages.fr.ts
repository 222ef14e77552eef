// French messages of the staff screen. They load on demand, not with the first download:
// src/i18n/screens.ts registers them (merged in screens.fr.ts), and every module using one of
// these keys imports it (i18n.test.ts checks the rule).
export const frStaff = {
  'staff.permissions': 'Permissions',
  'staff.title': 'Équipe',
  'staff.subtitle': "Les gestionnaires n'ont accès qu'aux rubriques cochées ; les administrateurs ont accès à tout.",
  'staff.teamTitle': 'Mon équipe',
  'staff.teamSubtitle': 'Donnez accès à votre espace à vos collaborateurs, rubrique par rubrique.',
  'staff.tabManagers': 'Gestionnaires',
  'staff.tabAdmins': 'Administrateurs',
  'staff.search': 'Nom ou e-mail',
  'staff.emptyManagers': 'Aucun gestionnaire.',
  'staff.emptyTeam': 'Aucun membre dans votre équipe pour le moment.',
  'staff.emptyAdmins': 'Aucun administrateur.',
  'staff.createManager': 'Ajouter un gestionnaire',
  'staff.createManagerTitle': 'Nouveau gestionnaire',
  'staff.createMember': 'Ajouter un membre',
  'staff.createMemberTitle': "Nouveau membre de l'équipe",
  'staff.createAdmin': 'Ajouter un administrateur',
  'staff.createAdminTitle': 'Nouvel administrateur',
  'staff.editTitle': 'Modifier {name}',
  'staff.newPassword': 'Nouveau mot de passe',
  'staff.passwordKeep': 'Laissez vide pour garder le mot de passe actuel.',
  'staff.passwordInvite': 'Laisser vide pour envoyer une invitation par e-mail (lien valable 7 jours).',
  'staff.activeSwitch': 'Compte actif',
  'staff.activeHelp': 'Un compte désactivé ne peut plus se connecter.',
  'staff.permissionsHelp': 'Seules les permissions que vous détenez vous-même peuvent être accordées.',
  'staff.permissionCount': '{count, plural, one {# rubrique} other {# rubriques}}',
  'staff.deleteTitle': 'Supprimer le compte de {name} ?',
  'staff.deleteAdminTitle': "Supprimer l'administrateur {name} ?",
  'staff.deleteBody': 'La personne ne pourra plus se connecter. Cette suppression est définitive.',
} as const;

export type StaffMessageKey = keyof typeof frStaff;
