import { localizePath } from '../../../i18n/locales.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import { accountFormProps } from '../../../server/views/account-form-props.ts';
import { accountPage } from '../../../server/http/pages/account-page.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { passwordIsSet } from '../../../server/services/profile.ts';
import { deleteAccount } from '../../../server/use-cases/delete-account.ts';

/**
 * /my-account/delete: what goes (profile, sessions, saved passengers and their passports) and what the agency keeps
 * (bookings, still found by code and e-mail); the password and a box to confirm. The island sends DELETE
 * /api/profile; without JavaScript the form posts here. An account made through Google sets a password first (the
 * password is what stands between a borrowed session and the account's end): without one there is no form to post,
 * and a post anyway is answered by the page that says to set one. Protected by the middleware.
 */
export async function serveDeleteAccount(astro: PageAstro) {
  const { locale, account } = astro.locals;
  const page = accountPage(astro);
  const hasPassword = account
    ? await passwordIsSet(await astro.locals.deps.database(), account.userId)
    : true;
  const posted = hasPassword ? await submitForm(page.form, deleteAccount) : undefined;
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const action = localizePath('/my-account/delete', locale);
  const props = accountFormProps('deleteAccount', locale, { action, csrf: page.csrf, posted });
  return { csrf: page.csrf, hasPassword, props };
}
