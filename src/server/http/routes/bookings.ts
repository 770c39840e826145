import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { BOOKING_ID_PATTERN } from '../../../domain/booking-code.ts';
import { localizePath } from '../../../i18n/locales.ts';
import { linkView } from '../../services/booking-access.ts';
import { bookingStatus, bookingView } from '../../services/booking-view.ts';
import { cancelBookingTickets } from '../../use-cases/cancel-tickets.ts';
import { checkIn } from '../../use-cases/check-in.ts';
import { confirmBookingAccess } from '../../use-cases/confirm-booking-access.ts';
import { sendAccessCode } from '../../use-cases/send-access-code.ts';
import { claimOpenTicket } from '../../use-cases/claim-open-ticket.ts';
import { useCaseContext } from '../../use-cases/context.ts';
import { findBooking } from '../../use-cases/find-booking.ts';
import { hold } from '../../use-cases/hold-seats.ts';
import { HOLD_COOKIE, HOLD_COOKIE_SECONDS } from '../../use-cases/release-hold.ts';
import { pay } from '../../use-cases/pay.ts';
import { reschedule } from '../../use-cases/reschedule.ts';
import { saveDetails } from '../../use-cases/save-details.ts';
import { refuse } from '../../validation-errors.ts';
import type { AppDeps } from '../app.ts';
import { bookingCaller, optionalAccount } from '../credentials.ts';
import { jsonBody } from '../json-body.ts';
import { requestLocale } from '../request-locale.ts';

/** The `{id}` of a booking route, checked before any query: an id of another shape is simply not found. */
function bookingIdOf(id: string): string {
  if (!BOOKING_ID_PATTERN.test(id)) throw refuse('booking', 'api_booking_not_found');
  return id;
}

/**
 * POST /api/bookings: hold the chosen sailings for 20 minutes; answers the booking's id, code and expiry.
 * POST /api/bookings/lookup: check order, the booking id for a code and contact e-mail (rate-limited), with a grant
 *   (`access`) that proves the booking to the calls below for 60 minutes, sent back in `X-Booking-Access`.
 * POST /api/bookings/{id}/access-code: e-mail a one-time code to the booking's contact address.
 * POST /api/bookings/{id}/access: the contact e-mail or that code for a grant (`attach`: with the code, logged in,
 *   the booking joins the account).
 * GET /api/bookings/{id}/status: only its status and expiry (the payment page polls it).
 * GET /api/bookings/{id}: the booking with what has been saved so far (a reload or another device resumes there).
 * PUT /api/bookings/{id}/details: the contact person and passengers of a held booking.
 * POST /api/bookings/{id}/payment: choose the bank and pay: issues the VA (once, however often it is sent).
 * POST /api/bookings/{id}/check-in: check passengers in online; answers each ticket with its boarding pass's address.
 * POST /api/bookings/{id}/reschedule: move passengers onto another sailing; answers the new ticket numbers and fee.
 * POST /api/bookings/{id}/cancellation: cancel tickets; answers the fee, the refund and the date it is due by.
 * POST /api/bookings/{id}/claim: claim an open ticket for a sailing; answers the sailing and the tickets claimed.
 * Reschedule, cancellation and claim need proof beyond the link (domain/booking-access.ts): a grant in
 * `X-Booking-Access`, or the owner's login (a bearer token, or this site's session with its anti-forgery token).
 * Refusals (sold out, closed, not editable, unknown) are thrown as `Refused` and answered by the app's error handler.
 */
