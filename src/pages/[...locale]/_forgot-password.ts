import { localizePath } from '../../i18n/locales.ts';
import { submitForm } from '../../server/http/form-post.ts';
import { accountFormProps } from '../../server/views/account-form-props.ts';
import { accountPage } from '../../server/http/pages/account-page.ts';
import type { PageAstro } from '../../server/http/pages/page-astro.ts';
import { forgotPassword } from '../../server/use-cases/forgot-password.ts';

/**
 * /forgot-password: the e-mail address; a link to set a new one goes to it if it has an account (the answer is the
 * same either way, `?sent`). The island sends the same to POST /api/recovery/forgot-password.
 */
export async function serveForgotPassword(astro: PageAstro) {
  const { locale } = astro.locals;
  const page = accountPage(astro);
  const posted = await submitForm(page.form, forgotPassword);
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  return accountFormProps('forgot', locale, {
    action: localizePath('/forgot-password', locale),
    csrf: page.csrf,
    posted,
    sent: astro.url.searchParams.has('sent'),
  });
}
