/** The site's languages. English is the default and lives at `/`; Indonesian lives under `/id/`. */
export const locales = ['en', 'id'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** BCP 47 tags for Intl formatting and the `lang`/`hreflang` attributes. */
export const localeTags: Record<Locale, string> = { en: 'en', id: 'id' };
export const intlTags: Record<Locale, string> = { en: 'en-GB', id: 'id-ID' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The locale a path belongs to: `/id` and `/id/...` are Indonesian, everything else English. */
export function localeFromPath(pathname: string): Locale {
  return pathname === '/id' || pathname.startsWith('/id/') ? 'id' : 'en';
}

/** The path without its locale prefix: `/id/about-us` -> `/about-us`, `/id` -> `/`. */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === 'en') return pathname || '/';
  const rest = pathname.slice('/id'.length);
  return rest === '' ? '/' : rest;
}

/** The same page in another locale: `/about-us` + id -> `/id/about-us`; `/` + id -> `/id`. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  if (locale === defaultLocale) return bare;
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
}
