import type { AccessGrant } from '../../domain/booking-access.ts';
import { and, eq, sql } from 'drizzle-orm';
import { checkOrderSchema, type CheckOrderRequest } from '../../schemas/check-order.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema/bookings.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { Refused, refuse } from '../validation-errors.ts';
import { localizePath } from '../../i18n/locales.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Check order: the booking with this code and contact e-mail, or one neutral "not found" whether the code or the
 * e-mail was wrong. Limited per address (every try), per code and address (wrong e-mails: a code spent from one
 * address stays locked there, even for the right e-mail, until its hour is over), and per code from everywhere
 * (a higher ceiling, so five wrong guesses from a stranger do not lock the owner out), with counters shared by
 * every process.
 */
async function findBookingId(
  request: CheckOrderRequest,
  context: { db: Database; limits: RateLimits; address: string },
): Promise<string> {
  await context.limits.lookups.take(context.address);
  const codeHere = `${request.code}@${context.address}`;
  await context.limits.codeFailures.check(codeHere);
  await context.limits.codeFailuresTotal.check(request.code);
  const [found] = await context.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.code, request.code),
        eq(sql`lower(${bookings.contactEmail})`, request.email.toLowerCase()),
      ),
    );
  if (found) return found.id;
  await Promise.all([
    context.limits.codeFailures.take(codeHere),
    context.limits.codeFailuresTotal.take(request.code),
  ]);
  throw refuse('booking', 'check_order_not_found');
}

/**
 * Use case: check order, the booking id for a code and the contact e-mail (rate-limited per address and code), and
 * a grant that proves the booking to later calls (a browser's cookie, an API client's `X-Booking-Access`): whoever
 * knows both may cancel, reschedule or claim (domain/booking-access.ts).
 */
export const findBooking = defineUseCase({
  name: 'find-booking',
  input: checkOrderSchema,
  async run(ctx: UseCaseContext, request: CheckOrderRequest): Promise<{ id: string; grant: AccessGrant }> {
    const id = await findBookingId(request, { db: ctx.db, limits: ctx.rateLimits, address: ctx.address });
    const grant = ctx.auth.grantAccess(ctx.linkSecret(), id, 'contact', ctx.clock());
    // Code and e-mail prove the booking: this browser may change it for the next hour without asking again.
    ctx.session.keepGrant(grant);
    return { id, grant };
  },
  route: {
    method: 'POST',
    path: '/bookings/lookup',
    caller: 'guest',
    answer: (found) => ({
      id: found.id,
      access: found.grant.token,
      accessExpiresAt: found.grant.expiresAt.toISOString(),
    }),
  },
  form: { next: (found, ctx) => localizePath(`/booking/${found.id}`, ctx.locale) },
  refusals: [404, 429],
});

/**
 * The contact e-mail typed for a booking already open by its link: the same limits as check order, for its code. A
 * wrong address is refused at its field.
 */
export async function proveContactEmail(
  ctx: UseCaseContext,
  booking: { id: string; code: string },
  email: string,
): Promise<void> {
  try {
    await findBookingId(
      { code: booking.code, email },
      { db: ctx.db, limits: ctx.rateLimits, address: ctx.address },
    );
  } catch (refusal) {
    if (refusal instanceof Refused && refusal.errors.booking?.[0]?.key === 'check_order_not_found')
      throw refuse('email', 'booking_access_wrong_email');
    throw refusal;
  }
}
