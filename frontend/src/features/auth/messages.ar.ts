import type { PasswordMessageKey } from './messages.fr';

export const arPassword: Record<PasswordMessageKey, string> = {
  'password.forgotten.subtitle': 'أدخل البريد الإلكتروني لحسابك: سنرسل إليك رابطًا لاختيار كلمة مرور جديدة.',
  'password.forgotten.submit': 'إرسال الرابط',
  'password.forgotten.sentTitle': 'تفقّد بريدك الإلكتروني',
  'password.forgotten.sent':
    'إذا كان هناك حساب بهذا العنوان، فقد أُرسلت للتو رسالة إلى {email} تتضمن رابطًا لاختيار كلمة مرور جديدة. هذا الرابط صالح لمدة 30 دقيقة.',
  'password.forgotten.sentHint': 'لم يصلك شيء بعد بضع دقائق؟ ابحث في الرسائل غير المرغوب فيها، أو تحقّق من العنوان وأعد المحاولة.',
  'password.forgotten.again': 'تجربة عنوان آخر',
  'password.forgotten.tooMany':
    '{minutes, plural, zero {طلبات كثيرة، أعد المحاولة بعد لحظات.} one {طلبات كثيرة، أعد المحاولة بعد دقيقة واحدة.} two {طلبات كثيرة، أعد المحاولة بعد دقيقتين.} few {طلبات كثيرة، أعد المحاولة بعد # دقائق.} many {طلبات كثيرة، أعد المحاولة بعد # دقيقة.} other {طلبات كثيرة، أعد المحاولة بعد # دقيقة.}}',
  'password.forgotten.tooManySoon': 'طلبات كثيرة، أعد المحاولة بعد لحظات.',
  'password.backToSignIn': 'العودة إلى تسجيل الدخول',
  'password.reset.title': 'كلمة مرور جديدة',
  'password.reset.subtitle': 'اختر كلمة المرور الجديدة لحسابك.',
  'password.reset.invitationTitle': 'اختر كلمة المرور الخاصة بك',
  'password.reset.invitationSubtitle': 'مرحبًا بك! اختر كلمة المرور التي ستسجّل بها الدخول.',
  'password.reset.submit': 'حفظ كلمة المرور',
  'password.reset.invalidTitle': 'هذا الرابط لم يعد صالحًا',
  'password.reset.invalid': 'هذا الرابط لم يعد صالحًا: سبق استعماله أو انتهت صلاحيته أو أنه غير مكتمل. اطلب رابطًا جديدًا، سيصلك عبر البريد الإلكتروني.',
  'password.reset.newLink': 'طلب رابط جديد',
};
