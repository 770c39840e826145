import { defaultLocale, isLocale, type Locale } from '../../i18n/locales.ts';

/**
 * The language an API answer is written in: the `lang` query parameter (islands send the page's locale), else the
 * first supported language of Accept-Language, else English.
 */
export function requestLocale(request: Request): Locale {
  const fromQuery = new URL(request.url).searchParams.get('lang');
  if (isLocale(fromQuery)) return fromQuery;
  const header = request.headers.get('Accept-Language') ?? '';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.language).find(isLocale) ?? defaultLocale;
}
