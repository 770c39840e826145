/** The My trips pages, the installed site's offline shell (src/service-worker/sw.ts precaches them). */
const MY_TRIPS = /^(\/id)?\/my-trips$/;

/**
 * Registers the site's service worker (scripts/build-service-worker.ts writes /sw.js). Called by the notification
 * host, which every page with an island hydrates: content pages stay free of script requests, and the browser's
 * own update check on each navigation keeps an installed worker current from any page.
 */
export function registerServiceWorker(): void {
  // Under `astro dev` there is no built worker, and a cached one would serve stale modules to the dev server.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // A page a worker already controlled: a new deploy's worker takes over it (skipWaiting and clientsClaim).
  // The first installation claims the page too, but that page is already the current one.
  if (container.controller) {
    let reloaded = false;
    container.addEventListener('controllerchange', () => {
      // The My trips page came out of the old worker's cache: load the new shell now, so a traveller never keeps
      // an old one open. Elsewhere the page came from the network, and the new worker serves the next navigation.
      if (reloaded || !MY_TRIPS.test(location.pathname)) return;
      reloaded = true;
      location.reload();
    });
  }
  // After the page's own loading: the worker's first installation downloads the whole offline set.
  const register = () => {
    container.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      console.warn('The offline copy of My trips could not be set up', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
