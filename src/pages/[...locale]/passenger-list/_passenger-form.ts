import * as m from '../../../paraglide/messages.js';
import { localizePath } from '../../../i18n/locales.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import { accountFormProps } from '../../../server/views/account-form-props.ts';
import { accountPage } from '../../../server/http/pages/account-page.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { savedPassengerOf } from '../../../server/services/saved-passengers.ts';
import { addPassenger } from '../../../server/use-cases/add-passenger.ts';
import { changePassenger } from '../../../server/use-cases/change-passenger.ts';

/**
 * /passenger-list/{form}, a saved passenger's form: `new` adds one, a passenger's id edits it. The island saves
 * through /api/passengers; without JavaScript it posts here, and goes back to the list (`?saved`). Undefined (404):
 * no holder, or an id that is not one of the account's passengers.
 */
export async function servePassengerForm(astro: PageAstro) {
  const { locale, account } = astro.locals;
  const t = { locale };
  const param = astro.params.form ?? '';
  const adding = param === 'new';
  const existing =
    account && !adding
      ? await savedPassengerOf(await astro.locals.deps.database(), account.userId, param)
      : undefined;
  if (!account || (!adding && !existing)) return undefined;
  const page = accountPage(astro);
  const posted = existing
    ? await submitForm(page.form, changePassenger, { params: { id: existing.id } })
    : await submitForm(page.form, addPassenger);
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const props = accountFormProps('passenger', locale, {
    action: localizePath(`/passenger-list/${param}`, locale),
    csrf: page.csrf,
    posted,
    values: existing ?? {},
    next: `${localizePath('/passenger-list', locale)}?saved`,
    owner: account.userId,
    endpoint: existing
      ? { path: `/api/passengers/${existing.id}`, method: 'PUT' }
      : { path: '/api/passengers', method: 'POST' },
  });
  return {
    param,
    csrf: page.csrf,
    title: adding ? m.passenger_form_new({}, t) : m.passenger_form_edit({}, t),
    props,
  };
}
