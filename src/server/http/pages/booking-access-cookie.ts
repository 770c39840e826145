import type { AccessAction } from '../../../domain/booking-access.ts';
import { localizePath, type Locale } from '../../../i18n/locales.ts';
import { BOOKING_ACCESS_COOKIE, grantsInCookie } from '../../auth/booking-access.ts';
import { HOLD_COOKIE } from '../../auth/browser-effects.ts';
import type { CookieJar } from '../../auth/browser-session.ts';
import { isSameOrigin } from '../same-origin.ts';
import type { BookingAccess } from '../../use-cases/context.ts';

/**
 * A browser's proof of bookings (domain/booking-access.ts) lives in one HttpOnly, SameSite=Lax cookie of signed
 * grants (kept by `ctx.session.keepGrant`, auth/browser-effects.ts): a form post from another site carries none, and
 * pages refuse cross-site posts besides (submitForm).
 */

/** What this browser proves: its grants, and the hold it made last (whose details it may make an account's). */
export function browserAccess(jar: CookieJar): BookingAccess {
  return { grants: grantsInCookie(jar.get(BOOKING_ACCESS_COOKIE)), heldHere: jar.get(HOLD_COOKIE) };
}

/** Where each action is done, once the booking is proven: its task page, or My booking for an attached one. */
export function taskPath(bookingId: string, action: AccessAction, locale: Locale): string {
  const pages = { cancel: '/cancellation', reschedule: '/reschedule', claim: '/claim', manage: '' } as const;
  return localizePath(
    action === 'attach' ? `/my-booking/${bookingId}` : `/booking/${bookingId}${pages[action]}`,
    locale,
  );
}

/**
 * What a page's cookies prove (grants, a login) counts for a post only when the browser says it comes from this
 * origin (Origin or Sec-Fetch-Site), as for the API's cookie-authenticated changes. SameSite cookies and
 * submitForm's cross-site check keep other sites out already; this also leaves out a post that names no origin.
 */
export function cookiesCount(request: Request): boolean {
  return request.method === 'GET' || request.method === 'HEAD' || isSameOrigin(request);
}

/** The booking's verify page, asked on the way to `action`'s page (or to My booking, to attach it). */
export function verifyPath(bookingId: string, action: AccessAction, locale: Locale): string {
  return `${localizePath(`/booking/${bookingId}/verify`, locale)}?for=${action}`;
}
