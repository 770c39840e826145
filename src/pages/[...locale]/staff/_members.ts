import { localizePath } from '../../../i18n/locales.ts';
import { linkSecretOf } from '../../../server/auth/account-links.ts';
import { staffSecurity } from '../../../server/auth/staff-security.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { staffPage } from '../../../server/http/pages/staff-page.ts';
import { staffListing } from '../../../server/services/staff-session.ts';
import { staffAdd } from '../../../server/use-cases/staff-add.ts';
import { staffDisable } from '../../../server/use-cases/staff-disable.ts';
import { consoleBar } from './_console.ts';

/**
 * `/staff/members`, the admins' staff list: add a member (their set-up link is shown to send on) and disable one
 * (its form posts here with `?disable={id}`). Nobody signed in: the sign-in page; an agent: 403.
 */
export async function serveStaffMembers(astro: PageAstro) {
  const { locale, deps } = astro.locals;
  const page = await staffPage(astro);
  if (!page.actor) return astro.redirect(localizePath('/staff/login', locale));
  if (page.actor.role !== 'admin') {
    astro.response.status = 403;
    return { allowed: false as const };
  }
  const disabling = astro.url.searchParams.get('disable');
  const posted = disabling
    ? await submitForm(page.form, staffDisable, { params: { id: disabling } })
    : await submitForm(page.form, staffAdd);
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const db = await deps.database();
  const listing = await staffListing(db, staffSecurity, linkSecretOf(deps), deps.clock());
  const setUpPage = new URL(localizePath('/staff/set-up', locale), astro.url);
  const query = astro.url.searchParams;
  return {
    allowed: true as const,
    csrf: page.csrf,
    ...(await consoleBar(db, page.actor, locale)),
    posted,
    me: page.actor.staffId,
    notice: query.has('added')
      ? ('added' as const)
      : query.has('disabled')
        ? ('disabled' as const)
        : undefined,
    members: listing.map(({ setUpToken, ...member }) => ({
      ...member,
      ...(setUpToken ? { setUpLink: `${setUpPage.href}?token=${setUpToken}` } : {}),
    })),
  };
}
