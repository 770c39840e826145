import type { Locale } from '../../i18n/locales.ts';
import type { Database } from '../db/client.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { Network } from '../network.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import type { AccessGrant } from '../../domain/booking-access.ts';
import type { StaffRole } from '../../domain/staff.ts';
import type { UseCasePorts } from './ports.ts';

/**
 * Who is acting. Guests (identified by the unguessable booking id or by code + e-mail) and payment gateways (by
 * signature), account holders (by their session) and the agency's staff (their own session). Use cases decide by this
 * what they may do.
 */
export type Actor =
  | { kind: 'guest' }
  /** `family`: the login its session descends from (a password change keeps that one signed in). */
  | { kind: 'account'; userId: string; family?: string | undefined }
  | { kind: 'gateway'; gateway: PaymentGateway['name'] }
  /** A member of the agency's staff, signed in with the second factor (domain/staff.ts: what each role may do). */
  | { kind: 'staff'; staffId: string; role: StaffRole }
  /** A phone enrolled for gate scanning (its device token): it uploads boardings, nothing else. */
  | { kind: 'device'; deviceId: string };

/**
 * What every use case runs with: one shape, built once per request by its door (http/use-case-context.ts: a JSON
 * route or a form post), so a use case never reaches for globals. Time is a clock, read when the use case decides (after its locks).
 */
export interface UseCaseContext extends UseCasePorts {
  db: Database;
  clock: () => Date;
  network: Network;
  gateway: PaymentGateway;
  paymentWindowMinutes: number;
  rateLimits: RateLimits;
  /** The sailing locks of holds and after-sales changes; off only in the concurrency tests that prove they matter. */
  lockSeats: boolean;
  /** The reader's language: of the page, or of the API request. */
  locale: Locale;
  actor: Actor;
  /** The client's address, for rate limits (through trusted proxies as configured). */
  address: string;
  /** The key that signs and checks the links of account e-mails (auth/account-links.ts) and booking grants. */
  linkSecret: () => string;
  /** What the request carries that proves a booking beyond its link (domain/booking-access.ts). */
  access: BookingAccess;
  /** The calling browser's login and cookies, as the door keeps them (auth/browser-effects.ts). */
  session: BrowserSession;
  /**
   * Runs `effect` once the use case is over (returned or refused): after its transactions have committed, so a job
   * it wakes finds what it wrote. The doors run them (`runUseCase`, http/use-case-context.ts); none restates them.
   */
  afterCommit(effect: () => void): void;
  /** Wakes the mail job: what was queued goes out now, not at the next sweep. Pass it to `afterCommit`. */
  wakeMail: () => void;
}

/**
 * What a use case may change in the browser that called it: log it in or out, remember the hold it made, keep a
 * booking's grant. A caller that is not a browser of ours (a bearer token, a client token, a job) changes nothing.
 */
export interface BrowserSession {
  /** Logs this browser in as the account (a new session, replacing any it had). */
  logIn(userId: string): Promise<void>;
  /**
   * Logs this browser in with e-mail and password (the OAuth password grant, its limits): the account, and whether
   * `attach` (a guest booking proven to this browser or the account) joined it; or why not.
   */
  logInWithPassword(input: {
    email: string;
    password: string;
    attach?: string | undefined;
  }): Promise<
    { userId: string; attached: boolean } | { refused: 'failed' } | { refused: 'limit'; message: string }
  >;
  /** Forgets this browser's login (the use case ends its tokens). */
  logOut(): void;
  /** The hold this browser made last: its logged-in holder's details may make it theirs. */
  keepHold(bookingId: string): void;
  /** A booking's proof (domain/booking-access.ts), kept for an hour. */
  keepGrant(grant: AccessGrant): void;
  /** The account this request logged the browser in as, if it did (an answer may then carry the profile). */
  readonly loggedInAs: string | undefined;
  /** The staff console's session token this browser carries (or was just given), if any. */
  readonly staffToken: string | undefined;
  /** Gives the browser a staff session's token (its own cookie, apart from travellers'). */
  keepStaffSession(token: string): void;
  /** Forgets the browser's staff session. */
  endStaffSession(): void;
}

/** Proof of bookings a request carries: its grants (auth/booking-access.ts) and the hold this browser made. */
export interface BookingAccess {
  grants: readonly string[];
  /** The booking this browser held last (its hold cookie): the one whose details it may make an account's. */
  heldHere?: string | undefined;
}
