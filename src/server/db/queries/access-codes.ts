import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ACCESS_CODE_MINUTES, ACCESS_CODE_TRIES, accessCodeOf } from '../../../domain/booking-access.ts';
import type { Database } from '../client.ts';
import { bookingAccessCodes } from '../schema/bookings.ts';

/** The one-time code a stored nonce stands for (booking_access_codes): the database alone can make none. */
export function accessCodeFor(secret: string, nonce: string): string {
  return accessCodeOf(createHmac('sha256', secret).update(`booking-access-code:${nonce}`).digest());
}

/** The booking's code that can still be typed at `now`: the newest, unused, unexpired, with tries left. */
function liveCode(bookingId: string, now: Date) {
  return and(
    eq(bookingAccessCodes.bookingId, bookingId),
    isNull(bookingAccessCodes.usedAt),
    gt(bookingAccessCodes.expiresAt, now),
    lt(bookingAccessCodes.attempts, ACCESS_CODE_TRIES),
  );
}

/** A new one-time code for the booking, in the caller's transaction; the earlier ones end with it. */
export async function issueAccessCode(tx: Database, bookingId: string, now: Date): Promise<Date> {
  await tx
    .update(bookingAccessCodes)
    .set({ usedAt: now })
    .where(and(eq(bookingAccessCodes.bookingId, bookingId), isNull(bookingAccessCodes.usedAt)));
  const expiresAt = new Date(now.getTime() + ACCESS_CODE_MINUTES * 60_000);
  await tx
    .insert(bookingAccessCodes)
    .values({ bookingId, nonce: randomBytes(32).toString('base64url'), expiresAt, createdAt: now });
  return expiresAt;
}

/** The code the mail job sends for the booking now, or undefined once it cannot be used any more. */
export async function codeToSend(
  db: Database,
  secret: string,
  bookingId: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ nonce: bookingAccessCodes.nonce })
    .from(bookingAccessCodes)
    .where(liveCode(bookingId, now))
    .orderBy(desc(bookingAccessCodes.createdAt))
    .limit(1);
  return row && accessCodeFor(secret, row.nonce);
}

/**
 * Uses the booking's live code if `typed` is it: marked used, once (its row locked, so two presses cannot both use
 * it). A wrong code counts a try against it, kept even though the caller refuses.
 */
export async function useAccessCode(
  db: Database,
  secret: string,
  bookingId: string,
  typed: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bookingAccessCodes)
      .where(liveCode(bookingId, now))
      .orderBy(desc(bookingAccessCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row) return false;
    const expected = Buffer.from(accessCodeFor(secret, row.nonce));
    const given = Buffer.from(typed);
    const right = expected.length === given.length && timingSafeEqual(expected, given);
    await tx
      .update(bookingAccessCodes)
      .set(right ? { usedAt: now } : { attempts: sql`${bookingAccessCodes.attempts} + 1` })
      .where(eq(bookingAccessCodes.id, row.id));
    return right;
  });
}
