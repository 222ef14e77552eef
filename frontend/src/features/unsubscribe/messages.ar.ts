// Arabic messages of the recipients' STOP page (see messages.fr.ts).
import type { UnsubscribeMessageKey } from './messages.fr';

export const arUnsubscribe: Record<UnsubscribeMessageKey, string> = {
  'unsubscribe.question': 'ألا تريد بعد الآن تلقي رسائلنا على هذا الرقم؟',
  'unsubscribe.explain': 'نراسلك عبر الرسائل القصيرة أو واتساب بخصوص توصيل طرودك. يمكنك إيقاف هذه الرسائل.',
  'unsubscribe.submit': 'إيقاف تلقي الرسائل',
  'unsubscribe.done': 'تم: لن يتلقى هذا الرقم رسائلنا بعد الآن.',
  'unsubscribe.invalid': 'هذا الرابط غير صالح',
  'unsubscribe.invalidHint': 'تحقق من أن الرابط كامل، كما يظهر في نهاية رسالتنا.',
  'unsubscribe.tooMany':
    'محاولات كثيرة. أعد المحاولة بعد {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}.',
  'unsubscribe.tooManySoon': 'محاولات كثيرة. أعد المحاولة بعد لحظات.',
  'unsubscribe.error': 'تعذّر تسجيل طلبك. أعد المحاولة.',
};
