import { localizePath } from '../../i18n/locales.ts';
import { submitForm } from '../../server/http/form-post.ts';
import { accountFormProps } from '../../server/views/account-form-props.ts';
import { accountLinkUsable, accountPage } from '../../server/http/pages/account-page.ts';
import type { PageAstro } from '../../server/http/pages/page-astro.ts';
import { resetPassword } from '../../server/use-cases/reset-password.ts';

/**
 * /new-password, set a new password from the e-mailed link (`?token=`, single use, 60 minutes): a used or expired
 * link answers 410 and offers a new one; saved, every session of the account ends and this browser is logged in
 * afresh (303 to My account).
 */
export async function serveNewPassword(astro: PageAstro) {
  const { locale } = astro.locals;
  const page = accountPage(astro);
  const posted = await submitForm(page.form, resetPassword);
  if (posted instanceof Response) return posted;
  const token = posted?.form.get('token') ?? astro.url.searchParams.get('token') ?? '';
  const usable = await accountLinkUsable(astro.locals.deps, 'reset_password', token);
  astro.response.status = posted?.status ?? (usable ? 200 : 410);
  const props = accountFormProps('reset', locale, {
    action: localizePath('/new-password', locale),
    csrf: page.csrf,
    posted,
    hidden: { token },
    next: `${localizePath('/my-account', locale)}?password-reset`,
  });
  return { usable, props };
}
