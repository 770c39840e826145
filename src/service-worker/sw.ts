// The site's service worker, bundled with its precache list into dist/client/sw.js by
// scripts/build-service-worker.ts. It keeps the My trips pages (and what they load) for use without a connection;
// everything else, the API above all, goes to the network untouched.
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
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
