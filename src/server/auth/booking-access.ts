import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ACCESS_GRANT_MINUTES,
  accessSuffices,
  type AccessGrant,
  type AccessStrength,
} from '../../domain/booking-access.ts';
import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';

/**
 * Proof of a booking, carried between requests (domain/booking-access.ts). A grant is signed with the
 * installation's link secret and names the booking, its strength and its end: `{id}.{c|m}.{epoch s}.{HMAC}`. A
 * browser keeps its grants in an HttpOnly cookie; an API client sends one in `X-Booking-Access`. Nothing is stored:
 * a grant simply ends with its minutes.
 */
export const BOOKING_ACCESS_COOKIE = 'segara_booking_access';
export const BOOKING_ACCESS_HEADER = 'X-Booking-Access';
/** A browser keeps the grants of this many bookings at most (the newest): a cookie stays well under 4 KB. */
const GRANTS_KEPT = 8;

const strengthMarks = { contact: 'c', mailbox: 'm' } as const satisfies Record<AccessStrength, string>;
const GRANT_PATTERN = /^([\w-]{24})\.([cm])\.(\d{10})\.([\w-]{43})$/;

function signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`booking-access:${body}`).digest('base64url');
}

/** A grant for `bookingId` of `strength`, good for ACCESS_GRANT_MINUTES from `now`. */
export function grantAccess(
  secret: string,
  bookingId: string,
  strength: AccessStrength,
  now: Date,
): AccessGrant {
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + ACCESS_GRANT_MINUTES * 60_000);
  const body = `${bookingId}.${strengthMarks[strength]}.${String(expiresAt.getTime() / 1000)}`;
  return { token: `${body}.${signature(secret, body)}`, bookingId, strength, expiresAt };
}

/** The grant a token is, if this installation signed it and it has not ended; never reads the database. */
export function readGrant(secret: string, token: string, now: Date): AccessGrant | undefined {
  const match = GRANT_PATTERN.exec(token.trim());
  if (!match?.[1] || !match[2] || !match[3] || !match[4]) return undefined;
  const body = `${match[1]}.${match[2]}.${match[3]}`;
  const expected = Buffer.from(signature(secret, body));
  const given = Buffer.from(match[4]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const expiresAt = new Date(Number(match[3]) * 1000);
  if (expiresAt <= now || !BOOKING_ID_PATTERN.test(match[1])) return undefined;
  return { token, bookingId: match[1], strength: match[2] === 'm' ? 'mailbox' : 'contact', expiresAt };
}

/** Whether any of the presented grants proves `bookingId` with at least `needed` strength. */
export function grantsProve(
  secret: string,
  presented: readonly string[],
  bookingId: string,
  needed: AccessStrength,
  now: Date,
): boolean {
  return presented.some((token) => {
    const grant = readGrant(secret, token, now);
    return grant?.bookingId === bookingId && accessSuffices(grant.strength, needed);
  });
}

/** The grants a cookie holds (a space-separated list; anything else in it is ignored). */
export function grantsInCookie(value: string | undefined): string[] {
  return (value ?? '').split(' ').filter((token) => GRANT_PATTERN.test(token));
}

/**
 * The cookie's grants with `grant` added: ended ones dropped, an older grant of the same booking and strength
 * replaced, the newest GRANTS_KEPT kept.
 */
export function cookieWithGrant(secret: string, value: string | undefined, grant: AccessGrant, now: Date) {
  const kept = grantsInCookie(value).filter((token) => {
    const held = readGrant(secret, token, now);
    return held && (held.bookingId !== grant.bookingId || held.strength !== grant.strength);
  });
  return [...kept, grant.token].slice(-GRANTS_KEPT).join(' ');
}
