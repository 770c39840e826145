import { localizePath } from '../../../i18n/locales.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import { accountFormProps } from '../../../server/views/account-form-props.ts';
import { accountPage } from '../../../server/http/pages/account-page.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { passwordIsSet, profileOf } from '../../../server/services/profile.ts';
import { changePassword } from '../../../server/use-cases/change-password.ts';
import { forgotPassword } from '../../../server/use-cases/forgot-password.ts';

/**
 * /my-account/change-password: the current password, then the new one twice. Other devices are logged out; this one
 * stays. The island sends PUT /api/profile/change-password; without JavaScript the form posts here. An account made
 * through Google has no password to give: it asks for the e-mailed link that sets one (a plain form, with or without
 * JavaScript), which is "forgot password" for the holder's own address (given by the server), back here with
 * `?link-sent`. Protected by the middleware.
 */
export async function serveChangePassword(astro: PageAstro) {
  const { locale, account } = astro.locals;
  const self = localizePath('/my-account/change-password', locale);
  const page = accountPage(astro);
  const db = await astro.locals.deps.database();
  const hasPassword = account ? await passwordIsSet(db, account.userId) : true;
  const email = account && !hasPassword ? ((await profileOf(db, account.userId))?.email ?? '') : '';
  const posted = hasPassword
    ? await submitForm(page.form, changePassword)
    : await submitForm(page.form, forgotPassword, { fixed: { email }, next: () => `${self}?link-sent` });
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const props = accountFormProps('changePassword', locale, {
    action: self,
    csrf: page.csrf,
    posted,
    next: `${localizePath('/my-account', locale)}?password-changed`,
  });
  return {
    self,
    csrf: page.csrf,
    hasPassword,
    email,
    linkSent: astro.url.searchParams.has('link-sent') && email !== '',
    props,
    refusals: Object.values(posted?.errors ?? {}).flat(),
  };
}
