import type { APIRoute } from 'astro';
import { CSRF_FIELD, clearSession, csrfMatches } from '../../server/auth/browser-session.ts';
import { astroJar } from '../../server/auth/cookie-jars.ts';
import { endSession } from '../../server/auth/sessions.ts';
import { readForm } from '../../server/http/body-limit.ts';
import { isCrossSite } from '../../server/http/same-origin.ts';
import { localizePath } from '../../i18n/locales.ts';
import { runtimeDeps } from '../../server/runtime.ts';

export const prerender = false;

/**
 * "Log out" (the account navigation's form): the server ends this login's session, the cookies go, and the home
 * page follows. Without a matching anti-forgery field nothing ends (another site cannot log a visitor out).
 */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const jar = astroJar(cookies);
  const form = await readForm(request);
  if (isCrossSite(request) || form === 'tooLarge') return new Response(null, { status: 403 });
  // An old tab's token (renewed at a later login), or another site's form: nothing ends; the account page, with a
  // fresh form, is one press away from logging out.
  if (!csrfMatches(jar, form.get(CSRF_FIELD)))
    return redirect(localizePath('/my-account', locals.locale), 303);
  const deps = runtimeDeps();
  if (locals.account) await endSession(await deps.database(), locals.account.accessToken, deps.clock());
  clearSession(jar, deps);
  return redirect(localizePath('/', locals.locale), 303);
};
