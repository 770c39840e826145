import { and, eq, isNull } from 'drizzle-orm';
import { oauthTokens } from '../db/schema/accounts.ts';
import {
  REFRESH_COOKIE,
  SESSION_COOKIE,
  passwordLogin,
  startSession,
  writeSession,
  type CookieJar,
  type SessionDeps,
  type SessionTokens,
} from './browser-session.ts';
import type { GrantAnswer } from '../http/oauth-app.ts';
import { attachBooking } from '../services/attach-booking.ts';
import { linkSecretOf } from './account-links.ts';
import { BOOKING_ACCESS_COOKIE, grantsInCookie, grantsProve } from './booking-access.ts';
import { endSession } from './sessions.ts';
import { tokenHash } from './tokens.ts';

/**
 * Logging a browser in, the one way every page and the API do it: a new session replaces the browser's old one
 * (which ends on the server too), with a new anti-forgery token.
 */
/**
 * Before a login's cookies replace this browser's: the session they held ends on the server too, so a login never
 * leaves an older one alive for 30 days behind it.
 */
async function endBrowserSession(jar: CookieJar, deps: SessionDeps): Promise<void> {
  const db = await deps.database();
  const access = jar.get(SESSION_COOKIE);
  const refresh = jar.get(REFRESH_COOKIE);
  const [row] = refresh
    ? await db
        .select({ family: oauthTokens.family })
        .from(oauthTokens)
        .where(eq(oauthTokens.refreshTokenHash, tokenHash(refresh)))
    : [];
  if (access) await endSession(db, access, deps.clock());
  if (row?.family)
    await db
      .update(oauthTokens)
      .set({ revokedAt: deps.clock() })
      .where(and(eq(oauthTokens.family, row.family), isNull(oauthTokens.revokedAt)));
}

async function replaceBrowserSession(
  jar: CookieJar,
  deps: SessionDeps,
  tokens: SessionTokens,
): Promise<void> {
  await endBrowserSession(jar, deps);
  writeSession(jar, deps, tokens, true);
}

/** An account that just proved itself by an e-mailed link (sign-up confirmed, password reset) is logged in here. */
export async function logInBrowserAs(jar: CookieJar, deps: SessionDeps, userId: string): Promise<void> {
  await replaceBrowserSession(jar, deps, await startSession(deps, userId));
}

/**
 * E-mail and password through the password grant (its limits and answers); logged in, the session lands in the
 * cookies and `attach` (a guest booking's id, from its "log in to manage your bookings") joins the account where
 * that is proven (services/attach-booking.ts): the account's address is the booking's, or this browser typed the
 * code e-mailed to it. `attached` says whether it did.
 */
export async function logInWithPassword(
  jar: CookieJar,
  deps: SessionDeps & { linkSecret?: () => string },
  raw: Request,
  input: { email: string; password: string; attach?: string | undefined },
): Promise<{ userId: string; attached: boolean } | { refused: GrantAnswer }> {
  const login = await passwordLogin(deps, raw, input.email, input.password);
  if ('refused' in login) return login;
  await replaceBrowserSession(jar, deps, login.tokens);
  if (!input.attach) return { userId: login.userId, attached: false };
  const grants = grantsInCookie(jar.get(BOOKING_ACCESS_COOKIE));
  const secret = linkSecretOf(deps);
  const mailbox = grantsProve(secret, grants, input.attach, 'mailbox', deps.clock());
  const attached = await attachBooking(await deps.database(), login.userId, input.attach, mailbox);
  return { userId: login.userId, attached };
}
