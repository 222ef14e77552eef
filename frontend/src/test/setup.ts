import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setDevelopmentChecks } from '../core/store';

// Lazy screens are compiled on first import in tests, and `just test` runs these beside the Rust
// build and tests on two cores: give them time (a passing wait ends as soon as it holds).
configure({ asyncUtilTimeout: 15000 });
// Redux Toolkit's whole-state checks on every action: kept by the development server, a fifth of
// the tests' processor time here.
setDevelopmentChecks(false);

/** Window width the matchMedia polyfill answers for (desktop by default). */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function matches(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (min && width < Number(min[1])) return false;
  if (max && width > Number(max[1])) return false;
  return Boolean(min || max);
}

// Answer width queries against window.innerWidth (jsdom has no matchMedia; happy-dom's does not
// follow a width set in a test).
window.matchMedia = (query: string) =>
  ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

window.scrollTo = (() => undefined) as typeof window.scrollTo;

// A `tel:` link clicked in a test (the round's call buttons, which record the call) would send
// happy-dom's window to `tel:…`, its origin `null` for every later test of the worker: the dialer
// is the phone's, never opened here. Once per document (the files of a worker share it).
const TEL_GUARD = 'colivraTelGuard';
if (!(TEL_GUARD in document)) {
  Object.defineProperty(document, TEL_GUARD, { value: true });
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('a[href^="tel:"]')) event.preventDefault();
    },
    true,
  );
}

beforeEach(() => {
  setViewportWidth(1400);
  window.localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

afterEach(() => {
  cleanup();
});
