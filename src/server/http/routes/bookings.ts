import { Hono } from 'hono';
import { BOOKING_ID_PATTERN } from '../../../domain/booking-code.ts';
import { bookingDetailsSchema } from '../../../schemas/booking-details.ts';
import { holdRequestSchema } from '../../../schemas/hold.ts';
import { createHold } from '../../services/create-hold.ts';
import { checkOrderSchema } from '../../../schemas/check-order.ts';
import { payRequestSchema } from '../../../schemas/payment.ts';
import { findBooking } from '../../services/find-booking.ts';
import { bookingStatus, bookingView } from '../../services/booking-view.ts';
import { saveBookingDetails } from '../../services/save-booking-details.ts';
import { startPayment } from '../../services/start-payment.ts';
import { issuesToErrors, refuse } from '../../validation-errors.ts';
import type { AppDeps } from '../app.ts';
import { clientAddress } from '../client-address.ts';
import { fieldErrors } from '../errors.ts';
import { requestLocale } from '../request-locale.ts';

/** The `{id}` of a booking route, checked before any query: an id of another shape is simply not found. */
function bookingIdOf(id: string): string {
  if (!BOOKING_ID_PATTERN.test(id)) throw refuse(404, 'booking', 'api_booking_not_found');
  return id;
}

/**
 * POST /api/bookings: hold the chosen sailings for 20 minutes; answers the booking's id, code and expiry.
 * POST /api/bookings/lookup: check order, the booking id for a code and contact e-mail (rate-limited).
 * GET /api/bookings/{id}/status: only its status and expiry (the payment page polls it).
 * GET /api/bookings/{id}: the booking with what has been saved so far (a reload or another device resumes there).
 * PUT /api/bookings/{id}/details: the contact person and passengers of a held booking.
 * POST /api/bookings/{id}/payment: choose the bank and pay: issues the VA (once, however often it is sent).
 * Refusals (sold out, closed, not editable, unknown) are thrown as `Refused` and answered by the app's error handler.
 */
export function bookingsRoutes(deps: AppDeps) {
  return new Hono()
    .post('/bookings', async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined);
      const parsed = holdRequestSchema.safeParse(body ?? {});
      if (!parsed.success) return fieldErrors(c, issuesToErrors(parsed.error.issues));
      await deps.rateLimits.holds.take(clientAddress(c.req.raw, deps.proxyHops ?? 0));
      const hold = await createHold(parsed.data, {
        db: await deps.database(),
        network: deps.network,
        now: deps.clock(),
        locale: requestLocale(c.req.raw),
        lockSeats: deps.lockSeats ?? true,
      });
      c.header('Cache-Control', 'no-store');
      return c.json(
        { id: hold.id, code: hold.code, status: 'held', expiresAt: hold.expiresAt.toISOString() },
        201,
      );
    })
    .post('/bookings/lookup', async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined);
      const parsed = checkOrderSchema.safeParse(body ?? {});
      if (!parsed.success) return fieldErrors(c, issuesToErrors(parsed.error.issues));
      const id = await findBooking(parsed.data, {
        db: await deps.database(),
        limits: deps.rateLimits,
        address: clientAddress(c.req.raw, deps.proxyHops ?? 0),
      });
      c.header('Cache-Control', 'no-store');
      return c.json({ id });
    })
    .get('/bookings/:id/status', async (c) => {
      const state = await bookingStatus(await deps.database(), bookingIdOf(c.req.param('id')));
      if (!state) throw refuse(404, 'booking', 'api_booking_not_found');
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
      if (!view) throw refuse(404, 'booking', 'api_booking_not_found');
      c.header('Cache-Control', 'no-store');
      return c.json(view);
    })
    .post('/bookings/:id/payment', async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined);
      const parsed = payRequestSchema.safeParse(body ?? {});
      if (!parsed.success) return fieldErrors(c, issuesToErrors(parsed.error.issues));
      const db = await deps.database();
      const id = bookingIdOf(c.req.param('id'));
      await startPayment(id, parsed.data, {
        db,
        gateway: deps.payments.gateway,
        clock: deps.clock,
        paymentWindowMinutes: deps.payments.windowMinutes,
      });
      deps.mailQueued?.();
      const view = await bookingView(db, deps.network, id, requestLocale(c.req.raw));
      c.header('Cache-Control', 'no-store');
      return c.json({ status: view?.status, payment: view?.payment, price: view?.price });
    })
    .put('/bookings/:id/details', async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined);
      const parsed = bookingDetailsSchema.safeParse(body ?? {});
      if (!parsed.success) return fieldErrors(c, issuesToErrors(parsed.error.issues, true));
      await saveBookingDetails(bookingIdOf(c.req.param('id')), parsed.data, {
        db: await deps.database(),
        network: deps.network,
        now: deps.clock(),
      });
      c.header('Cache-Control', 'no-store');
      return c.body(null, 204);
    });
}
