// Anti-forgery token handling, Laravel Sanctum style.

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Value of a cookie, URI-decoded, or null. */
export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** Site root, absolute so that the same code runs in the browser and in tests. */
export function siteOrigin(): string {
  return window.location.origin;
}

/** Asks the server for a fresh anti-forgery cookie (GET /sanctum/csrf-cookie). */
export async function fetchCsrfCookie(): Promise<void> {
  const response = await fetch(`${siteOrigin()}/sanctum/csrf-cookie`, {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json', 'cache-control': 'no-cache' },
  });
  if (!response.ok) {
    throw new Error(`csrf-cookie answered ${response.status}`);
  }
}
