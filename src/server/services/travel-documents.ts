import { and, eq, sql } from 'drizzle-orm';
import type { PassportSex } from '../../domain/passengers.ts';
import type { Database } from '../db/client.ts';
import { savedPassengers } from '../db/schema/accounts.ts';
import { bookingPassengers, bookings } from '../db/schema/bookings.ts';

/** What the manifest needs beside the passport data taken at booking (schemas/travel-document.ts). */
export interface TravelDocument {
  nationality: string;
  sex: PassportSex;
}

/**
 * A booking passenger's nationality and sex kept in the account's saved passenger of the same passport (matched
 * however its number was typed): the next check-in is filled in. A guest's booking (no account) keeps nothing.
 */
export async function keepTravelDocument(
  db: Pick<Database, 'update'>,
  userId: string | null,
  passportNumber: string | null,
  document: TravelDocument,
): Promise<void> {
  if (!userId || !passportNumber) return;
  await db
    .update(savedPassengers)
    .set(document)
    .where(
      and(
        eq(savedPassengers.userId, userId),
        eq(sql`upper(${savedPassengers.passportNumber})`, passportNumber.toUpperCase()),
      ),
    );
}

/**
 * What the check-in form starts from, per passenger position: what the booking already has, else what the account's
 * saved passenger of that passport keeps, else (nationality only) the passport's issuing country, which is the
 * traveller's nationality for nearly every passport on this corridor. Sex is never guessed.
 */
export async function checkInTravelDocuments(
  db: Database,
  bookingId: string,
): Promise<Map<number, { nationality: string; sex: PassportSex | null }>> {
  const rows = await db
    .select({
      position: bookingPassengers.position,
      nationality: bookingPassengers.nationality,
      sex: bookingPassengers.sex,
      passportCountry: bookingPassengers.passportCountry,
      savedNationality: savedPassengers.nationality,
      savedSex: savedPassengers.sex,
    })
    .from(bookingPassengers)
    .innerJoin(bookings, eq(bookings.id, bookingPassengers.bookingId))
    .leftJoin(
      savedPassengers,
      and(
        sql`${savedPassengers.userId}::text = ${bookings.userId}`,
        sql`upper(${savedPassengers.passportNumber}) = upper(${bookingPassengers.passportNumber})`,
      ),
    )
    .where(eq(bookingPassengers.bookingId, bookingId));
  return new Map(
    rows.map((row) => [
      row.position,
      {
        nationality: row.nationality ?? row.savedNationality ?? row.passportCountry,
        sex: row.sex ?? row.savedSex,
      },
    ]),
  );
}

/**
 * A booking's passengers given the nationality and sex its account's saved passenger of the same passport keeps
 * (from an earlier check-in), where they have none: the manifest has them before anyone checks in.
 */
export async function copySavedTravelDocuments(
  db: Pick<Database, 'execute'>,
  bookingId: string,
  userId: string | null,
): Promise<void> {
  if (!userId) return;
  await db.execute(sql`
    update ${bookingPassengers} as bp
    set nationality = coalesce(bp.nationality, sp.nationality), sex = coalesce(bp.sex, sp.sex)
    from ${savedPassengers} as sp
    where bp.booking_id = ${bookingId}
      and sp.user_id::text = ${userId}
      and upper(sp.passport_number) = upper(bp.passport_number)
      and (sp.nationality is not null or sp.sex is not null)`);
}
