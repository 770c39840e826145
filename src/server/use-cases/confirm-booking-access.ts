import type { AccessGrant } from '../../domain/booking-access.ts';
import { eq } from 'drizzle-orm';
import { bookingAccessSchema, type BookingAccessRequest } from '../../schemas/booking-access.ts';
import { useAccessCode } from '../db/queries/access-codes.ts';
import { bookings } from '../db/schema/bookings.ts';
import { attachBooking } from '../services/attach-booking.ts';
import { refuse } from '../validation-errors.ts';
import { localizePath } from '../../i18n/locales.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';
import { proveContactEmail } from './find-booking.ts';

export interface AccessConfirmed {
  grant: AccessGrant;
  /** The booking joined the logged-in account (asked with `attach` and proven by the e-mailed code). */
  attached: boolean;
}

/**
 * Confirms that a booking opened by its link is the sender's (domain/booking-access.ts): its contact e-mail (as
 * check order limits it) gives a `contact` grant; the e-mailed one-time code (one use, its tries counted, typing
 * limited per client address and wrong codes per booking a day) a `mailbox` grant, and with `attach` and a login the booking joins the account.
 */
async function confirm(
  ctx: UseCaseContext,
  input: BookingAccessRequest & { bookingId: string },
): Promise<AccessConfirmed> {
  const [booking] = await ctx.db
    .select({ id: bookings.id, code: bookings.code })
    .from(bookings)
    .where(eq(bookings.id, input.bookingId));
  if (!booking) throw refuse('booking', 'api_booking_not_found');
  if (input.email !== undefined) {
    await proveContactEmail(ctx, booking, input.email);
    return {
      grant: ctx.auth.grantAccess(ctx.linkSecret(), booking.id, 'contact', ctx.clock()),
      attached: false,
    };
  }
  await ctx.rateLimits.lookups.take(ctx.address);
  await ctx.rateLimits.accessCodeFailures.check(booking.id);
  const now = ctx.clock();
  if (!(await useAccessCode(ctx.db, ctx.linkSecret(), booking.id, input.code ?? '', now))) {
    await ctx.rateLimits.accessCodeFailures.take(booking.id);
    throw refuse('code', 'booking_access_code_wrong');
  }
  const attached =
    input.attach === true && ctx.actor.kind === 'account'
      ? await attachBooking(ctx.db, ctx.actor.userId, booking.id, true)
      : false;
  return { grant: ctx.auth.grantAccess(ctx.linkSecret(), booking.id, 'mailbox', now), attached };
}

/** Confirmed, the grant is also kept in the calling browser: its task pages need not ask again for an hour. */
async function run(
  ctx: UseCaseContext,
  input: BookingAccessRequest & { bookingId: string },
): Promise<AccessConfirmed> {
  const confirmed = await confirm(ctx, input);
  ctx.session.keepGrant(confirmed.grant);
  return confirmed;
}

export const confirmBookingAccess = defineUseCase({
  name: 'confirm-booking-access',
  input: bookingAccessSchema,
  address: bookingAddress,
  run,
  route: {
    method: 'POST',
    path: '/bookings/:id/access',
    caller: 'booking',
    answer: (confirmed) => ({
      access: confirmed.grant.token,
      strength: confirmed.grant.strength,
      accessExpiresAt: confirmed.grant.expiresAt.toISOString(),
      attached: confirmed.attached,
    }),
  },
  // Proven, on to the booking's order page; the verify page goes on to the task it was opened for.
  form: {
    next: (_confirmed, ctx, input) => localizePath(`/booking/${input.bookingId}`, ctx.locale),
  },
  refusals: [401, 404, 422, 429],
});
