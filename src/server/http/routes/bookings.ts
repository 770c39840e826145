import { Hono } from 'hono';
import { bookingDetailsSchema } from '../../../schemas/booking-details.ts';
import { holdRequestSchema } from '../../../schemas/hold.ts';
import { createHold } from '../../services/create-hold.ts';
import { saveBookingDetails } from '../../services/save-booking-details.ts';
import { issuesToErrors } from '../../validation-errors.ts';
import type { AppDeps } from '../app.ts';
import { fieldErrors } from '../errors.ts';
import { requestLocale } from '../request-locale.ts';

/**
 * POST /api/bookings: hold the chosen sailings for 20 minutes; answers the booking's id, code and expiry.
 * PUT /api/bookings/{id}/details: the contact person and passengers of a held booking.
 * Refusals (sold out, closed, not editable, unknown) are thrown as `Refused` and answered by the app's error handler.
 */
export function bookingsRoutes(deps: AppDeps) {
  return new Hono()
    .post('/bookings', async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined);
      const parsed = holdRequestSchema.safeParse(body ?? {});
      if (!parsed.success) return fieldErrors(c, issuesToErrors(parsed.error.issues));
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
    .put('/bookings/:id/details', async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined);
      const parsed = bookingDetailsSchema.safeParse(body ?? {});
      if (!parsed.success) return fieldErrors(c, issuesToErrors(parsed.error.issues, true));
      await saveBookingDetails(c.req.param('id'), parsed.data, {
        db: await deps.database(),
        network: deps.network,
        now: deps.clock(),
      });
      c.header('Cache-Control', 'no-store');
      return c.body(null, 204);
    });
}
