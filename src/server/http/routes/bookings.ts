import { Hono } from 'hono';
import { serverBoardingPassKeys } from '../../boarding-pass/keys.ts';
import { checkedInTickets } from '../../db/queries/checked-in-tickets.ts';
import { qrPng } from '../../documents/qr.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { offlineTrip } from '../../documents/offline-trip.ts';
import { linkView } from '../../services/booking-access.ts';
import { bookingStatus, bookingView } from '../../services/booking-view.ts';
import { bookingAddress } from '../../use-cases/addresses.ts';
import { refuse } from '../../validation-errors.ts';
import type { AppDeps } from '../../deps.ts';
import { requestLocale } from '../request-locale.ts';

/**
 * The booking reads (the changes are use cases, mounted from their declarations by use-case-routes.ts):
 * GET /api/bookings/{id}/status: only its status and expiry (the payment page polls it).
 * GET /api/bookings/{id}: the booking with what has been saved so far (a reload or another device resumes there).
 * GET /api/bookings/{id}/trip: a paid booking as a phone keeps it for My trips, offline (views/offline-trip.ts).
 */
export function bookingsRoutes(deps: AppDeps) {
  /** The booking its unguessable id names, in the request's language; a 404 refusal when there is none. */
  const viewOf = async (params: Record<string, string>, request: Request) => {
    const view = await bookingView(
      await deps.database(),
      deps.network,
      bookingAddress(params).bookingId,
      requestLocale(request),
    );
    if (!view) throw refuse('booking', 'api_booking_not_found');
    return view;
  };
  return (
    new Hono()
      .get('/bookings/:id/status', async (c) => {
        const { bookingId } = bookingAddress(c.req.param());
        const state = await bookingStatus(await deps.database(), bookingId);
        if (!state) throw refuse('booking', 'api_booking_not_found');
        c.header('Cache-Control', 'no-store');
        return c.json(state);
      })
      // The QRIS code as a PNG to save to the phone's gallery, which bank and e-wallet apps open a QR from. Only while
      // it may be paid: from our deadline on it is not offered, whatever the gateway would still take.
      .get('/bookings/:id/qris.png', async (c) => {
        const view = await viewOf(c.req.param(), c.req.raw);
        const payment = view.payment;
        if (
          payment?.kind !== 'qris' ||
          view.status !== 'awaiting_payment' ||
          payment.expiresAt <= deps.clock()
        )
          throw refuse('booking', 'payment_error_no_qr');
        c.header('Cache-Control', 'private, no-store');
        c.header('Content-Disposition', `attachment; filename="QRIS-${view.code}.png"`);
        return c.body(Buffer.from(await qrPng(payment.qrString)), 200, { 'Content-Type': 'image/png' });
      })
      // Open to the link, as the booking's pages and boarding-pass PDFs are (docs/decisions/0008); both languages in one
      // answer, so My trips reads it in either once offline.
      .get('/bookings/:id/trip', async (c) => {
        const { bookingId } = bookingAddress(c.req.param());
        const db = await deps.database();
        const read = (locale: Locale) => bookingView(db, deps.network, bookingId, locale);
        const [en, id] = await Promise.all([read('en'), read('id')]);
        if (en?.status !== 'paid' || !id) throw refuse('booking', 'api_booking_not_found');
        const keys = (deps.boardingPassKeys ?? serverBoardingPassKeys)();
        const checkedIn = await checkedInTickets(db, bookingId);
        c.header('Cache-Control', 'private, no-store');
        return c.json(await offlineTrip({ en, id }, deps.network, checkedIn, keys.signer, deps.clock()));
      })
      .get('/bookings/:id', async (c) => {
        const view = await viewOf(c.req.param(), c.req.raw);
        c.header('Cache-Control', 'no-store');
        return c.json(linkView(view));
      })
  );
}
