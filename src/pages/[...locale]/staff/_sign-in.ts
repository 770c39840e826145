import { localizePath } from '../../../i18n/locales.ts';
import { STAFF_COOKIE } from '../../../server/auth/browser-effects.ts';
import { staffSecurity } from '../../../server/auth/staff-security.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { staffPage } from '../../../server/http/pages/staff-page.ts';
import { pendingStaffSignIn } from '../../../server/services/staff-session.ts';
import { staffCodeStep } from '../../../server/use-cases/staff-second-factor.ts';
import { staffSetUp } from '../../../server/use-cases/staff-set-up.ts';
import { staffPasswordStep } from '../../../server/use-cases/staff-sign-in.ts';

/**
 * The staff sign-in's pages, each a plain form posting its use case (no script): `/staff/login` (e-mail and
 * password), `/staff/code` (the second factor, or its set-up the first time), `/staff/set-up?token=` (a new
 * member's password). A signed-in member goes on to the console.
 */
export async function serveStaffLogin(astro: PageAstro) {
  const { locale } = astro.locals;
  const page = await staffPage(astro);
  if (page.actor) return astro.redirect(localizePath('/staff', locale));
  const posted = await submitForm(page.form, staffPasswordStep);
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const query = astro.url.searchParams;
  const notice = query.has('set-up') ? 'set-up' : query.has('signed-out') ? 'signed-out' : undefined;
  return { csrf: page.csrf, posted, email: posted?.form.get('email') ?? '', notice };
}

export type StaffLoginPage = Exclude<Awaited<ReturnType<typeof serveStaffLogin>>, Response>;

/** The second step: a code from the app, or the app's set-up (QR code, key, recovery codes) the first time. */
export async function serveStaffCode(astro: PageAstro) {
  const { locale, deps } = astro.locals;
  const page = await staffPage(astro);
  if (page.actor) return astro.redirect(localizePath('/staff', locale));
  const posted = await submitForm(page.form, staffCodeStep);
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const pending = await pendingStaffSignIn(
    await deps.database(),
    staffSecurity,
    page.jar.get(STAFF_COOKIE),
    deps.clock(),
  );
  // No sign-in waiting (never begun, or over): the password again, unless a refusal says why first.
  if (!pending && !posted) return astro.redirect(localizePath('/staff/login', locale));
  const qrSvg = pending?.enrol
    ? await (await import('qrcode')).toString(pending.enrol.uri, { type: 'svg', margin: 1 })
    : undefined;
  return { csrf: page.csrf, posted, pending, qrSvg };
}

/** A new member's set-up link: the password, twice; the token rides in a hidden field. */
export async function serveStaffSetUp(astro: PageAstro) {
  const page = await staffPage(astro);
  const posted = await submitForm(page.form, staffSetUp);
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const token = posted?.form.get('token') ?? astro.url.searchParams.get('token') ?? '';
  return { csrf: page.csrf, posted, token: token.slice(0, 200) };
}
