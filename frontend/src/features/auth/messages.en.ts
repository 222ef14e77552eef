import type { PasswordMessageKey } from './messages.fr';

export const enPassword: Record<PasswordMessageKey, string> = {
  'password.forgotten.subtitle': 'Enter the email address of your account: we will send you a link to choose a new password.',
  'password.forgotten.submit': 'Send the link',
  'password.forgotten.sentTitle': 'Check your email',
  'password.forgotten.sent':
    'If an account exists for this address, an email has just been sent to {email} with a link to choose a new password. The link is valid for 30 minutes.',
  'password.forgotten.sentHint': 'Nothing after a few minutes? Look in your spam folder, or check the address and try again.',
  'password.forgotten.again': 'Try another address',
  'password.forgotten.tooMany': '{minutes, plural, one {Too many requests, try again in # minute.} other {Too many requests, try again in # minutes.}}',
  'password.forgotten.tooManySoon': 'Too many requests, try again in a moment.',
  'password.backToSignIn': 'Back to sign in',
  'password.reset.title': 'New password',
  'password.reset.subtitle': 'Choose the new password of your account.',
  'password.reset.invitationTitle': 'Choose your password',
  'password.reset.invitationSubtitle': 'Welcome! Choose the password you will sign in with.',
  'password.reset.submit': 'Save the password',
  'password.reset.invalidTitle': 'This link is no longer valid',
  'password.reset.invalid':
    'This link is no longer valid: it was already used, it has expired or it is incomplete. Ask for a new link, it will come by email.',
  'password.reset.newLink': 'Ask for a new link',
};
