// The site's service worker, bundled with its precache list into dist/client/sw.js by
// scripts/build-service-worker.ts. It keeps the My trips pages (and what they load) for use without a connection,
// and the gate scanner as it was last opened online; everything else, the API above all, goes to the network
// untouched.
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { localeFromPath, localizePath } from '../i18n/locales.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// Replaced at build time with the precache list (each URL with a content hash, or null for hashed file names).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new deploy's worker takes over at once, without waiting for every tab to close: the pages it replaces are
// static files, and a My trips page reloads itself onto the new shell (islands/shared/service-worker.ts).
self.addEventListener('install', () => {
  void self.skipWaiting();
});
clientsClaim();

// Every navigation now passes through this worker; navigation preload starts the network request while the worker
// boots, so an online visit waits for the worker no longer than for the network.
// (Safari before 15.4 has no navigation preload.)
self.addEventListener('activate', (event) => {
  if ('navigationPreload' in self.registration) event.waitUntil(self.registration.navigationPreload.enable());
});

/**
 * The gate scanner (`/staff/scan`): a gate phone that reloads it, or whose browser dropped the tab, at a terminal with
 * no signal gets it back as it was last opened online, with the sailing and queue it kept in its own storage. The page
 * comes from the network whenever there is one (a new deploy, a sign-in that ended), and the modules it loads, named
 * by their content, from what it loaded before. Only for that page: travellers' pages cache nothing this way.
 */
const SCANNER_CACHE = 'gate-scanner';
const SCANNER_PAGE = /^\/(?:id\/)?staff\/scan$/;
/** Only a page that opened (not the sign-in it redirects to once the session ended, nor an error). */
const onlyTheScanner: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) =>
    Promise.resolve(response.status === 200 && !response.redirected ? response : null),
};
// A weak signal that still answers, slowly: after 4 s the kept page opens instead.
const scannerPage = new NetworkFirst({
  cacheName: SCANNER_CACHE,
  networkTimeoutSeconds: 4,
  plugins: [onlyTheScanner],
});
const scannerModules = new CacheFirst({ cacheName: SCANNER_CACHE, plugins: [onlyTheScanner] });
/** The tabs showing the scanner (their navigations' resulting client ids): only their module requests are kept. */
const scannerTabs = new Set<string>();
registerRoute(({ request, url, event }) => {
  if (request.mode !== 'navigate' || !SCANNER_PAGE.test(url.pathname)) return false;
  if (event instanceof FetchEvent && event.resultingClientId) scannerTabs.add(event.resultingClientId);
  return true;
}, scannerPage);
// Matched without awaiting anything: every other page's modules go to the network as if there were no worker.
registerRoute(
  ({ url, event }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/_astro/') &&
    event instanceof FetchEvent &&
    scannerTabs.has(event.clientId),
  scannerModules,
);

/**
 * Navigations go to the network (nothing cached); one that fails because the device is offline gets the saved My
 * trips page in the address's language, so a traveller without signal still reaches their trips.
 */
const offlineFallback = new NetworkOnly();
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await offlineFallback.handle(options);
    } catch (error) {
      const trips = await matchPrecache(localizePath('/my-trips', localeFromPath(options.url.pathname)));
      if (trips) return trips;
      throw error;
    }
  }),
);
