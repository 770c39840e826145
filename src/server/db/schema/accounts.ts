import { sql } from 'drizzle-orm';
import {
  char,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { passportSexes } from '../../../domain/passengers.ts';

/** Binary data (`bytea`): node-postgres answers a Buffer, PGlite a Uint8Array; both read as a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

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
    /**
     * When the address was confirmed (a link from the e-mail, a reset, or Google saying it verified it). Password
     * logins wait for it. Guest bookings made with the address wait for `addressProvenAt` instead.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * When the address was proven to be this account's own by us (a link we e-mailed to it: sign-up, reset) or by
     * Google as its authority (Gmail, the Workspace domain): only then do guest bookings made with this address show
     * in My booking and count as the account's. Google's `email_verified` for another provider's address is not
     * enough (that address can have changed hands since), so such an account is sent our link first.
     */
    addressProvenAt: timestamp('address_proven_at', { withTimezone: true }),
    /** The language of the account's e-mails: the one the person signed up (or last changed their profile) in. */
    locale: varchar('locale', { length: 2, enum: ['en', 'id'] })
      .notNull()
      .default('en'),
    gender: text('gender', { enum: ['male', 'female'] }),
    dateOfBirth: date('date_of_birth'),
    /** ISO 3166-1 alpha-2. */
    nationality: varchar('nationality', { length: 2 }),
    /**
     * The Google account (its `sub`, which never changes) this account signs in with, once linked: later Google
     * sign-ins match it, not the e-mail address (an address can change hands; a `sub` cannot).
     */
    googleSubject: varchar('google_subject', { length: 255 }).unique(),
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
    /**
     * Set when its refresh token was used to rotate (not when logged out or revoked with its family): presented
     * again within seconds, that is two requests of one browser racing, not a thief (oauth-model.ts).
     */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('oauth_tokens_family_idx').on(t.family),
    index('oauth_tokens_user_idx').on(t.userId),
    check('oauth_tokens_family_of_users', sql`(${t.userId} is null) = (${t.family} is null)`),
  ],
);

/**
 * Why an e-mailed link exists: to prove a new account's address (a sign-up's, carrying what it chose), to set a new
 * password, or to prove the address of an account Google opened without being the address's authority. The column
 * is plain text (no database enum), so a new purpose needs no migration.
 */
export const accountLinkPurposes = ['verify_email', 'reset_password', 'prove_address'] as const;

/**
 * A single-use link sent by e-mail. The link's token is an HMAC of this row's id under the installation's link
 * secret (auth/account-links.ts): the database holds no token, so reading it (a dump, a backup) opens no account.
 * A sign-up's link carries what that sign-up chose (name, phone, password hash); they become the account's only
 * when the link is opened, so whoever registers an address they do not own gains nothing.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: accountLinkPurposes }).notNull(),
    fullName: text('full_name'),
    phone: varchar('phone', { length: 32 }),
    passwordHash: text('password_hash'),
    /** A guest booking (its id) whose "sign up" prompt led to this sign-up: it joins the account when confirmed. */
    attachBookingId: varchar('attach_booking_id', { length: 32 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_links_user_idx').on(t.userId)],
);

/**
 * The account's e-mails: confirm your address (with its link), you already have an account (a sign-up with a
 * registered address), reset your password (with its link), your password was changed, confirm the address of an
 * account made through Google (with its link). Queued in the transaction
 * that decided them and sent by the mail job, so an answer never waits on SMTP (and takes as long whether the
 * address is known or not).
 */
export const accountMailKinds = [
  'verify_email',
  'account_exists',
  'password_reset',
  'password_changed',
  'prove_address',
] as const;

export const accountMails = pgTable(
  'account_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: accountMailKinds }).notNull(),
    linkId: uuid('link_id').references(() => accountLinks.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    /** The request (or job run) that queued it last: the mail job logs under that id, and the mail carries it. */
    requestId: text('request_id'),
    /** One mark for both mail queues (db/queries/mail-queue.ts); an account mail is never queued again: it stays 0. */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_mails_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * An account's saved passengers (Passenger list): the passport fields of the booking flow's details, picked
 * in the booking flow instead of typed again. They go with the account (cascade): deleting the account
 * deletes its passports.
 */
export const savedPassengers = pgTable(
  'saved_passengers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    passportNumber: varchar('passport_number', { length: 20 }).notNull(),
    passportIssued: date('passport_issued').notNull(),
    passportExpiry: date('passport_expiry').notNull(),
    passportCountry: varchar('passport_country', { length: 2 }).notNull(),
    /** Kept from an online check-in, so the next one is already filled in (the manifest needs them). */
    nationality: char('nationality', { length: 2 }),
    sex: char('sex', { length: 1, enum: passportSexes }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_passengers_user_idx').on(t.userId),
    check('saved_passengers_passport_dates', sql`${t.passportExpiry} > ${t.passportIssued}`),
    check('saved_passengers_sex_known', sql`${t.sex} in ('F', 'M', 'X')`),
  ],
);

/**
 * An account's profile picture: a square WebP the server made from the upload (re-encoded, metadata gone), never
 * the uploaded bytes. Its own table, so reading a user never loads an image; goes with the account.
 */
export const avatars = pgTable('avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytes('image').notNull(),
  /** Also the picture's version in its address, so a new one is never taken from a cache. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
