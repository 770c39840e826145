import { ACCESS_GRANT_MINUTES } from '../../domain/booking-access.ts';
import { HOLD_MINUTES, HOLD_EXTENSION_MINUTES } from '../../domain/booking-lifecycle.ts';
import { STAFF_SESSION_HOURS } from '../../domain/staff.ts';
import { linkSecretOf } from './account-links.ts';
import { BOOKING_ACCESS_COOKIE, cookieWithGrant } from './booking-access.ts';
import { logInBrowserAs, logInWithPassword } from './browser-login.ts';
import { clearSession, type CookieJar, type SessionDeps } from './browser-session.ts';
import type { BrowserSession } from '../use-cases/context.ts';

/** The cookie naming the booking this browser held last: its logged-in holder's details may make it theirs. */
export const HOLD_COOKIE = 'segara_hold';
/** As long as a hold can last, extension included. */
export const HOLD_COOKIE_SECONDS = (HOLD_MINUTES + HOLD_EXTENSION_MINUTES) * 60;

/** The staff console's session cookie: Strict (never sent from another site's link); the server ends it sooner. */
export const STAFF_COOKIE = 'segara_staff';

export type BrowserDeps = SessionDeps & { linkSecret?: () => string };

/** `ctx.session` for a browser, as its cookie jar carries it (a page's, an API call's). */
export function browserSession(jar: CookieJar, deps: BrowserDeps, request: Request): BrowserSession {
  const secure = deps.siteUrl.startsWith('https:');
  let loggedInAs: string | undefined;
  let staffToken = jar.get(STAFF_COOKIE);
  return {
    async logIn(userId) {
      await logInBrowserAs(jar, deps, userId);
      loggedInAs = userId;
    },
    async logInWithPassword(input) {
      const login = await logInWithPassword(jar, deps, request, input);
      if ('refused' in login)
        return login.refused.status === 429
          ? { refused: 'limit', message: login.refused.body.error_description }
          : { refused: 'failed' };
      loggedInAs = login.userId;
      return login;
    },
    logOut() {
      clearSession(jar, deps);
    },
    keepHold(bookingId) {
      jar.set(HOLD_COOKIE, bookingId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: HOLD_COOKIE_SECONDS,
      });
    },
    keepGrant(grant) {
      const cookie = cookieWithGrant(linkSecretOf(deps), jar.get(BOOKING_ACCESS_COOKIE), grant, deps.clock());
      jar.set(BOOKING_ACCESS_COOKIE, cookie, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: ACCESS_GRANT_MINUTES * 60,
      });
    },
    get loggedInAs() {
      return loggedInAs;
    },
    get staffToken() {
      return staffToken;
    },
    keepStaffSession(token) {
      staffToken = token;
      jar.set(STAFF_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: STAFF_SESSION_HOURS * 3600,
      });
    },
    endStaffSession() {
      staffToken = undefined;
      jar.delete(STAFF_COOKIE, { path: '/', secure });
    },
  };
}
