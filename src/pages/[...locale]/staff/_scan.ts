import { localizePath } from '../../../i18n/locales.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { staffPage } from '../../../server/http/pages/staff-page.ts';
import { consoleBar } from './_console.ts';

/**
 * `/staff/scan`, the gate scanner (docs/decisions/0014): any staff member signed in on the phone, who enrols it
 * with a set-up code; from then on the island calls the API with the device's own token. Nobody signed in: the
 * sign-in page.
 */
export async function serveGateScan(astro: PageAstro) {
  const { locale, deps } = astro.locals;
  const page = await staffPage(astro);
  if (!page.actor) return astro.redirect(localizePath('/staff/login', locale));
  return { csrf: page.csrf, ...(await consoleBar(await deps.database(), page.actor, locale)) };
}
