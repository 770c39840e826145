import { Hono } from 'hono';
import { translate } from '../../../i18n/translate.ts';
import { bookingDetailsSchema } from '../../../schemas/booking-details.ts';
import { holdRequestSchema } from '../../../schemas/hold.ts';
import { createHold, HoldRefused } from '../../services/create-hold.ts';
import { DetailsRefused, saveBookingDetails } from '../../services/save-booking-details.ts';
import { issuesToErrors } from '../../validation-errors.ts';
import type { AppDeps } from '../app.ts';
import { fieldErrors } from '../errors.ts';
import { requestLocale } from '../request-locale.ts';

/**
 * POST /api/bookings: hold the chosen sailings for 20 minutes; answers the booking's id, code and expiry.
 * PUT /api/bookings/{id}/details: the contact person and passengers of a held booking.
 */
export function bookingsRoutes(deps: AppDeps) {
  return new Hono()
    .post('/bookings', async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined);
      const parsed = holdRequestSchema.safeParse(body ?? {});
      if (!parsed.success) return fieldErrors(c, issuesToErrors(parsed.error.issues));
      try {
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
      } catch (error) {
        if (error instanceof HoldRefused) return fieldErrors(c, error.errors, error.status);
        throw error;
      }
    })
    .put('/bookings/:id/details', async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined);
      const parsed = bookingDetailsSchema.safeParse(body ?? {});
      if (!parsed.success) return fieldErrors(c, issuesToErrors(parsed.error.issues, true));
      try {
        await saveBookingDetails(c.req.param('id'), parsed.data, {
          db: await deps.database(),
          network: deps.network,
          now: deps.clock(),
        });
        c.header('Cache-Control', 'no-store');
        return c.body(null, 204);
      } catch (error) {
        if (!(error instanceof DetailsRefused)) throw error;
        return error.status === 404
          ? c.json({ message: translate('api_booking_not_found', requestLocale(c.req.raw)) }, 404)
          : fieldErrors(c, error.errors, error.status === 409 ? 409 : 400);
      }
    });
}
