import { desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { savedPassengers, users } from '../db/schema/accounts.ts';
import { bookings } from '../db/schema/bookings.ts';
import type { Network } from '../network.ts';
import { bookingView, type BookingView } from './booking-view.ts';

/**
 * Everything we hold about a traveller, gathered by their e-mail address for an access or export request (UU PDP
 * Art. 7 and 13): their account (no password hash, no tokens: secrets are not personal data to hand over, and a
 * copy must never open the account), its saved passengers, and every booking made with that contact address or
 * under the account, as its pages show it.
 */
export interface TravellerData {
  email: string;
  account: {
    email: string;
    fullName: string;
    phone: string | null;
    language: string;
    gender: string | null;
    dateOfBirth: string | null;
    nationality: string | null;
    signsInWithGoogle: boolean;
    emailConfirmedAt: Date | null;
    createdAt: Date;
  } | null;
  savedPassengers: {
    fullName: string;
    dateOfBirth: string;
    passportNumber: string;
    passportCountry: string;
    passportIssued: string;
    passportExpiry: string;
    nationality: string | null;
    sex: string | null;
  }[];
  bookings: BookingView[];
}

export async function travellerData(db: Database, network: Network, email: string): Promise<TravellerData> {
  const address = email.toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, address));
  const saved = user
    ? await db.select().from(savedPassengers).where(eq(savedPassengers.userId, user.id))
    : [];
  const found = await db
    .select({ id: bookings.id, locale: bookings.locale })
    .from(bookings)
    .where(
      or(eq(sql`lower(${bookings.contactEmail})`, address), user ? eq(bookings.userId, user.id) : undefined),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(500);
  const views = await Promise.all(
    found.map((booking) => bookingView(db, network, booking.id, booking.locale)),
  );
  return {
    email: address,
    account: user
      ? {
          email: user.email,
          fullName: user.fullName,
          phone: user.phone,
          language: user.locale,
          gender: user.gender,
          dateOfBirth: user.dateOfBirth,
          nationality: user.nationality,
          signsInWithGoogle: user.googleSubject !== null,
          emailConfirmedAt: user.emailVerifiedAt,
          createdAt: user.createdAt,
        }
      : null,
    savedPassengers: saved.map((passenger) => ({
      fullName: passenger.fullName,
      dateOfBirth: passenger.dateOfBirth,
      passportNumber: passenger.passportNumber,
      passportCountry: passenger.passportCountry,
      passportIssued: passenger.passportIssued,
      passportExpiry: passenger.passportExpiry,
      nationality: passenger.nationality,
      sex: passenger.sex,
    })),
    bookings: views.filter((view): view is BookingView => view !== undefined),
  };
}
