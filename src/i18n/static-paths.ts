import { locales, type Locale } from './locales.ts';

/** getStaticPaths for a `[...locale]` page: English without a prefix, Indonesian under `/id`. */
export function localeStaticPaths() {
  return locales.map((locale: Locale) => ({
    params: { locale: locale === 'en' ? undefined : locale },
    props: { locale },
  }));
}
