import * as m from '../../paraglide/messages.js';
import { submitForm } from '../../server/http/form-post.ts';
import { accountLinkUsable, accountPage } from '../../server/http/pages/account-page.ts';
import type { PageAstro } from '../../server/http/pages/page-astro.ts';
import { proveAddress } from '../../server/use-cases/prove-address.ts';

/**
 * /confirm-address, the link that proves the address of an account Google opened (`?token=`, a day, once). Opening
 * it only shows a button (a POST): mail scanners that fetch every link must prove nothing. Pressed, guest bookings
 * made with the address show in that account's My booking (`?done`); no one is logged in by it. A used or expired
 * link answers 410.
 */
export async function serveConfirmAddress(astro: PageAstro) {
  const { locale, account } = astro.locals;
  const t = { locale };
  const page = accountPage(astro);
  const posted = await submitForm(page.form, proveAddress);
  if (posted instanceof Response) return posted;
  const done = !posted && astro.url.searchParams.has('done');
  const token = posted?.form.get('token') ?? astro.url.searchParams.get('token') ?? '';
  const usable = !done && (await accountLinkUsable(astro.locals.deps, 'prove_address', token));
  astro.response.status = posted?.status ?? (done || usable ? 200 : 410);
  return {
    csrf: page.csrf,
    posted,
    done,
    token,
    usable,
    // My booking for a logged-in holder; else the login, which leads there.
    onward: account
      ? { path: '/my-booking', label: m.account_nav_bookings({}, t), testid: 'my-booking-link' }
      : { path: '/login', label: m.login_title({}, t), testid: 'login-link' },
  };
}
