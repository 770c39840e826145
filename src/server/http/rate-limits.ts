import { createHash } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { readCounter, spendPoints, type Counter } from '../db/queries/rate-limit-counters.ts';
import { refuse } from '../validation-errors.ts';

export interface RateLimitSettings {
  /** Holds per address per 10 minutes. */
  holds: number;
  /** Check-order lookups per address per 15 minutes. */
  lookups: number;
  /** Wrong e-mails tried for one booking code per hour, from one address. */
  codeFailures: number;
  /** Wrong e-mails tried for one booking code per hour, from all addresses together (default 10 x codeFailures). */
  codeFailuresTotal?: number;
  /** Password logins (`POST /oauth/token`, password grant) per address per 15 minutes (default 20). */
  logins?: number;
  /** Password logins for one account per 15 minutes, from all addresses together (default 10). */
  loginsPerAccount?: number;
  /** Sign-ups per address per hour (default 10). */
  registrations?: number;
  /** Forgotten-password requests per address per 15 minutes (default 10). */
  recoveries?: number;
  /** Account e-mails (confirm, reset) asked for one address per hour, from anywhere (default 5): no mail bombing. */
  accountMails?: number;
  /** Profile pictures one account may upload per hour (default 20): each one is decoded and encoded again. */
  pictures?: number;
  /**
   * Wrong one-time codes typed for one booking per day, from anywhere, across its codes (default 10): each code
   * allows 5 tries and a new one can be asked for, so without this a patient guesser would get through in time.
   */
  accessCodeFailures?: number;
}

/**
 * One limit: `take` spends a point for `key` and refuses (429, localized) once the window's points are spent;
 * `check` refuses a key that is already spent without spending (a code locked after too many wrong e-mails).
 */
export interface Limit {
  take: (key: string) => Promise<void>;
  check: (key: string) => Promise<void>;
}

export interface RateLimits {
  holds: Limit;
  lookups: Limit;
  /** Keyed `code` + address: a stranger's wrong guesses lock only the stranger out. */
  codeFailures: Limit;
  /** Keyed by code alone, with a higher ceiling: many addresses guessing one code still meet a limit. */
  codeFailuresTotal: Limit;
  /** Password guessing: per address, and per account (many addresses guessing one account still meet a limit). */
  logins: Limit;
  loginsPerAccount: Limit;
  /** Sign-ups and recoveries per client address; the e-mails they send per e-mail address. */
  registrations: Limit;
  recoveries: Limit;
  accountMails: Limit;
  pictures: Limit;
  /** Keyed by booking id: wrong one-time codes a day (domain/booking-access.ts). */
  accessCodeFailures: Limit;
}

function tooMany(msBeforeNext: number) {
  return refuse('limit', 'api_rate_limited', { minutes: Math.max(1, Math.ceil(msBeforeNext / 60_000)) });
}

/**
 * A counter's key as stored: a SHA-256 of what it counts (an address, an e-mail, a booking code), so any key fits
 * the column (an e-mail may be 254 characters, and the prefix comes on top) and a NUL byte never reaches the
 * database. (A hash of an address or an e-mail can be found again by trying candidates: it is not anonymous.)
 */
function stored(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** Milliseconds until a counter's window ends (none: at once). */
function msBeforeNext(counter: Counter, at: Date): number {
  return counter.expire ? Math.max(counter.expire.getTime() - at.getTime(), 0) : 0;
}

/**
 * A limit on counters in the database (rate_limits), so every process shares them; each key is stored as
 * `prefix:hash`, as rate-limiter-flexible's Drizzle store kept it before (its counters count on after an update).
 * Its two statements are prepared once (db/queries/rate-limit-counters.ts), where that store built its upsert with
 * Drizzle at every call, and ran a clean-up timer per limit in every process beside ours (jobs/clear-attempt-records.ts).
 */
function limit(database: () => Promise<Database>, prefix: string, points: number, seconds: number): Limit {
  const keyOf = (key: string) => `${prefix}:${stored(key)}`;
  return {
    take: async (key) => {
      const at = new Date();
      const counter = await spendPoints(await database(), keyOf(key), 1, seconds, at);
      if (counter.points > points) throw tooMany(msBeforeNext(counter, at));
    },
    check: async (key) => {
      const at = new Date();
      const counter = await readCounter(await database(), keyOf(key), at);
      if (counter && counter.points >= points) throw tooMany(msBeforeNext(counter, at));
    },
  };
}

/**
 * The limits of the site: holding seats, finding a booking by code and e-mail (per address, per code), and logging
 * in with a password (per address, per account), signing up and recovering a password (per address, and the
 * e-mails they send per e-mail address).
 */
export function createRateLimits(database: () => Promise<Database>, settings: RateLimitSettings): RateLimits {
  return {
    holds: limit(database, 'hold-ip', settings.holds, 10 * 60),
    lookups: limit(database, 'lookup-ip', settings.lookups, 15 * 60),
    codeFailures: limit(database, 'lookup-code-ip', settings.codeFailures, 60 * 60),
    codeFailuresTotal: limit(
      database,
      'lookup-code',
      settings.codeFailuresTotal ?? settings.codeFailures * 10,
      60 * 60,
    ),
    logins: limit(database, 'login-ip', settings.logins ?? 20, 15 * 60),
    loginsPerAccount: limit(database, 'login-account', settings.loginsPerAccount ?? 10, 15 * 60),
    registrations: limit(database, 'register-ip', settings.registrations ?? 10, 60 * 60),
    recoveries: limit(database, 'recovery-ip', settings.recoveries ?? 10, 15 * 60),
    accountMails: limit(database, 'account-mail', settings.accountMails ?? 5, 60 * 60),
    pictures: limit(database, 'avatar-account', settings.pictures ?? 20, 60 * 60),
    accessCodeFailures: limit(database, 'access-code', settings.accessCodeFailures ?? 10, 24 * 60 * 60),
  };
}
