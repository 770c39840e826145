import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { savedPassengers } from '../db/schema/accounts.ts';

/** One saved passenger as the Passenger list, its form and the booking flow's picker show it. */
export interface SavedPassenger {
  id: string;
  fullName: string;
  dateOfBirth: string;
  passportNumber: string;
  passportIssued: string;
  passportExpiry: string;
  passportCountry: string;
}

/** The account's saved passengers, by name. */
export async function savedPassengersOf(db: Database, userId: string): Promise<SavedPassenger[]> {
  return db
    .select({
      id: savedPassengers.id,
      fullName: savedPassengers.fullName,
      dateOfBirth: savedPassengers.dateOfBirth,
      passportNumber: savedPassengers.passportNumber,
      passportIssued: savedPassengers.passportIssued,
      passportExpiry: savedPassengers.passportExpiry,
      passportCountry: savedPassengers.passportCountry,
    })
    .from(savedPassengers)
    .where(eq(savedPassengers.userId, userId))
    .orderBy(asc(savedPassengers.fullName), asc(savedPassengers.createdAt));
}
