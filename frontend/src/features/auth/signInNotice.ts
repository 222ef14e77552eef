// What a page tells the sign-in page through the router's state (`navigate(LOGIN_PATH, {state})`),
// apart from both so that the sign-in page's chunk does not carry the page that sends it.

/** The new password is saved (ResetPasswordScreen): « Mot de passe changé : connectez-vous. » */
export const PASSWORD_CHANGED = 'password-changed';

export interface SignInState {
  notice?: typeof PASSWORD_CHANGED;
}

/** The notice the sign-in page was sent with, if any. */
export function signInNotice(state: unknown): SignInState['notice'] | null {
  const notice = (state as SignInState | null)?.notice;
  return notice === PASSWORD_CHANGED ? notice : null;
}
