import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { staffRoles } from '../../../domain/staff.ts';

/**
 * The agency's staff: accounts of their own, apart from travellers' (no Google sign-in, no traveller reset can reach
 * them). Created by `npm run ops -- staff-add`, which prints a one-time set-up link; the password follows the
 * accounts' rules and a TOTP second factor is set up at the first sign-in.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; one member per address. */
    email: text('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    /** argon2id; none until the set-up link is used. */
    passwordHash: text('password_hash'),
    /** The TOTP secret (base32), set when a code from it confirmed the set-up (staff_sessions.enrol_seed). */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code is good once, so no step at or before it is. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * The set-up link's random id, until it is used or runs out: the link's token is this id signed with the
     * installation's link key (auth/staff-security.ts), so the database alone makes no link, and the console can
     * show an admin the link of a member who has not set up yet.
     */
    setUpId: text('set_up_id').unique(),
    setUpExpiresAt: timestamp('set_up_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    check('staff_members_email_lower', sql`${t.email} = lower(${t.email})`),
    check('staff_members_role_known', sql`${t.role} in ('agent', 'admin')`),
  ],
);

/** One-use codes for a lost phone: SHA-256 of each, used once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/**
 * A staff browser's session, by the SHA-256 of its cookie's token: first at the `password` stage (the second factor
 * next, 5 minutes), then `signed_in` (8 hours, 30 minutes idle: domain/staff.ts).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['password', 'signed_in'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /**
     * A member without a second factor: the random seed of the one this sign-in offers (its secret and recovery
     * codes are derived from it, auth/staff-security.ts). Each sign-in offers a new one, and it becomes the member's
     * only when a code from it is typed, so an earlier look at a set-up page is worth nothing later.
     */
    enrolSeed: text('enrol_seed'),
    /** Wrong second-factor codes typed in this session: the fifth ends it (sign in again). */
    failures: smallint('failures').notNull().default(0),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    check('staff_sessions_stage_known', sql`${t.stage} in ('password', 'signed_in')`),
  ],
);
