import { intlTags, type Locale } from './locales.ts';

/** A calendar date as people read it: `21 November 2026` / `21 November 2026`. */
export function formatLongDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTags[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
