// English messages of the recipients' STOP page (see messages.fr.ts).
import type { UnsubscribeMessageKey } from './messages.fr';

export const enUnsubscribe: Record<UnsubscribeMessageKey, string> = {
  'unsubscribe.question': 'You no longer want to receive our messages on this number?',
  'unsubscribe.explain': 'We write to you by SMS or WhatsApp about the delivery of your parcels. You can stop these messages.',
  'unsubscribe.submit': 'Stop receiving messages',
  'unsubscribe.done': 'Done: this number will no longer receive our messages.',
  'unsubscribe.invalid': 'This link is not valid',
  'unsubscribe.invalidHint': 'Check that the link is complete, as it appears at the end of our message.',
  'unsubscribe.tooMany': 'Too many tries. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'unsubscribe.tooManySoon': 'Too many tries. Try again in a moment.',
  'unsubscribe.error': 'Your request could not be recorded. Try again.',
};
