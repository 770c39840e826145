import { defaultLocale, isLocale, type Locale } from '../../i18n/locales.ts';
import { keepAtMost } from '../kept-at-most.ts';

/**
 * The language an API answer is written in: the `lang` query parameter (islands send the page's locale), else the
 * first supported language of Accept-Language, else English.
 */
export function requestLocale(request: Request): Locale {
  return localeOf(new URL(request.url).searchParams.get('lang'), request.headers.get('Accept-Language'));
}

/** The same from the `lang` parameter and the Accept-Language header themselves (http/node-door.ts's reads). */
export function localeOf(lang: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(lang)) return lang;
  const header = acceptLanguage ?? '';
  // Browsers send a handful of distinct headers, short and again and again: each is ranked once. A long one is
  // not kept (a client choosing its headers could otherwise fill the memory with them).
  if (header.length > MAX_REMEMBERED_LENGTH) return firstSupported(header);
  let locale = ranked.get(header);
  if (locale === undefined) keepAtMost(ranked, header, (locale = firstSupported(header)), MAX_RANKED);
  return locale;
}

const MAX_RANKED = 1000;
const MAX_REMEMBERED_LENGTH = 200;
const ranked = new Map<string, Locale>();

function firstSupported(header: string): Locale {
  const languages = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return languages.map((entry) => entry.language).find(isLocale) ?? defaultLocale;
}
