// The delivery person's offline app: the service worker (frontend/sw/serviceWorker.ts, built to
// /sw.js in production builds) is registered once he is signed in, and its cache of his data is
// deleted when he signs out. Other roles work online and never register it.
import { useEffect } from 'react';
import { useAppSelector } from './hooks';
import { selectRole } from './session/authSlice';

/** The service worker's cache of API answers (personal data): see sw/serviceWorker.ts. */
const API_CACHE = 'colivra-api';

function supported(): boolean {
  return process.env.NODE_ENV === 'production' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** Registers the worker and hands it the scripts this page loaded before it took control. */
export async function registerOfflineApp(): Promise<void> {
  if (!supported()) return;
  try {
    await navigator.serviceWorker.register('/sw.js');
    const registration = await navigator.serviceWorker.ready;
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).origin === window.location.origin && new URL(name).pathname.startsWith('/assets/'));
    registration.active?.postMessage({ type: 'CACHE_URLS', urls });
  } catch (error) {
    // Without it the app still works online.
    console.warn('The offline app could not be installed', error);
  }
}

/** On sign-out: the kept API answers go (the next person on this phone must not read them). */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(API_CACHE).catch(() => false);
}

/** Registers the offline app while a delivery person is signed in. */
export function useOfflineApp(): void {
  const role = useAppSelector(selectRole);
  useEffect(() => {
    if (role === 'delivery-admin') void registerOfflineApp();
  }, [role]);
}