export function bookingsRoutes(deps: AppDeps) {
  /** The use cases' context for this request, in the reader's language. */
  const context = (c: Context) => useCaseContext(deps, c.req.raw, { locale: requestLocale(c.req.raw) });
  /** The context of a call that may prove a booking: its grants and its login, if any. */
  const provingContext = async (c: Context) => {
    const caller = await bookingCaller(c, deps);
    return useCaseContext(deps, c.req.raw, { locale: requestLocale(c.req.raw), ...caller });
  };

  return new Hono()
    .post('/bookings', async (c) => {
      const input = await jsonBody(c, hold.input);
      if (!input.data) return input.refused;
      const held = await hold.run(await context(c), input.data);
      // As the schedule page's form does: this browser's hold, which its logged-in holder's details then make theirs.
      setCookie(c, HOLD_COOKIE, held.id, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: deps.siteUrl.startsWith('https:'),
        maxAge: HOLD_COOKIE_SECONDS,
      });
      return c.json(
        { id: held.id, code: held.code, status: 'held', expiresAt: held.expiresAt.toISOString() },
        201,
      );
    })
    .post('/bookings/lookup', async (c) => {
      const input = await jsonBody(c, findBooking.input);
      if (!input.data) return input.refused;
      const found = await findBooking.run(await context(c), input.data);
      return c.json({
        id: found.id,
        access: found.grant.token,
        accessExpiresAt: found.grant.expiresAt.toISOString(),
      });
    })
    .post('/bookings/:id/access-code', async (c) => {
      const input = await jsonBody(c, sendAccessCode.input);
      if (!input.data) return input.refused;
      const sent = await sendAccessCode.run(await context(c), { bookingId: bookingIdOf(c.req.param('id')) });
      deps.mailQueued?.();
      return c.json({ sentTo: sent.sentTo, expiresAt: sent.expiresAt.toISOString() }, 202);
    })
    .post('/bookings/:id/access', async (c) => {
      const input = await jsonBody(c, confirmBookingAccess.input);
      if (!input.data) return input.refused;
      const bookingId = bookingIdOf(c.req.param('id'));
      const confirmed = await confirmBookingAccess.run(await provingContext(c), { ...input.data, bookingId });
      return c.json({
        access: confirmed.grant.token,
        strength: confirmed.grant.strength,
        accessExpiresAt: confirmed.grant.expiresAt.toISOString(),
        attached: confirmed.attached,
      });
    })
    .get('/bookings/:id/status', async (c) => {
      const state = await bookingStatus(await deps.database(), bookingIdOf(c.req.param('id')));
      if (!state) throw refuse('booking', 'api_booking_not_found');
      c.header('Cache-Control', 'no-store');
      return c.json(state);
    })
    .get('/bookings/:id', async (c) => {
      const view = await bookingView(
        await deps.database(),
        deps.network,
        bookingIdOf(c.req.param('id')),
        requestLocale(c.req.raw),
      );
      if (!view) throw refuse('booking', 'api_booking_not_found');
      c.header('Cache-Control', 'no-store');
      return c.json(linkView(view));
    })
    .post('/bookings/:id/payment', async (c) => {
      const input = await jsonBody(c, pay.input);
      if (!input.data) return input.refused;
      const ctx = await context(c);
      const bookingId = bookingIdOf(c.req.param('id'));
      await pay.run(ctx, { ...input.data, bookingId });
      deps.mailQueued?.();
      const view = await bookingView(ctx.db, ctx.network, bookingId, ctx.locale);
      return c.json({ status: view?.status, payment: view?.payment, price: view?.price });
    })
    .post('/bookings/:id/check-in', async (c) => {
      const input = await jsonBody(c, checkIn.input);
      if (!input.data) return input.refused;
      const ctx = await context(c);
      const bookingId = bookingIdOf(c.req.param('id'));
      const checkedIn = await checkIn.run(ctx, { ...input.data, bookingId });
      deps.mailQueued?.(); // the boarding passes, by email
      return c.json({
        tickets: checkedIn.map((ticket) => ({
          ticketNumber: ticket.ticketNumber,
          checkedInAt: ticket.checkedInAt.toISOString(),
          boardingPass: localizePath(
            `/booking/${bookingId}/boarding-pass/${ticket.ticketNumber}.pdf`,
            ctx.locale,
          ),
        })),
      });
    })
    .post('/bookings/:id/reschedule', async (c) => {
      const input = await jsonBody(c, reschedule.input);
      if (!input.data) return input.refused;
      const bookingId = bookingIdOf(c.req.param('id'));
      const moved = await reschedule.run(await provingContext(c), { ...input.data, bookingId });
      deps.mailQueued?.(); // the new e-ticket, by email
      return c.json(moved);
    })
    .post('/bookings/:id/cancellation', async (c) => {
      const input = await jsonBody(c, cancelBookingTickets.input);
      if (!input.data) return input.refused;
      const bookingId = bookingIdOf(c.req.param('id'));
      const cancelled = await cancelBookingTickets.run(await provingContext(c), { ...input.data, bookingId });
      deps.mailQueued?.();
      return c.json(cancelled);
    })
    .post('/bookings/:id/claim', async (c) => {
      const input = await jsonBody(c, claimOpenTicket.input);
      if (!input.data) return input.refused;
      const bookingId = bookingIdOf(c.req.param('id'));
      const claimed = await claimOpenTicket.run(await provingContext(c), { ...input.data, bookingId });
      deps.mailQueued?.();
      return c.json(claimed);
    })
    .put('/bookings/:id/details', async (c) => {
      const input = await jsonBody(c, saveDetails.input, true);
      if (!input.data) return input.refused;
      const ctx = await useCaseContext(deps, c.req.raw, {
        locale: requestLocale(c.req.raw),
        actor: await optionalAccount(c, deps),
        // The browser's hold cookie: the hold it made may become the logged-in holder's (use-cases/save-details.ts).
        access: { grants: [], heldHere: getCookie(c, HOLD_COOKIE) },
      });
      await saveDetails.run(ctx, {
        bookingId: bookingIdOf(c.req.param('id')),
        details: input.data,
      });
      return c.body(null, 204);
    });
}
