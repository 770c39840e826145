// Runs on every page (Astro inlines it: no extra request). Remembers the language picked with the switch and,
// on a later visit that lands on the other language, moves to the same page in the remembered one.
import { isLocale, localeFromPath, localizePath } from '../i18n/locales.ts';
import { $preferredLocale } from '../stores/locale.ts';

const preferred = $preferredLocale.get();
const current = localeFromPath(location.pathname);
if (preferred && preferred !== current) {
  location.replace(localizePath(location.pathname, preferred) + location.search + location.hash);
}

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-locale-switch]') : null;
  const chosen = link?.getAttribute('data-locale-switch');
  if (isLocale(chosen)) $preferredLocale.set(chosen);
});
