import { and, desc, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import { bookingShelf, type BookingShelf } from '../../domain/booking-shelf.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { bookings } from '../db/schema/bookings.ts';
import type { Network } from '../network.ts';
import { bookingView, type BookingView } from './booking-view.ts';

/** How many bookings My booking lists (newest first): years of a frequent traveller's trips. */
export const MY_BOOKINGS_LIMIT = 100;

/**
 * The bookings an account sees and acts on as their owner: those made or attached while logged in, and those a guest
 * made with the account's address once the address is proven the account's own (users.addressProvenAt: the
 * booking's e-mails went to that mailbox all along). Not a hold left without contact.
 */
async function ownership(db: Pick<Database, 'select'>, userId: string): Promise<SQL | undefined> {
  const address = await provenAddressOf(db, userId);
  const byAccount = eq(bookings.userId, userId);
  // Both addresses are stored lower-cased: a plain comparison the index on contact_email serves.
  return address ? or(byAccount, eq(bookings.contactEmail, address)) : byAccount;
}

/** The account's address once it is proven its own (users.addressProvenAt), lower-cased; else undefined. */
export async function provenAddressOf(
  db: Pick<Database, 'select'>,
  userId: string,
): Promise<string | undefined> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.addressProvenAt)));
  return user?.email;
}

/** Whether this account owns the booking (as `ownership` says). */
export async function ownsBooking(
  db: Pick<Database, 'select'>,
  userId: string,
  bookingId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), await ownership(db, userId)));
  return row !== undefined;
}

export interface ShelvedBooking {
  view: BookingView;
  shelf: BookingShelf;
}

/** The account's bookings, newest first, each read in the reader's language and put on its shelf at `now`. */
export async function accountBookings(
  db: Database,
  network: Network,
  userId: string,
  locale: Locale,
  now: Date,
): Promise<ShelvedBooking[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(await ownership(db, userId), isNotNull(bookings.contactEmail)))
    .orderBy(desc(bookings.createdAt))
    .limit(MY_BOOKINGS_LIMIT);
  const views = await Promise.all(rows.map((row) => bookingView(db, network, row.id, locale)));
  return views.flatMap((view) => (view ? [{ view, shelf: shelfOf(view, now) }] : []));
}

/** One of the account's bookings by id; undefined for another's (the page then answers 404, as for none). */
export async function accountBooking(
  db: Database,
  network: Network,
  userId: string,
  bookingId: string,
  locale: Locale,
): Promise<BookingView | undefined> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), await ownership(db, userId)));
  return row ? bookingView(db, network, row.id, locale) : undefined;
}

export function shelfOf(view: BookingView, now: Date): BookingShelf {
  const departs = (leg: number, segment: number) => {
    const at = view.legs.find((l) => l.leg === leg && l.segment === segment)?.departsAt;
    return at ? new Date(at) : undefined;
  };
  return bookingShelf(
    {
      status: view.status,
      expiresAt: view.expiresAt,
      tickets: view.passengers.flatMap((p) =>
        p.tickets.map((ticket) => ({
          status: ticket.status,
          departsAt: departs(ticket.leg, ticket.segment),
        })),
      ),
    },
    now,
  );
}
