import { atom, computed } from 'nanostores';
import { csrfToken } from './csrf.ts';
import { forgetAccountTrips } from './offline-trips.ts';
import { forgetResumePoint } from './resume.ts';
import { SESSION_EXPIRED_TIMEOUT_MS, noticeForNextPage } from './notifications.ts';

/**
 * The session as islands see it (never the tokens): whether someone is logged in, whether a logout is under
 * way, and the cached profile. The tokens themselves live in HttpOnly cookies that no page script can read;
 * this store only mirrors what the server said (`GET /api/session`, a login, a logout).
 */
export interface CachedProfile {
  fullName: string;
  email: string;
  phone: string;
  gender: string;
  dateOfBirth: string;
  nationality: string;
  /** The profile picture's address, if there is one. */
  avatarUrl?: string | null;
}

export interface SessionState {
  profile: CachedProfile | null;
  loggingOut: boolean;
}

const empty: SessionState = { profile: null, loggingOut: false };

export const SESSION_STORAGE_KEY = 'segara:session';

function stored(): SessionState {
  try {
    const value = JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as SessionState | null;
    return value && typeof value === 'object' ? value : empty;
  } catch {
    return empty;
  }
}

/**
 * Kept in this tab's session storage (gone with the tab, never in the long-lived local storage of a shared
 * computer), so every island of the tab knows at once; the cookies decide on the server.
 */
export const $session = atom<SessionState>(typeof window === 'undefined' ? empty : stored());
$session.listen((value) => {
  try {
    if (value.profile) sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage refused: the store still works for this page.
  }
});

/** Logged in: a profile is cached and no logout is under way (false as soon as a logout starts). */
export const $loggedIn = computed($session, (session) => session.profile !== null && !session.loggingOut);

// The session cookies are gone (logged out in a plain form, expired, another tab): so is the cached profile.
// (The test of islands/shared/session-hint.ts, kept here: importing it would split it into a script of its own.)
if (typeof document !== 'undefined' && !/(?:^|;\s*)segara_account=1/.test(document.cookie)) {
  $session.set(empty);
  forgetAccountTrips();
}

export function sessionStarted(profile: CachedProfile): void {
  $session.set({ profile, loggingOut: false });
}

export function forgetSession(): void {
  $session.set(empty);
  // My trips keeps no booking this phone saw only while logged in, once that login is over on this phone.
  forgetAccountTrips();
}

/**
 * The server said the session is over (401/402; docs/product-rules.md, Accounts): login data cleared, the
 * home page, and there the info message for 4 seconds.
 */
export function sessionEnded(message: string, home: string): void {
  forgetSession();
  noticeForNextPage(message, SESSION_EXPIRED_TIMEOUT_MS);
  window.location.assign(home);
}

/**
 * Logs out (docs/product-rules.md, Accounts): "logging out" at once, then the server ends the session
 * (`POST /api/logout`, which also clears the HttpOnly cookies), then the cached profile goes, whatever the
 * server said. Answers whether the session is over (ended now, or already); when not (no answer within 10 s,
 * a refusal, a failure) the caller posts the plain form, so the cookies of a shared computer never outlive a
 * press of "Log out".
 */
export async function logOut(locale: string, home: string): Promise<boolean> {
  $session.set({ ...$session.get(), loggingOut: true });
  let ended: boolean;
  try {
    const answer = await fetch('/api/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Accept-Language': locale, 'X-CSRF-Token': csrfToken() },
      signal: AbortSignal.timeout(10_000),
    });
    ended = answer.ok || answer.status === 401;
  } catch {
    ended = false;
  }
  forgetSession();
  forgetResumePoint(); // a form left open by a session that ended waits for nobody after a logout
  if (ended) window.location.assign(home);
  return ended;
}
