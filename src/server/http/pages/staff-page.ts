import { csrfToken } from '../../auth/browser-session.ts';
import { STAFF_COOKIE } from '../../auth/browser-effects.ts';
import { astroJar } from '../../auth/cookie-jars.ts';
import { staffSecurity } from '../../auth/staff-security.ts';
import { staffActorOf } from '../../services/staff-session.ts';
import type { FormPage } from '../form-post.ts';
import type { AccountAstro } from './account-page.ts';
import { keepPrivate } from './booking-by-id.ts';

/**
 * What the staff console's pages share: never cached, no Referer leaves them (a set-up token may be in the address),
 * the forms' anti-forgery token, and the staff member the staff cookie signs in (none: the sign-in pages only; every
 * other staff page sends the visitor to `/staff/login`). `form` is what `submitForm` takes for their posts.
 */
export async function staffPage(astro: AccountAstro) {
  keepPrivate(astro.response.headers);
  const { deps } = astro.locals;
  const jar = astroJar(astro.cookies);
  const csrf = csrfToken(jar, deps);
  const actor = await staffActorOf(await deps.database(), staffSecurity, jar.get(STAFF_COOKIE), deps.clock());
  const form: FormPage = {
    request: astro.request,
    locals: astro.locals,
    clientAddress: astro.clientAddress,
    csrf: jar,
    jar,
    ...(actor ? { actor } : {}),
  };
  return { jar, csrf, form, actor };
}
