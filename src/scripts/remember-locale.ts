// Runs on every page (inlined with its CSP hash: no request). Remembers the language picked with the switch and,
// on a later visit that lands on the other language, moves to the same page in the remembered one.
// Plain local storage, no store library: this script is in every page's first 14 KB.
import { isLocale, localeFromPath, localizePath } from '../i18n/locales.ts';

/** Where the chosen language is kept: 'en' or 'id'; absent until the traveller uses the switch. */
const KEY = 'segara:locale';

let preferred: string | null = null;
try {
  preferred = localStorage.getItem(KEY);
} catch {
  // storage blocked: follow the URL
}
if (isLocale(preferred) && preferred !== localeFromPath(location.pathname)) {
  location.replace(localizePath(location.pathname, preferred) + location.search + location.hash);
}

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-locale-switch]') : null;
  const chosen = link?.getAttribute('data-locale-switch');
  if (!isLocale(chosen)) return;
  try {
    localStorage.setItem(KEY, chosen);
  } catch {
    // storage blocked: the switch still works, it is just not remembered
  }
});
