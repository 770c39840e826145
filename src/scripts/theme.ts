// Runs in <head> before the page is drawn (inlined with its CSP hash: no request, no flash of the other theme).
// Applies the remembered light/dark choice, keeps the header's theme selects and the browser bar colour in step,
// and follows a choice made in another tab.
import { THEME_KEY, parseThemeChoice, themeAttribute, themeColor, type ThemeChoice } from './theme-choice.ts';

const root = document.documentElement;

function stored(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_KEY));
  } catch {
    return ''; // storage blocked: follow the device
  }
}

function apply(choice: ThemeChoice): void {
  const attribute = themeAttribute(choice);
  if (attribute) root.dataset.theme = attribute;
  else delete root.dataset.theme;
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name=theme-color]'))
    meta.content = themeColor(choice, meta.media);
  for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-theme-choice]'))
    select.value = choice;
}

apply(stored());
// The selects come later in the page; a page restored from the back-forward cache may be out of date.
document.addEventListener('DOMContentLoaded', () => {
  apply(stored());
});
addEventListener('pageshow', () => {
  apply(stored());
});
addEventListener('storage', (event) => {
  if (event.key === THEME_KEY) apply(parseThemeChoice(event.newValue));
});
document.addEventListener('change', (event) => {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || !select.hasAttribute('data-theme-choice')) return;
  const choice = parseThemeChoice(select.value);
  try {
    if (choice) localStorage.setItem(THEME_KEY, choice);
    else localStorage.removeItem(THEME_KEY);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  apply(choice);
});
