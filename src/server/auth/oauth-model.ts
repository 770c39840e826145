import { randomUUID } from 'node:crypto';
import type OAuth2Server from '@node-oauth/oauth2-server';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { oauthClients, oauthTokens, users } from '../db/schema/accounts.ts';
import { passwordMatches } from './passwords.ts';
import { newToken, secretMatches, tokenHash } from './tokens.ts';

/** An access token lives an hour; a refresh token 30 days (each refresh rotates it). */
export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
/**
 * A refresh token rotated this recently and presented again is a race of one browser's own requests (two tabs, a
 * double click after the access token lapsed), not a stolen copy: refused, without signing the family out.
 */
export const ROTATION_GRACE_MS = 30_000;

/** Whether a token row was rotated (not revoked) within the grace period before `now`. */
export function rotatedJustNow(row: { rotatedAt: Date | null }, now: Date): boolean {
  return row.rotatedAt !== null && now.getTime() - row.rotatedAt.getTime() < ROTATION_GRACE_MS;
}

/** The user as the grants carry it: the refresh grant adds the family its token belongs to. */
interface GrantUser {
  id: string | null;
  family?: string;
}

/**
 * What `@node-oauth/oauth2-server` asks of storage, over our tables: clients by id and secret hash, users by e-mail
 * and argon2id, tokens by their SHA-256 only (the library hands the plain values over; they are never stored).
 * Refresh tokens rotate; presenting one already rotated revokes its whole family (the thief's copy and the owner's
 * newest alike), and the grant then fails with `invalid_grant`.
 */
export function oauthModel(db: Database, clock: () => Date) {
  return {
    generateAccessToken: () => Promise.resolve(newToken()),
    generateRefreshToken: () => Promise.resolve(newToken()),

    async getClient(clientId: string, clientSecret: string | null): Promise<OAuth2Server.Client | false> {
      if (!clientId || clientId.length > 64) return false;
      const [client] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId));
      // Every grant here authenticates the client: a missing or wrong secret is `invalid_client`.
      if (!client || !clientSecret || !secretMatches(clientSecret, client.secretHash)) return false;
      return { id: client.id, grants: client.grants };
    },

    async getUser(username: string, password: string): Promise<GrantUser | false> {
      const email = username.trim().toLowerCase();
      const [user] = email.length <= 254 ? await db.select().from(users).where(eq(users.email, email)) : [];
      // The same work for an unknown address as for a wrong password (passwords.ts): no account enumeration.
      // A password login waits until the address is proven (the sign-up's link opened).
      return (await passwordMatches(password, user?.passwordHash)) && user?.emailVerifiedAt
        ? { id: user.id }
        : false;
    },

    /** client_credentials: the token stands for the application itself, no user. */
    getUserFromClient: (): Promise<GrantUser> => Promise.resolve({ id: null }),

    async saveToken(
      token: OAuth2Server.Token,
      client: OAuth2Server.Client,
      user: GrantUser,
    ): Promise<OAuth2Server.Token> {
      // Lifetimes from our clock (the library reads the system's), so tests and the server agree on expiry.
      const now = clock();
      const accessTokenExpiresAt = new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000);
      const refreshTokenExpiresAt = token.refreshToken
        ? new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000)
        : undefined;
      await db.insert(oauthTokens).values({
        accessTokenHash: tokenHash(token.accessToken),
        accessTokenExpiresAt,
        refreshTokenHash: token.refreshToken ? tokenHash(token.refreshToken) : null,
        refreshTokenExpiresAt: refreshTokenExpiresAt ?? null,
        // A login starts a family; a refresh continues the family of the token it rotated.
        family: user.id ? (user.family ?? randomUUID()) : null,
        clientId: client.id,
        userId: user.id,
        createdAt: now,
      });
      return {
        ...token,
        accessTokenExpiresAt,
        ...(refreshTokenExpiresAt ? { refreshTokenExpiresAt } : {}),
        client,
        user,
      };
    },

    async getRefreshToken(refreshToken: string): Promise<OAuth2Server.RefreshToken | false> {
      const [row] = await db
        .select()
        .from(oauthTokens)
        .where(eq(oauthTokens.refreshTokenHash, tokenHash(refreshToken)));
      if (!row?.refreshTokenHash || !row.userId || !row.family) return false;
      if (row.revokedAt) {
        if (rotatedJustNow(row, clock())) return false;
        // Replayed after rotation: someone else holds this family's newest token. Sign them all out.
        await db
          .update(oauthTokens)
          .set({ revokedAt: clock() })
          .where(and(eq(oauthTokens.family, row.family), isNull(oauthTokens.revokedAt)));
        return false;
      }
      const [client] = await db.select().from(oauthClients).where(eq(oauthClients.id, row.clientId));
      if (!client) return false;
      return {
        refreshToken,
        ...(row.refreshTokenExpiresAt ? { refreshTokenExpiresAt: row.refreshTokenExpiresAt } : {}),
        client: { id: client.id, grants: client.grants },
        user: { id: row.userId, family: row.family } satisfies GrantUser,
      };
    },

    /** Rotation: the used refresh token (and its access token) stop working; its row stays, to catch a replay. */
    async revokeToken(token: OAuth2Server.RefreshToken): Promise<boolean> {
      const revoked = await db
        .update(oauthTokens)
        .set({ revokedAt: clock(), rotatedAt: clock() })
        .where(
          and(eq(oauthTokens.refreshTokenHash, tokenHash(token.refreshToken)), isNull(oauthTokens.revokedAt)),
        )
        .returning({ hash: oauthTokens.accessTokenHash });
      // Two refreshes racing with one token: only the first revokes it; the second fails as a replay would.
      return revoked.length > 0;
    },

    async getAccessToken(accessToken: string): Promise<OAuth2Server.Token | false> {
      const found = await tokenHolder(db, accessToken, clock());
      return found
        ? {
            accessToken,
            accessTokenExpiresAt: found.expiresAt,
            client: { id: found.clientId, grants: [] },
            user: { id: found.userId },
          }
        : false;
    },

    verifyScope: () => Promise.resolve(true),
  };
}

/** Who an access token stands for, if it is ours, unexpired and not revoked: a user, or a client alone. */
export async function tokenHolder(db: Database, accessToken: string, now: Date) {
  if (!accessToken || accessToken.length > 128) return undefined;
  const [row] = await db
    .select()
    .from(oauthTokens)
    .where(eq(oauthTokens.accessTokenHash, tokenHash(accessToken)));
  if (!row || row.revokedAt || row.accessTokenExpiresAt <= now) return undefined;
  return { clientId: row.clientId, userId: row.userId, expiresAt: row.accessTokenExpiresAt };
}
