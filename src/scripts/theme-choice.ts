/**
 * The light/dark switch's rules, pure (the head script and tests use them). A choice is '' (follow the device),
 * 'light' or 'dark'; it is kept in local storage under THEME_KEY and shown as `data-theme` on <html>, which
 * daisyUI's theme selectors read (no attribute: the dark theme follows `prefers-color-scheme`).
 */
export type ThemeChoice = '' | 'light' | 'dark';

export const THEME_KEY = 'segara:theme';

/** The browser bar's colour per theme (the <meta name="theme-color"> elements). */
export const themeColors = { light: '#1e5bb8', dark: '#14201f' } as const;

/** A stored or selected value as a choice; anything unknown follows the device. */
export function parseThemeChoice(value: unknown): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : '';
}

/** The daisyUI theme named on <html> for a choice; undefined leaves the device to decide. */
export function themeAttribute(choice: ThemeChoice): string | undefined {
  if (choice === '') return undefined;
  return choice === 'dark' ? 'segara-dark' : 'segara';
}

/** The colour a theme-color meta with this `media` shows: the chosen theme's, else its own media's. */
export function themeColor(choice: ThemeChoice, media: string): string {
  return themeColors[choice || (media.includes('dark') ? 'dark' : 'light')];
}
