import type { StaffMessageKey } from './messages.fr';

// Arabic messages of the staff screen. Must carry every key of messages.fr.ts.
export const arStaff: Record<StaffMessageKey, string> = {
  'staff.permissions': 'الصلاحيات',
  'staff.title': 'الفريق',
  'staff.subtitle': 'لا يصل المسيّرون إلا إلى الأقسام المحددة؛ أما المسؤولون فيصلون إلى كل شيء.',
  'staff.teamTitle': 'فريقي',
  'staff.teamSubtitle': 'امنح معاونيك الولوج إلى فضائك، قسمًا بقسم.',
  'staff.tabManagers': 'المسيّرون',
  'staff.tabAdmins': 'المسؤولون',
  'staff.search': 'الاسم أو البريد الإلكتروني',
  'staff.emptyManagers': 'لا يوجد أي مسيّر.',
  'staff.emptyTeam': 'لا يوجد أي عضو في فريقك حاليًا.',
  'staff.emptyAdmins': 'لا يوجد أي مسؤول.',
  'staff.createManager': 'إضافة مسيّر',
  'staff.createManagerTitle': 'مسيّر جديد',
  'staff.createMember': 'إضافة عضو',
  'staff.createMemberTitle': 'عضو جديد في الفريق',
  'staff.createAdmin': 'إضافة مسؤول',
  'staff.createAdminTitle': 'مسؤول جديد',
  'staff.editTitle': 'تعديل {name}',
  'staff.newPassword': 'كلمة المرور الجديدة',
  'staff.passwordKeep': 'اتركها فارغة للاحتفاظ بكلمة المرور الحالية.',
  'staff.passwordInvite': 'اتركها فارغة لإرسال دعوة عبر البريد الإلكتروني (رابط صالح لمدة 7 أيام).',
  'staff.activeSwitch': 'حساب نشط',
  'staff.activeHelp': 'لا يمكن لحساب معطّل تسجيل الدخول.',
  'staff.permissionsHelp': 'لا يمكن منح إلا الصلاحيات التي تملكها أنت.',
  'staff.permissionCount':
    '{count, plural, zero {لا قسم} one {قسم واحد} two {قسمان} few {# أقسام} many {# قسمًا} other {# قسم}}',
  'staff.deleteTitle': 'حذف حساب {name}؟',
  'staff.deleteAdminTitle': 'حذف المسؤول {name}؟',
  'staff.deleteBody': 'لن يتمكن هذا الشخص من تسجيل الدخول بعد الآن. هذا الحذف نهائي.',
};
