import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';

/** The profile as the site shows and caches it (`GET /api/profile`'s `data`, the session store, My account). */
export interface Profile {
  fullName: string;
  email: string;
  phone: string;
  gender: 'male' | 'female' | '';
  dateOfBirth: string;
  nationality: string;
}

export async function profileOf(db: Database, userId: string): Promise<Profile | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  return {
    fullName: user.fullName,
    email: user.email,
    phone: user.phone ?? '',
    gender: user.gender ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    nationality: user.nationality ?? '',
  };
}
