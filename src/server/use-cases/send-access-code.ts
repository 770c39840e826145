import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { maskedEmail } from '../../domain/booking-access.ts';
import { issueAccessCode } from '../db/queries/access-codes.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { bookings } from '../db/schema/bookings.ts';
import { refuse } from '../validation-errors.ts';
import { localizePath } from '../../i18n/locales.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

export interface AccessCodeSent {
  /** Where it went, masked: whoever asks has only the link, not the address. */
  sentTo: string;
  expiresAt: Date;
}

/**
 * E-mails a one-time code to the booking's contact address (domain/booking-access.ts), replacing any earlier code.
 * Limited per booking (a mailbox is not flooded from a leaked link) and per client address.
 */
async function run(ctx: UseCaseContext, input: { bookingId: string }): Promise<AccessCodeSent> {
  const [booking] = await ctx.db
    .select({ contactEmail: bookings.contactEmail })
    .from(bookings)
    .where(eq(bookings.id, input.bookingId));
  if (!booking) throw refuse('booking', 'api_booking_not_found');
  if (!booking.contactEmail) throw refuse('booking', 'booking_access_no_contact');
  await ctx.rateLimits.lookups.take(ctx.address);
  await ctx.rateLimits.accountMails.take(`booking-access:${input.bookingId}`);
  const expiresAt = await ctx.db.transaction(async (tx) => {
    const ends = await issueAccessCode(tx, input.bookingId, ctx.clock());
    await queueCurrentStateMail(tx, input.bookingId, 'access_code');
    return ends;
  });
  ctx.afterCommit(ctx.wakeMail);
  return { sentTo: maskedEmail(booking.contactEmail), expiresAt };
}

export const sendAccessCode = defineUseCase({
  name: 'send-access-code',
  input: z.object({}),
  address: bookingAddress,
  run,
  route: {
    method: 'POST',
    path: '/bookings/:id/access-code',
    caller: 'guest',
    status: 202,
    answer: (sent) => ({ sentTo: sent.sentTo, expiresAt: sent.expiresAt.toISOString() }),
  },
  // The verify page names its own next step (the code's field, for the task it was opened for).
  form: {
    next: (_sent, ctx, input) => `${localizePath(`/booking/${input.bookingId}/verify`, ctx.locale)}?sent`,
  },
  refusals: [404, 409, 429],
});
