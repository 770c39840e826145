import type { AstroCookies } from 'astro';
import { linkUsable, serverLinkSecret, type AccountLinkPurpose } from '../../auth/account-links.ts';
import { csrfToken } from '../../auth/browser-session.ts';
import { astroJar } from '../../auth/cookie-jars.ts';
import type { FormPage } from '../form-post.ts';
import { keepPrivate } from './booking-by-id.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * What the account pages share around their plain forms (each posts its use case's fields through `submitForm`;
 * the islands post the same fields as JSON to the API): the page's start and where a login goes next.
 */

/** What an account page needs of Astro: its request, locals, socket address and cookies. */
export interface AccountAstro {
  request: Request;
  locals: App.Locals;
  clientAddress: string;
  cookies: AstroCookies;
  response: { headers: Headers };
}

/**
 * An account page's start: never cached, no Referer leaves it (a link token may be in its address), and its forms'
 * anti-forgery token (made if this browser has none). `form` is what `submitForm` takes for its posts.
 */
export function accountPage(astro: AccountAstro) {
  keepPrivate(astro.response.headers);
  const jar = astroJar(astro.cookies);
  const csrf = csrfToken(jar, astro.locals.deps);
  const account = astro.locals.account;
  const form: FormPage = {
    request: astro.request,
    locals: astro.locals,
    clientAddress: astro.clientAddress,
    csrf: jar,
    jar,
    ...(account ? { actor: { kind: 'account', userId: account.userId, family: account.family } } : {}),
  };
  return { jar, csrf, form, account };
}

/**
 * Whether an e-mailed link still works (unused, unexpired, genuine), so its page (new password, confirm address)
 * asks or says to ask again.
 */
export async function accountLinkUsable(
  deps: AppDeps,
  purpose: AccountLinkPurpose,
  token: string,
): Promise<boolean> {
  const secret = deps.linkSecret?.() ?? serverLinkSecret();
  return token.length <= 200 && linkUsable(await deps.database(), secret, purpose, token, deps.clock());
}
