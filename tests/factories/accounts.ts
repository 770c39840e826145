import { hashPassword } from '../../src/server/auth/passwords.ts';
import type { Database } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/accounts.ts';

export const ACCOUNT_PASSWORD = 'Kapal-Feri-2026!';

/** An account whose address is confirmed (it can log in with `password`). */
export async function confirmedAccount(
  db: Database,
  fields: { email: string; fullName?: string; password?: string; locale?: 'en' | 'id'; at?: Date },
): Promise<{ id: string; email: string }> {
  const [user] = await db
    .insert(users)
    .values({
      email: fields.email.toLowerCase(),
      fullName: fields.fullName ?? 'Bayu Santoso',
      phone: '+6281234567890',
      passwordHash: await hashPassword(fields.password ?? ACCOUNT_PASSWORD),
      emailVerifiedAt: fields.at ?? new Date('2026-11-01T00:00:00Z'),
      addressProvenAt: fields.at ?? new Date('2026-11-01T00:00:00Z'),
      locale: fields.locale ?? 'en',
    })
    .returning({ id: users.id, email: users.email });
  if (!user) throw new Error('account not created');
  return user;
}
