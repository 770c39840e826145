import { stripLocale } from '../../i18n/locales.ts';

/**
 * The account holder's pages, in either language, with what lies below: a logged-out visitor goes to the root
 * path (middleware.ts).
 */
const protectedRoots = ['/my-account', '/my-booking', '/passenger-list'];

export function isProtectedPath(pathname: string): boolean {
  const path = stripLocale(pathname).replace(/\/+$/, '') || '/';
  return protectedRoots.some((root) => path === root || path.startsWith(`${root}/`));
}

/**
 * Addresses the session is read for: every page rendered on demand. Not the API and token endpoint (they read their
 * own), nor server islands (shared fragments a cache may keep, like today's departures).
 */
export function readsSession(pathname: string): boolean {
  return !['/api/', '/oauth/', '/_server-islands/'].some((prefix) => pathname.startsWith(prefix));
}
