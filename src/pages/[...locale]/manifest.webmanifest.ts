import type { APIRoute } from 'astro';
import type { Locale } from '../../i18n/locales.ts';
import { webManifest } from './_web-manifest.ts';

// Pre-rendered per language: /manifest.webmanifest and /id/manifest.webmanifest.
export { localeStaticPaths as getStaticPaths } from '../../i18n/static-paths.ts';

export const GET: APIRoute = ({ props }) => {
  const { locale } = props as { locale: Locale };
  return new Response(JSON.stringify(webManifest(locale)), {
    headers: { 'Content-Type': 'application/manifest+json' },
  });
};
