import type { APIRoute } from 'astro';
import { localizePath } from '../../i18n/locales.ts';
import { astroJar } from '../../server/auth/cookie-jars.ts';
import { formOf, submitForm } from '../../server/http/form-post.ts';
import { logOut } from '../../server/use-cases/log-out.ts';

export const prerender = false;

/**
 * "Log out" (the account navigation's form): the use case ends this login's session and the cookies go, then the
 * home page. Without a matching anti-forgery field nothing ends (another site cannot log a visitor out): an old
 * tab's token (renewed at a later login) lands on My account, whose fresh form is one press away from logging out.
 */
export const POST: APIRoute = async (astro) => {
  const { account, locale } = astro.locals;
  const actor = account && ({ kind: 'account', userId: account.userId, family: account.family } as const);
  const posted = await submitForm(
    { ...formOf(astro), csrf: astroJar(astro.cookies), ...(actor ? { actor } : {}) },
    logOut,
  );
  return posted instanceof Response ? posted : astro.redirect(localizePath('/my-account', locale), 303);
};
