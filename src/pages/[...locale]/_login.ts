import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import { localizePath } from '../../i18n/locales.ts';
import { submitForm } from '../../server/http/form-post.ts';
import { accountFormProps } from '../../server/views/account-form-props.ts';
import { accountPage } from '../../server/http/pages/account-page.ts';
import { afterLogin } from '../../server/views/after-login.ts';
import { verifyPath } from '../../server/http/pages/booking-access-cookie.ts';
import { googleButton } from '../../server/http/pages/google-button.ts';
import type { PageAstro } from '../../server/http/pages/page-astro.ts';
import { logIn } from '../../server/use-cases/log-in.ts';

/**
 * /login, log in with e-mail and password (the header's "Log in"). The island sends the form to POST /api/session;
 * without JavaScript it posts here. Either way the session lands in HttpOnly cookies, then the page it was asked
 * from (`next`).
 *
 * From a guest booking's prompt (`?attach={id}`): where the account may have it (its address is the booking's, or
 * this browser typed the code e-mailed there), the booking joins the account and opens in My booking; else its
 * verify page asks for that code (services/attach-booking.ts). Logged in already: on to the page asked for, or with
 * a booking to attach, its verify page, which attaches it only where this account's proven address is the
 * booking's, or once the code e-mailed there is typed.
 */
export async function serveLogin(astro: PageAstro) {
  const { locale } = astro.locals;
  const query = astro.url.searchParams;
  const attach = BOOKING_ID_PATTERN.test(query.get('attach') ?? '') ? (query.get('attach') ?? '') : undefined;
  const asked = query.get('next') ?? (attach ? localizePath(`/my-booking/${attach}`, locale) : null);
  const next = afterLogin(asked, locale);
  if (astro.locals.account) return astro.redirect(attach ? verifyPath(attach, 'attach', locale) : next);
  const page = accountPage(astro);
  // Where to go: the page asked for; with a booking to attach that could not be (not proven yet), its verify page.
  const posted = await submitForm(page.form, logIn, {
    next: (login) => (!attach || login.attached ? next : verifyPath(attach, 'attach', locale)),
  });
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const props = accountFormProps('login', locale, {
    action: `${localizePath('/login', locale)}${astro.url.search}`,
    csrf: page.csrf,
    posted,
    next,
    ...(attach ? { hidden: { attach } } : {}),
  });
  return {
    props,
    google: attach ? undefined : googleButton(astro, locale, next),
    accountDeleted: query.has('account-deleted'),
  };
}
