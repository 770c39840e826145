import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { oauthTokens } from '../db/schema/accounts.ts';
import { tokenHash } from './tokens.ts';

/**
 * Log out: the session the access token belongs to ends, with every token rotated from the same login (its
 * family), so neither the access token nor any refresh token of that login works again. Other logins (another
 * device) stay signed in. Logging out twice changes nothing.
 */
export async function endSession(db: Database, accessToken: string, now: Date): Promise<void> {
  const family = await sessionFamily(db, accessToken);
  if (family) await endFamily(db, family, now);
}

/** Ends one login: every token of its family (the access and refresh tokens it rotated through). */
export async function endFamily(db: Database, family: string, now: Date): Promise<void> {
  await db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.family, family), isNull(oauthTokens.revokedAt)));
}

/**
 * Ends every session of an account (a new password: whoever knew the old one is signed out), or every one but the
 * family `keep` (a password changed from this session stays signed in here).
 */
export async function endAccountSessions(
  db: Database,
  userId: string,
  now: Date,
  keep?: string,
): Promise<void> {
  await db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(oauthTokens.userId, userId),
        isNull(oauthTokens.revokedAt),
        keep ? ne(oauthTokens.family, keep) : undefined,
      ),
    );
}

/** The login (token family) an access token belongs to. */
export async function sessionFamily(db: Database, accessToken: string): Promise<string | undefined> {
  const [row] = await db
    .select({ family: oauthTokens.family })
    .from(oauthTokens)
    .where(eq(oauthTokens.accessTokenHash, tokenHash(accessToken)));
  return row?.family ?? undefined;
}
