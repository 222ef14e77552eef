import type { OutboundMessageKey } from './messages.fr';

export const arOutbound: Record<OutboundMessageKey, string> = {
  'outbound.kind.password_reset': 'نسيان كلمة المرور',
  'outbound.kind.staff_invitation': 'دعوة للانضمام إلى فريق',
  'outbound.kind.account_activated': 'تفعيل الحساب',
  'outbound.kind.invoice_validated': 'المصادقة على فاتورة',
  'outbound.kind.invoice_paid': 'أداء فاتورة',
  'outbound.kind.ticket_answered': 'الرد على تذكرة',
  'outbound.kind.bank_account_change_requested': 'طلب تغيير الحساب البنكي',
  'outbound.kind.bank_account_change_decided': 'قبول أو رفض تغيير الحساب البنكي',
  'outbound.channel.email': 'البريد الإلكتروني',
  'outbound.channel.sms': 'رسالة نصية',
  'outbound.channel.whatsapp': 'واتساب',
  'outbound.status.pending': 'في الانتظار',
  'outbound.status.sent': 'تم الإرسال',
  'outbound.status.failed': 'فشل',

  'notices.title': 'الإشعارات عبر البريد الإلكتروني',
  'notices.subtitle': 'اختر الرسائل التي تصلك عبر البريد الإلكتروني. الرسائل التي تحمي حسابك تُرسَل دائمًا.',
  'notices.required': 'تُرسَل دائمًا (الأمان)',
  'notices.save': 'حفظ',
  'notices.saved': 'تم حفظ تفضيلات الإشعارات.',
  'notices.loadError': 'تعذّر تحميل تفضيلات الإشعارات.',
  'notices.empty': 'لا توجد إشعارات عبر البريد الإلكتروني لحسابك.',
};
