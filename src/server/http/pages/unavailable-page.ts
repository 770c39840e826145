import { localeTags, type Locale } from '../../../i18n/locales.ts';
import { translate } from '../../../i18n/translate.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/unavailable.ts';

/**
 * The page a visitor gets while the database is away (a restart, a fail-over): 503 with Retry-After in their
 * language, and a plain page that reloads itself after a minute, so the traveller at the terminal comes back to
 * what they were doing rather than to an error. Its own HTML (no layout): the layout's parts may need the database
 * too. Nothing was saved by the request that met it, and nothing saved before is touched.
 */
export function unavailablePage(locale: Locale): Response {
  const title = translate('unavailable_title', locale);
  const message = translate('api_unavailable', locale);
  const html = `<!doctype html>
<html lang="${localeTags[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="60"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}</style>
</head>
<body><main><h1>${title}</h1><p>${message}</p></main></body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    },
  });
}
