import { appIcons } from '../../app-icons.ts';
import { localeTags, localizePath, type Locale } from '../../i18n/locales.ts';
import { pwa_description, pwa_name, pwa_short_name } from '../../paraglide/messages.js';
import { themeColors } from '../../scripts/theme-choice.ts';

/** The web app manifest in one language: what a phone shows when the site is installed, and where it opens. */
export function webManifest(locale: Locale) {
  const t = { locale };
  // The installed app opens on the traveller's trips, which work without a connection (the service worker keeps them).
  const start = localizePath('/my-trips', locale);
  return {
    // One app per language, stable across deploys: the id is what the browser remembers an installation by.
    id: start,
    name: pwa_name({}, t),
    short_name: pwa_short_name({}, t),
    description: pwa_description({}, t),
    lang: localeTags[locale],
    dir: 'ltr',
    start_url: start,
    scope: '/',
    display: 'standalone',
    // A manifest holds one colour; the dark theme's bar colour comes from the pages' media-scoped
    // <meta name="theme-color"> elements (layouts/DefaultLayout.astro), which browsers prefer over these.
    theme_color: themeColors.light,
    background_color: themeColors.light,
    icons: [
      ...appIcons.map((icon) => ({
        src: icon.src,
        sizes: `${String(icon.size)}x${String(icon.size)}`,
        type: 'image/png',
        purpose: icon.purpose,
      })),
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}
