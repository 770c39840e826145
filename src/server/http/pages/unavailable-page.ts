import { localeTags, type Locale } from '../../../i18n/locales.ts';
import { translate } from '../../../i18n/translate.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/unavailable.ts';

/**
 * A page of its own HTML (no layout: the layout's parts may need the database, or be what failed), in the visitor's
 * language, never cached.
 */
function plainPage(
  locale: Locale,
  status: number,
  title: string,
  text: string,
  head = '',
  headers = {},
): Response {
  const html = `<!doctype html>
<html lang="${localeTags[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${head}<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}</style>
</head>
<body><main><h1>${title}</h1><p>${text}</p></main></body>
</html>
`;
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/**
 * The page a visitor gets while the database is away (a restart, a fail-over): 503 with Retry-After in their
 * language, and a plain page that reloads itself after a minute, so the traveller at the terminal comes back to
 * what they were doing rather than to an error. Nothing was saved by the request that met it, and nothing saved
 * before is touched.
 */
export function unavailablePage(locale: Locale): Response {
  return plainPage(
    locale,
    503,
    translate('unavailable_title', locale),
    translate('api_unavailable', locale),
    '<meta http-equiv="refresh" content="60">',
    { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  );
}

/**
 * The page of a failure nobody foresaw (a bug): 500, in the visitor's language, with the request's id as a
 * reference the agency finds in the log (docs/operations.md). The id is ours (a UUID, or the proxy's, checked).
 */
export function failurePage(locale: Locale, reference: string): Response {
  const text = translate('failure_message', locale, { reference: `<code>${reference}</code>` });
  return plainPage(locale, 500, translate('failure_title', locale), text);
}
