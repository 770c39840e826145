import { and, asc, eq, gt, gte, inArray, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import {
  lastTravelDate,
  passportErasureDue,
  passportsKeptFrom,
  type BookedLeg,
} from '../../domain/retention.ts';
import type { Database } from '../db/client.ts';
import { bookingLegs, bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { sailings } from '../db/schema/network.ts';
import { tickets } from '../db/schema/payments.ts';

const BATCH = 500;

interface Candidate {
  id: string;
  createdAt: Date;
}

/**
 * Bookings after `after` (by id) that still keep passports and may be due: made before the kept-from day, and on
 * no sailing departing on or after it. Open legs are decided by `dueOf`, since their last day is a rule of the
 * ticket's validity. The partial index on kept passports makes this read as long as the kept bookings, not the
 * whole history.
 */
async function candidatesAfter(db: Database, after: string, keptFrom: Date, batch: number) {
  const laterSailing = db
    .select({ one: sql`1` })
    .from(bookingLegs)
    .innerJoin(sailings, eq(sailings.id, bookingLegs.sailingId))
    .where(and(eq(bookingLegs.bookingId, bookingPassengers.bookingId), gte(sailings.departsAt, keptFrom)));
  return db
    .selectDistinct({ id: bookingPassengers.bookingId, createdAt: bookings.createdAt })
    .from(bookingPassengers)
    .innerJoin(bookings, eq(bookings.id, bookingPassengers.bookingId))
    .where(
      and(
        isNotNull(bookingPassengers.passportNumber),
        gt(bookingPassengers.bookingId, after),
        lt(bookings.createdAt, keptFrom),
        notExists(laterSailing),
      ),
    )
    .orderBy(asc(bookingPassengers.bookingId))
    .limit(batch);
}

/** The candidates whose last travel date (domain/retention.ts) is before the kept-from day. */
async function dueOf(db: Database, candidates: readonly Candidate[], now: Date): Promise<string[]> {
  const ids = candidates.map((candidate) => candidate.id);
  const legs = await db
    .select({
      bookingId: bookingLegs.bookingId,
      leg: bookingLegs.leg,
      segment: bookingLegs.segment,
      departsAt: sailings.departsAt,
    })
    .from(bookingLegs)
    .leftJoin(sailings, eq(sailings.id, bookingLegs.sailingId))
    .where(inArray(bookingLegs.bookingId, ids));
  const issued = await db
    .select({
      bookingId: tickets.bookingId,
      leg: tickets.leg,
      segment: tickets.segment,
      at: tickets.issuedAt,
    })
    .from(tickets)
    .where(inArray(tickets.bookingId, ids));
  return candidates
    .filter((booking) => {
      const booked = legs
        .filter((leg) => leg.bookingId === booking.id)
        .map((leg): BookedLeg => {
          if (leg.departsAt) return { departsAt: leg.departsAt };
          // An open leg runs from its tickets' issue (the latest, should one be issued again); unpaid, from the
          // booking's making, which is earlier than any issue could have been.
          const own = issued.filter(
            (t) => t.bookingId === booking.id && t.leg === leg.leg && t.segment === leg.segment,
          );
          const since = own.reduce((latest, t) => (t.at > latest ? t.at : latest), booking.createdAt);
          return { openSince: since };
        });
      return passportErasureDue(lastTravelDate(booking.createdAt, booked), now);
    })
    .map((booking) => booking.id);
}

/**
 * Erases the passport numbers and dates of bookings 90 days past their last travel date (the privacy policy's
 * promise; the number lives in domain/retention.ts). Name, date of birth, issuing country, nationality and the
 * tickets stay: the booking and payment records are kept 10 years. One UPDATE per batch that re-checks
 * `passport_number is not null`, so several processes running it at once, or one running it twice, erase each
 * passenger once and change nothing more. Returns how many passengers it erased.
 */
export async function erasePassports(db: Database, now: Date, batch = BATCH): Promise<number> {
  const kept = passportsKeptFrom(now);
  let erased = 0;
  for (let after = ''; ;) {
    const candidates = await candidatesAfter(db, after, kept.from, batch);
    const due = candidates.length > 0 ? await dueOf(db, candidates, now) : [];
    if (due.length > 0) {
      const rows = await db
        .update(bookingPassengers)
        .set({ passportNumber: null, passportIssued: null, passportExpiry: null, passportErasedAt: now })
        .where(and(inArray(bookingPassengers.bookingId, due), isNotNull(bookingPassengers.passportNumber)))
        .returning({ bookingId: bookingPassengers.bookingId });
      erased += rows.length;
    }
    const last = candidates.at(-1);
    if (!last || candidates.length < batch) return erased;
    after = last.id;
  }
}
