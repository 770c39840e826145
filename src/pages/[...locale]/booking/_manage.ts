import { localizePath } from '../../../i18n/locales.ts';
import { astroJar } from '../../../server/auth/cookie-jars.ts';
import { formOf, submitForm, type FormRefusal } from '../../../server/http/form-post.ts';
import { browserAccess } from '../../../server/http/pages/booking-access-cookie.ts';
import { browserBookingAccess } from '../../../server/http/pages/booking-by-id.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { ownsBooking } from '../../../server/services/account-bookings.ts';
import type { BookingView } from '../../../server/services/booking-view.ts';
import { confirmBookingAccess } from '../../../server/use-cases/confirm-booking-access.ts';
import { manageBooking } from '../../../server/views/manage-booking.ts';
import { orderDoneMessage } from '../../../server/views/order-actions.ts';
import { appleWalletUsable } from '../../../server/wallets/apple-wallet.ts';

const actorOf = (astro: PageAstro) =>
  astro.locals.account ? ({ kind: 'account', userId: astro.locals.account.userId } as const) : undefined;

/**
 * Manage booking's one-step proof (`POST /booking/{id}?prove`): the booking's contact e-mail, as the verify page
 * takes it (confirmBookingAccess); proven, back to the page (303), its changes open; refused, the page again with
 * the reason at the field and the address kept.
 */
export async function proveHere(astro: PageAstro, id: string): Promise<Response | FormRefusal | undefined> {
  const actor = actorOf(astro);
  return submitForm({ ...formOf(astro), ...(actor ? { actor } : {}) }, confirmBookingAccess, {
    params: { id },
    next: () => localizePath(`/booking/${id}`, astro.locals.locale),
  });
}

/**
 * What the Manage booking page of a paid booking shows (server/views/manage-booking.ts), and around it: the way back
 * to My booking for its owner, a finished task's word (`?cancelled` ...), the payment's confirmation (`?paid`), and,
 * while the browser has not proven the booking and changes are on offer, the proof asked on the page.
 */
export async function manageBookingPage(
  astro: PageAstro,
  booking: BookingView,
  proof: FormRefusal | undefined,
) {
  const { locale, account, deps } = astro.locals;
  const query = astro.url.searchParams;
  const view = manageBooking(booking, deps.network, deps.clock(), locale, {
    google: Boolean(deps.googleWallet),
    apple: appleWalletUsable(deps.appleWallet, deps.clock()),
  });
  const changes = view.sailings.some((sailing) =>
    sailing.tickets.some((ticket) =>
      ticket.actions.some((action) => ['reschedule', 'cancel', 'claim'].includes(action.task)),
    ),
  );
  const access = browserAccess(astroJar(astro.cookies));
  const proven =
    (await browserBookingAccess(deps, booking.id, 'manage', access, actorOf(astro))) === 'granted';
  return {
    view,
    proof:
      changes && !proven
        ? {
            to: `${localizePath(`/booking/${booking.id}`, locale)}?prove`,
            errors: proof?.errors.email ?? proof?.errors.booking,
            email: (proof?.form.get('email') ?? '').slice(0, 200),
          }
        : undefined,
    owned: account !== undefined && (await ownsBooking(await deps.database(), account.userId, booking.id)),
    done: orderDoneMessage(query, locale),
    paid: query.has('paid'),
  };
}
