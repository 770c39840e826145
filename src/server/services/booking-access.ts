import { eq } from 'drizzle-orm';
import { accessNeeded, maskedEmail, type AccessAction } from '../../domain/booking-access.ts';
import { bookings } from '../db/schema/bookings.ts';
import { refuse } from '../validation-errors.ts';
import type { UseCaseContext } from '../use-cases/context.ts';
import { ownsBooking } from './account-bookings.ts';
import type { BookingView } from './booking-view.ts';

type AccessContext = Pick<UseCaseContext, 'db' | 'actor' | 'access' | 'linkSecret' | 'clock' | 'auth'>;

/**
 * Whether the request proves the booking for `action` (domain/booking-access.ts): a grant of the strength the
 * action needs (from the code and contact e-mail, or the e-mailed one-time code), or the logged-in owner.
 */
export async function bookingAccessFor(
  ctx: AccessContext,
  bookingId: string,
  action: AccessAction,
): Promise<'granted' | 'refused' | 'unknown'> {
  const [booking] = await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return 'unknown';
  if (ctx.auth.grantsProve(ctx.linkSecret(), ctx.access.grants, bookingId, accessNeeded[action], ctx.clock()))
    return 'granted';
  if (ctx.actor.kind === 'account' && (await ownsBooking(ctx.db, ctx.actor.userId, bookingId)))
    return 'granted';
  return 'refused';
}

/**
 * Refuses (403) an action on a booking the request does not prove; an unknown booking is not found (404), as
 * before. Checked before the action's locks: nothing is held meanwhile.
 */
export async function assertBookingAccess(
  ctx: AccessContext,
  bookingId: string,
  action: AccessAction,
): Promise<void> {
  const access = await bookingAccessFor(ctx, bookingId, action);
  if (access === 'unknown') throw refuse('booking', 'api_booking_not_found');
  if (access === 'refused') throw refuse('booking', 'booking_access_required');
}

/**
 * A booking as its link shows it: its contact address masked once the hold is over, since that address (with the
 * code every booking page shows) is what proves the booking for a change. While held, the booking flow on any device
 * resumes with the details saved so far.
 */
export function linkView(view: BookingView): BookingView {
  if (view.status === 'held' || !view.contact) return view;
  return { ...view, contact: { ...view.contact, email: maskedEmail(view.contact.email) } };
}
