// The plain-HTML sign-in form the server sends to a browser without a session
// (frontend/early-sign-in/form.html): the sign-in screen takes over what was typed in it, where
// the focus was and whether it was submitted; every other screen just removes it.

export interface EarlySignIn {
  email: string;
  password: string;
  remember: boolean;
  /** Submitted before the app arrived: the sign-in screen submits it. */
  submitted: boolean;
  /** The field that had the focus. */
  focused: 'email' | 'password' | null;
}

const ROOT_ID = 'early-sign-in';

function field(form: HTMLFormElement, name: string): HTMLInputElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ? element : null;
}

/** What the plain form holds now, or null when there is none (it was removed or never sent). */
export function readEarlySignIn(): EarlySignIn | null {
  if (typeof document === 'undefined') return null;
  const form = document.getElementById(`${ROOT_ID}-form`);
  if (!(form instanceof HTMLFormElement)) return null;
  const email = field(form, 'email');
  const password = field(form, 'password');
  const active = document.activeElement;
  return {
    email: email?.value ?? '',
    password: password?.value ?? '',
    remember: field(form, 'remember')?.checked ?? false,
    submitted: form.getAttribute('data-submitted') === 'true',
    focused: active && active === email ? 'email' : active && active === password ? 'password' : null,
  };
}

/** Removes the plain form, which shows the app (the form's style hides #root while it is there). */
export function removeEarlySignIn(): void {
  if (typeof document === 'undefined') return;
  const root = document.getElementById(ROOT_ID);
  if (!root) return;
  root.remove();
  // The plain form's dark theme marker (the app's theme takes over).
  document.documentElement.classList.remove('esi-dark');
}
