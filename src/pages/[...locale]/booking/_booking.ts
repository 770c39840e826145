import { BOOKING_ID_PATTERN } from '../../../domain/booking-code.ts';
import { effectiveStatus } from '../../../domain/booking-lifecycle.ts';
import { agencyTime } from '../../../domain/agency.ts';
import { DEFAULT_PHONE_COUNTRY } from '../../../domain/phone-country.ts';
import { bookingStatusLabel } from '../../../i18n/booking-status.ts';
import { localizePath } from '../../../i18n/locales.ts';
import { csrfToken } from '../../../server/auth/browser-session.ts';
import { astroJar } from '../../../server/auth/cookie-jars.ts';
import { formOf, submitForm } from '../../../server/http/form-post.ts';
import { browserAccess } from '../../../server/http/pages/booking-access-cookie.ts';
import { bookingById, keepPrivate } from '../../../server/http/pages/booking-by-id.ts';
import { bookingFlowProps, draftFromForm } from '../../../server/views/booking-flow-props.ts';
import { visitorPhoneCountry } from '../../../server/http/pages/country-guess.ts';
import { holdTimerProps } from '../../../server/views/hold-timer-props.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { profileOf } from '../../../server/services/profile.ts';
import { savedPassengersOf } from '../../../server/services/saved-passengers.ts';
import { manageBookingPage, proveHere } from './_manage.ts';
import { keepSeats } from '../../../server/use-cases/keep-seats.ts';
import { saveDetails } from '../../../server/use-cases/save-details.ts';

/**
 * /booking/{id}, the live state of one booking; the unguessable id in the address is what gives access to it.
 * Two plain forms post here (before or without JavaScript):
 * - the booking flow's details: saved, on to the payment page (303); refused, this page again with what was typed
 *   and the reasons at each field. A logged-in holder's post carries their anti-forgery token to act as them;
 * - "Keep my seats", marked `?keep`: extended, back to this page (303); refused, its reason at the timer.
 * Paying, the payment page is where the booking is now (303); paid, this is its Manage booking page (`manage`:
 * every ticket's standing, what it can do now and why not), where the order found by code and e-mail, My
 * booking's and the paid payment page lead. Undefined: no such booking (404).
 */
export async function serveBooking(astro: PageAstro) {
  const { locale, account } = astro.locals;
  const deps = astro.locals.deps;
  const bookingId = astro.params.id ?? '';
  if (!BOOKING_ID_PATTERN.test(bookingId)) return undefined;
  const params = { params: { id: bookingId } };
  // Manage booking's one-step proof posts here (`?prove`); the held booking's forms otherwise.
  const proof = astro.url.searchParams.has('prove') ? await proveHere(astro, bookingId) : undefined;
  if (proof instanceof Response) return proof;
  const keeping = astro.url.searchParams.has('keep');
  const kept = keeping ? await submitForm(formOf(astro), keepSeats, params) : undefined;
  if (kept instanceof Response) return kept;
  const holderIfCsrf = account && {
    actor: { kind: 'account', userId: account.userId } as const,
    jar: astroJar(astro.cookies),
  };
  const details = { ...formOf(astro), access: browserAccess(astroJar(astro.cookies)) };
  const posted =
    keeping || proof
      ? undefined
      : await submitForm({ ...details, ...(holderIfCsrf ? { holderIfCsrf } : {}) }, saveDetails, params);
  if (posted instanceof Response) return posted;
  const booking = await bookingById(astro.locals.deps, bookingId, locale);
  if (!booking) return undefined;
  if (booking.status === 'awaiting_payment')
    return astro.redirect(localizePath(`/booking/${booking.id}/payment`, locale), 303);
  keepPrivate(astro.response.headers);
  if (booking.status === 'paid') {
    if (proof) astro.response.status = proof.status;
    return { booking, manage: await manageBookingPage(astro, booking, proof), held: undefined };
  }
  if (posted ?? kept) astro.response.status = (posted ?? kept)?.status ?? 200;
  const now = deps.clock();
  const status = effectiveStatus(booking, now);
  const live = status === 'held';
  const holder =
    live && account
      ? {
          profile: await profileOf(await deps.database(), account.userId),
          passengers: await savedPassengersOf(await deps.database(), account.userId),
        }
      : undefined;
  const flow = live
    ? bookingFlowProps(
        booking,
        deps.network,
        locale,
        now,
        posted && { ...draftFromForm(posted.form), errors: posted.errors },
        holder && { ...holder, csrf: csrfToken(astroJar(astro.cookies), deps) },
        booking.contact || posted
          ? DEFAULT_PHONE_COUNTRY
          : await visitorPhoneCountry(astro.request, astro.clientAddress, astro.locals.deps),
      )
    : undefined;
  // Live: the countdown; lapsed (a reload after the end, with or without script): the offer to hold the same again.
  const timer =
    (live || status === 'expired') && booking.expiresAt
      ? await holdTimerProps(
          await deps.database(),
          { ...booking, expiresAt: booking.expiresAt },
          now,
          locale,
          kept !== undefined,
        )
      : undefined;
  const held = {
    booking,
    status,
    live,
    until: booking.expiresAt ? agencyTime(booking.expiresAt) : undefined,
    statusLabel: bookingStatusLabel(status, locale),
    kept,
    flow,
    timer,
  };
  return { booking, manage: undefined, held };
}

/** What the booking page shows of a booking before payment (components/booking/HeldBooking.astro). */
export type HeldBookingPage = NonNullable<
  Exclude<Awaited<ReturnType<typeof serveBooking>>, Response | undefined>['held']
>;
