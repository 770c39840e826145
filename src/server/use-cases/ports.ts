import type { AccessGrant, AccessStrength } from '../../domain/booking-access.ts';
import type { Database } from '../db/client.ts';
import type { accountLinkPurposes, accountLinks } from '../db/schema/accounts.ts';

/**
 * The adapters a use case asks its context for, named here (below them) so that no use case imports one: account
 * security and the staff's (auth/), pictures (images/) and the holiday calendar (calendar/). The door fills them
 * (http/use-case-ports.ts); a test may pass its own.
 */
export interface UseCasePorts {
  auth: AccountSecurity;
  staff: StaffSecurity;
  images: Pictures;
  calendar: AgencyCalendar;
}

export type AccountLinkPurpose = (typeof accountLinkPurposes)[number];
export type AccountLink = typeof accountLinks.$inferSelect;

/** Passwords, the account e-mails' single-use links, sessions and booking grants (auth/). */
export interface AccountSecurity {
  hashPassword(password: string): Promise<string>;
  passwordMatches(password: string, stored: string | null | undefined): Promise<boolean>;
  /** One of the most common passwords, refused whatever its length. */
  isCommonPassword(password: string): boolean;
  /** A new link in the caller's transaction; it ends the unused ones of its purpose. */
  issueLink(
    tx: Database,
    values: Pick<AccountLink, 'userId' | 'purpose'> &
      Partial<Pick<AccountLink, 'fullName' | 'phone' | 'passwordHash' | 'attachBookingId'>>,
    now: Date,
  ): Promise<AccountLink>;
  /** The link a token names, if this installation signed it (the database not read). */
  linkIdOf(secret: string, purpose: AccountLinkPurpose, token: string): string | undefined;
  /** Uses a link once (locked, unused, unexpired) in the caller's transaction; undefined when it cannot be. */
  useLink(
    tx: Database,
    secret: string,
    purpose: AccountLinkPurpose,
    token: string,
    now: Date,
  ): Promise<AccountLink | undefined>;
  /** Ends every unused link of the account (a new password makes them stale). */
  endLinks(tx: Database, userId: string, now: Date): Promise<void>;
  /** Ends the account's sessions, all or all but the family `keep`. */
  endAccountSessions(db: Database, userId: string, now: Date, keep?: string): Promise<void>;
  /** Ends one login and every session it refreshed into. */
  endFamily(db: Database, family: string, now: Date): Promise<void>;
  /** Whether the account has a link of this purpose still usable now. */
  hasOpenLink(tx: Database, userId: string, purpose: AccountLinkPurpose, now: Date): Promise<boolean>;
  /** A signed proof of a booking, good for an hour. */
  grantAccess(secret: string, bookingId: string, strength: AccessStrength, now: Date): AccessGrant;
  /** Whether one of the grants presented proves `bookingId` with at least the strength `needed`, now. */
  grantsProve(
    secret: string,
    presented: readonly string[],
    bookingId: string,
    needed: AccessStrength,
    now: Date,
  ): boolean;
}

/** The staff console's secrets: set-up and session tokens, the TOTP second factor, recovery codes (auth/). */
export interface StaffSecurity {
  /** A random token for a link or a cookie, and the SHA-256 the database keeps of it. */
  newToken(): { token: string; hash: string };
  hashOf(token: string): string;
  /** A set-up link's token: its random id signed with the installation's link key. */
  setUpToken(linkSecret: string, setUpId: string): string;
  /** The set-up id a token names, if this installation signed it (the database not read). */
  setUpIdOf(linkSecret: string, token: string): string | undefined;
  /** The TOTP secret (base32, 160 bits) a set-up seed gives. */
  totpSecretOf(seed: string): string;
  /** The `otpauth://` address an authenticator app scans (the set-up's QR code). */
  totpUri(secret: string, label: string): string;
  /** The 30-second step `code` belongs to, if it is good for `secret` at `now` (a step either side), else none. */
  totpStep(secret: string, code: string, now: Date): number | undefined;
  /**
   * The recovery codes a set-up seed gives: the set-up page shows them, confirming stores only their hashes, and the
   * seed goes with the session, so no stored value (not even the TOTP secret) yields them afterwards.
   */
  recoveryCodesOf(seed: string, count: number): string[];
  /** A gate device's set-up code (`K7M4-QX2P`): its random set-up id signed with the installation's link key. */
  deviceSetUpCode(linkSecret: string, setUpId: string): string;
}

/** Pictures people send (images/). */
export interface Pictures {
  /** The upload as a square WebP avatar; refuses (413, 422) what is too big or not a picture. */
  avatarWebp(upload: Uint8Array): Promise<Buffer>;
}

/** The agency's working days (calendar/). */
export interface AgencyCalendar {
  /** The day a refund requested at `now` is due: working days counted past weekends and public holidays. */
  refundDueOn(now: Date): string;
}
