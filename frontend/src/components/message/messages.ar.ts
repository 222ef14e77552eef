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
  'outbound.kind.recipient_messages': 'رسائل نصية أو واتساب إلى مستلمي طرودي',
  'outbound.kind.out_for_delivery': 'الطرد قيد التوزيع',
  'outbound.kind.attempt_failed': 'فشل محاولة التسليم',
  'outbound.kind.confirmation_request': 'طلبية في انتظار التأكيد',
  'outbound.channel.email': 'البريد الإلكتروني',
  'outbound.channel.sms': 'رسالة نصية',
  'outbound.channel.whatsapp': 'واتساب',
  'outbound.status.pending': 'في الانتظار',
  'outbound.status.sent': 'تم الإرسال',
  'outbound.status.failed': 'فشل',

  'outbound.settings.title': 'رسائل إلى المستلمين (رسائل قصيرة / واتساب)',
  'outbound.settings.intro':
    'يُبلَّغ مستلمو الطرود عند خروج طردهم للتوصيل، وعند فشل محاولة التوصيل، وعندما يكون هناك طلب بحاجة إلى تأكيد. تنتهي كل رسالة برابط لإيقاف تلقيها؛ ويمكن للتاجر أيضًا إيقافها لطروده.',
  'outbound.settings.enabled': 'إرسال الرسائل إلى المستلمين',
  'outbound.settings.channel': 'القناة المُعدّة على الخادم: {channel}',
  'outbound.settings.noChannel': 'لا توجد قناة مُعدّة على الخادم (راجع التوثيق)',
  'outbound.settings.saved': 'تم حفظ إعداد الرسائل إلى المستلمين.',

  'notices.title': 'الإشعارات عبر البريد الإلكتروني',
  'notices.subtitle': 'اختر الرسائل التي تصلك عبر البريد الإلكتروني. الرسائل التي تحمي حسابك تُرسَل دائمًا.',
  'notices.required': 'تُرسَل دائمًا (الأمان)',
  'notices.recipientMessagesHelp': 'يُخبَر مستلمو طرودك عندما يكون الطرد قيد التوزيع أو عندما تفشل محاولة التسليم.',
  'notices.save': 'حفظ',
  'notices.saved': 'تم حفظ تفضيلات الإشعارات.',
  'notices.loadError': 'تعذّر تحميل تفضيلات الإشعارات.',
  'notices.empty': 'لا توجد إشعارات عبر البريد الإلكتروني لحسابك.',
};
