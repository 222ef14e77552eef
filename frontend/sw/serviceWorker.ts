// The delivery person's service worker (registered for that role only; built by Workbox's
// InjectManifest into /sw.js). It keeps what the round needs without a network:
// - the app shell: index.html (as `/`) and the entry scripts, styles and fonts, precached at
//   install and replaced together when a new version is built;
// - the other scripts (a screen's chunk) in a cache as they are fetched, and those the page had
//   loaded before this worker took control, when the page sends their addresses (`CACHE_URLS`);
// - the API answers he reads (his round, his profile, the status catalogue): from the network
//   when it answers within a few seconds, else the last one kept.
// Writes are never cached: an outcome recorded offline waits in the page's IndexedDB queue.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const ASSETS_CACHE = 'colivra-assets';
/** Personal data: deleted by the page on sign-out. */
export const API_CACHE = 'colivra-api';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version takes over at once: the page's scripts are hashed, so old and new never mix.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// Pages of the app: the server's shell when it answers, else the one kept.
const shell = new NetworkFirst({ cacheName: 'colivra-shell', networkTimeoutSeconds: 4 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await shell.handle({ ...options, request: new Request('/') });
      } catch {
        return (await matchPrecache('/')) ?? Response.error();
      }
    },
    { allowlist: [/^\/$/, /^\/compte(\/|$)/, /^\/suivi(\/|$)/] },
  ),
);

registerRoute(({ url }) => url.origin === self.location.origin && url.pathname === '/app-config.js', new NetworkFirst({ cacheName: 'colivra-shell', networkTimeoutSeconds: 4 }));

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: ASSETS_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 120 })] }),
);

// What the round reads. PDFs and exports are not kept (large, and printed online).
const API_READS = [/^\/api\/user$/, /^\/api\/parcels(\/[^/]+)?$/, /^\/api\/parcels\/[^/]+\/states$/, /^\/api\/states$/, /^\/api\/statistics$/];
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && API_READS.some((pattern) => pattern.test(url.pathname)),
  // The server's answers vary by language (`Vary: Accept-Language`: their labels follow the
  // reader); offline, the phone's last answer is the one to show, whatever language it asked in.
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 5,
    matchOptions: { ignoreVary: true },
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 3 * 24 * 3600 })],
  }),
);

// Scripts the page loaded before this worker controlled it.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type !== 'CACHE_URLS' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url): url is string => typeof url === 'string' && new URL(url, self.location.href).pathname.startsWith('/assets/'));
  event.waitUntil(
    caches.open(ASSETS_CACHE).then(async (cache) => {
      for (const url of urls) {
        if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
      }
    }),
  );
});
