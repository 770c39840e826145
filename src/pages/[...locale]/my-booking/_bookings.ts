import * as m from '../../../paraglide/messages.js';
import { localizePath } from '../../../i18n/locales.ts';
import { accountPage } from '../../../server/http/pages/account-page.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { accountBookings } from '../../../server/services/account-bookings.ts';

/**
 * /my-booking: the account's bookings on two tabs, Active and History (`?tab=history`: plain links, so the tabs work
 * without JavaScript); an empty Active tab points to the search. Protected: the middleware sends a logged-out
 * visitor home.
 */
export async function serveMyBookings(astro: PageAstro) {
  const { locale, account } = astro.locals;
  const t = { locale };
  const page = accountPage(astro);
  if (!account) return astro.redirect(localizePath('/', locale));
  const deps = astro.locals.deps;
  const now = deps.clock();
  const tab = astro.url.searchParams.get('tab') === 'history' ? 'history' : 'active';
  const all = await accountBookings(await deps.database(), deps.network, account.userId, locale, now);
  return {
    csrf: page.csrf,
    now,
    tab,
    shown: all.filter((booking) => booking.shelf === tab),
    tabs: [
      { id: 'active', label: m.my_booking_tab_active({}, t), href: localizePath('/my-booking', locale) },
      {
        id: 'history',
        label: m.my_booking_tab_history({}, t),
        href: `${localizePath('/my-booking', locale)}?tab=history`,
      },
    ],
  };
}
