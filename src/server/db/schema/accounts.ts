import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * The applications allowed to ask for tokens (`POST /oauth/token`): the web app itself (seeded by `npm start`) and
 * any later client. Only a hash of each secret is kept.
 */
export const oauthClients = pgTable('oauth_clients', {
  id: varchar('id', { length: 64 }).primaryKey(),
  name: text('name').notNull(),
  /** SHA-256 (hex) of the client secret: secrets are long random strings, so a fast hash is enough. */
  secretHash: varchar('secret_hash', { length: 64 }).notNull(),
  /** The grants this client may use: `client_credentials`, `password`, `refresh_token`. */
  grants: text('grants').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An account holder. The e-mail is kept lower-cased, so one address is one account whatever its case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 254 }).notNull().unique(),
    fullName: text('full_name').notNull(),
    phone: varchar('phone', { length: 32 }),
    /** argon2id (PHC string); empty for an account made through Google until it sets a password. */
    passwordHash: text('password_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/**
 * Issued tokens, by the SHA-256 of their value (a token is 256 random bits: the hash is as good as the secret, and
 * a database dump leaks none). A refresh token belongs to a family: the one issued at login and every token it
 * rotated into. Using a rotated (revoked) refresh token again revokes the whole family (RFC 6819 5.2.2.3): whoever
 * stole it and whoever still holds the newest one are both signed out.
 */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    accessTokenHash: varchar('access_token_hash', { length: 64 }).primaryKey(),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }).notNull(),
    refreshTokenHash: varchar('refresh_token_hash', { length: 64 }).unique(),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    /** The login this token descends from; null for client tokens. */
    family: uuid('family'),
    clientId: varchar('client_id', { length: 64 })
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    /** Null for a client-credentials token (the application itself). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Set when logged out, rotated (its refresh token used) or revoked with its family. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('oauth_tokens_family_idx').on(t.family),
    index('oauth_tokens_user_idx').on(t.userId),
    check('oauth_tokens_family_of_users', sql`(${t.userId} is null) = (${t.family} is null)`),
  ],
);
