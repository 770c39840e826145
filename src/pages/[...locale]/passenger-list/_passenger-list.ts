import * as m from '../../../paraglide/messages.js';
import { localizePath } from '../../../i18n/locales.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import { accountPage } from '../../../server/http/pages/account-page.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { savedPassengersOf } from '../../../server/services/saved-passengers.ts';
import { deletePassenger } from '../../../server/use-cases/delete-passenger.ts';

/**
 * /passenger-list: the account's saved passengers, each with Edit (its form page) and Delete (a plain form posting
 * here, `?delete={id}`); "Add passenger" opens the empty form (inside the empty state while the list is empty: one
 * call to action). Protected: the middleware sends a logged-out visitor home.
 */
export async function servePassengerList(astro: PageAstro) {
  const { locale, account } = astro.locals;
  const t = { locale };
  const page = accountPage(astro);
  const deleting = { id: astro.url.searchParams.get('delete') ?? undefined };
  const posted = await submitForm(page.form, deletePassenger, { params: deleting });
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  if (!account) return astro.redirect(localizePath('/', locale));
  const query = astro.url.searchParams;
  return {
    csrf: page.csrf,
    passengers: await savedPassengersOf(await astro.locals.deps.database(), account.userId),
    notice: query.has('saved')
      ? m.passenger_saved({}, t)
      : query.has('deleted')
        ? m.passenger_deleted({}, t)
        : undefined,
    refused: posted ? Object.values(posted.errors).flat() : [],
    addHref: localizePath('/passenger-list/new', locale),
  };
}
