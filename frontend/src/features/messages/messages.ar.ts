import type { SentMessagesMessageKey } from './messages.fr';

export const arSentMessages: Record<SentMessagesMessageKey, string> = {
  'sentMessages.subtitle':
    'الرسائل التي ترسلها المنصة (رسائل البريد الإلكتروني لكلمات المرور والدعوات والإشعارات؛ والرسائل النصية أو واتساب إلى المستلمين)، مع كل محاولة. يمكن إعادة إرسال أي رسالة.',
  'sentMessages.search': 'البريد الإلكتروني أو هاتف المستلم',
  'sentMessages.channel': 'القناة',
  'sentMessages.kind': 'النوع',
  'sentMessages.status': 'الحالة',
  'sentMessages.all': 'الكل',
  'sentMessages.recipient': 'المستلم',
  'sentMessages.subject': 'الموضوع',
  'sentMessages.noSubject': 'بدون موضوع',
  'sentMessages.language': 'اللغة',
  'sentMessages.createdAt': 'أُنشئت في',
  'sentMessages.sentAt': 'أُرسلت في',
  'sentMessages.attempts': 'المحاولات',
  'sentMessages.attemptCount':
    '{count, plural, zero {لا محاولة} one {محاولة واحدة} two {محاولتان} few {# محاولات} many {# محاولة} other {# محاولة}}',
  'sentMessages.empty': 'لم تُرسل أي رسالة بعد.',
  'sentMessages.section': 'الرسالة',
  'sentMessages.details': 'رسالة إلى {recipient}',
  'sentMessages.lastError': 'آخر خطأ',
  'sentMessages.nextAttempt': 'المحاولة التالية',
  'sentMessages.history': 'سجل المحاولات',
  'sentMessages.noAttempt': 'لا توجد محاولة بعد: الرسالة في انتظار إرسالها الأول.',
  'sentMessages.attemptNumber': 'المحاولة {number}',
  'sentMessages.accepted': 'قبلها خادم الإرسال',
  'sentMessages.latency': '{ms} ملي ثانية',
  'sentMessages.resend': 'إعادة الإرسال',
  'sentMessages.resendHelp': 'تُوضع نسخة من الرسالة في قائمة الإرسال من جديد؛ وتبقى هذه الرسالة في السجل.',
  'sentMessages.resent': 'أُعيد إرسال الرسالة إلى {recipient}: النسخة في انتظار الإرسال.',
};
