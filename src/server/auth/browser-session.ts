import { randomBytes, timingSafeEqual } from 'node:crypto';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { AppDeps, WebClient } from '../deps.ts';
import { runGrant, type GrantAnswer } from '../http/oauth-app.ts';
import { installationSecret } from '../installation-secret.ts';
import { WEB_CLIENT_GRANTS, WEB_CLIENT_ID } from './clients.ts';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { oauthTokens } from '../db/schema/accounts.ts';
import { REFRESH_TOKEN_SECONDS, oauthModel, rotatedJustNow, tokenHolder } from './oauth-model.ts';
import { sessionFamily } from './sessions.ts';
import { newToken, tokenHash } from './tokens.ts';

/**
 * The browser's session (docs/decisions/0007-browser-sessions.md): the site is its own OAuth client on the
 * server, and a browser holds its user's tokens only in HttpOnly cookies that page JavaScript cannot read.
 * Cookie-authenticated changes also need the anti-forgery token: a readable cookie the page sends back in a
 * header (islands) or a hidden field (plain forms), which another site can neither read nor set.
 */
export const SESSION_COOKIE = 'segara_session';
export const REFRESH_COOKIE = 'segara_refresh';
export const CSRF_COOKIE = 'segara_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
/**
 * Readable by page scripts and holding no secret: "this browser has a session". Pages read it to show "My account"
 * instead of "Log in" (pre-rendered pages cannot ask the server), and islands drop a cached profile without it.
 */
export const ACCOUNT_HINT_COOKIE = 'segara_account';
export const CSRF_FIELD = 'csrf';

/** The web app's own OAuth client: its id and secret (WEB_CLIENT_SECRET, else the installation's file). */

export function serverWebClient(): WebClient {
  return {
    id: WEB_CLIENT_ID,
    secret: () => {
      const config = loadConfig();
      return installationSecret(config.WEB_CLIENT_SECRET, config.WEB_CLIENT_SECRET_FILE);
    },
  };
}

/** What a browser session needs of the server's dependencies. */
export type SessionDeps = Pick<AppDeps, 'database' | 'clock' | 'rateLimits' | 'proxyHops' | 'siteUrl'> & {
  webClient?: WebClient;
};

/** A cookie store: Astro's `cookies` and Hono's context both fit behind this (cookie-jars.ts). */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options: CookieOptions): void;
  delete(name: string, options: { path: string; secure: boolean }): void;
}

export interface CookieOptions {
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'lax' | 'strict';
  maxAge: number;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives (`expires_in`), and so its cookie's lifetime. */
  expiresIn: number;
}

/** Cookies are Secure when the site is served over TLS (its public origin says so). */
function secureCookies(deps: Pick<SessionDeps, 'siteUrl'>): boolean {
  return deps.siteUrl.startsWith('https:');
}

function tokensOf(answer: GrantAnswer): SessionTokens | undefined {
  if (answer.status !== 200 || !('access_token' in answer.body) || !answer.body.refresh_token)
    return undefined;
  return {
    accessToken: answer.body.access_token,
    refreshToken: answer.body.refresh_token,
    expiresIn: answer.body.expires_in,
  };
}

function clientFields(deps: SessionDeps): Record<string, string> {
  const client = deps.webClient ?? serverWebClient();
  return { client_id: client.id, client_secret: client.secret() };
}

/**
 * Logs in with e-mail and password through the token endpoint's password grant (its limits and answers): the
 * tokens, or the grant's refusal (`invalid_grant` for any wrong pair, 429 when limited).
 */
export async function passwordLogin(
  deps: SessionDeps,
  raw: Request,
  email: string,
  password: string,
): Promise<{ tokens: SessionTokens; userId: string } | { refused: GrantAnswer }> {
  const answer = await runGrant(deps, raw, {
    grant_type: 'password',
    username: email,
    password,
    ...clientFields(deps),
  });
  const tokens = tokensOf(answer);
  const holder = tokens && (await tokenHolder(await deps.database(), tokens.accessToken, deps.clock()));
  return tokens && holder?.userId ? { tokens, userId: holder.userId } : { refused: answer };
}

/** A new session for an account that just proved itself by an e-mailed link (sign-up confirmed, password reset). */
export async function startSession(deps: SessionDeps, userId: string): Promise<SessionTokens> {
  const db = await deps.database();
  const client = deps.webClient ?? serverWebClient();
  const saved = await oauthModel(db, deps.clock).saveToken(
    {
      accessToken: newToken(),
      refreshToken: newToken(),
      accessTokenExpiresAt: new Date(),
      client: { id: client.id, grants: WEB_CLIENT_GRANTS },
      user: { id: userId },
    },
    { id: client.id, grants: WEB_CLIENT_GRANTS },
    { id: userId },
  );
  const expiresAt = saved.accessTokenExpiresAt ?? deps.clock();
  return {
    accessToken: saved.accessToken,
    refreshToken: saved.refreshToken ?? '',
    expiresIn: Math.round((expiresAt.getTime() - deps.clock().getTime()) / 1000),
  };
}

/**
 * Puts a session's tokens in the cookies. `login`: a new session, which also gets a new anti-forgery token (never
 * the one the browser had before logging in); a refresh keeps the token the open page's forms carry.
 */
export function writeSession(
  jar: CookieJar,
  deps: Pick<SessionDeps, 'siteUrl'>,
  tokens: SessionTokens,
  login: boolean,
): void {
  const secure = secureCookies(deps);
  const base = { path: '/', httpOnly: true, secure, sameSite: 'lax' as const };
  jar.set(SESSION_COOKIE, tokens.accessToken, { ...base, maxAge: tokens.expiresIn });
  // The refresh token outlives the access token it renews: its cookie lives as long as it does.
  jar.set(REFRESH_COOKIE, tokens.refreshToken, { ...base, maxAge: REFRESH_TOKEN_SECONDS });
  jar.set(ACCOUNT_HINT_COOKIE, '1', { ...base, httpOnly: false, maxAge: REFRESH_TOKEN_SECONDS });
  if (login) setCsrf(jar, deps, randomBytes(32).toString('base64url'));
}

function setCsrf(jar: CookieJar, deps: Pick<SessionDeps, 'siteUrl'>, token: string): void {
  jar.set(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    secure: secureCookies(deps),
    // Lax, not Strict: a Strict cookie is not sent when arriving from another site, and the page would mint a new
    // token that leaves the forms of other open tabs stale. Double-submit needs no more than same-site.
    sameSite: 'lax',
    maxAge: REFRESH_TOKEN_SECONDS,
  });
}

/** Forgets the session in this browser (logout, or a session the server no longer honours). */
export function clearSession(jar: CookieJar, deps: Pick<SessionDeps, 'siteUrl'>): void {
  const secure = secureCookies(deps);
  jar.delete(SESSION_COOKIE, { path: '/', secure });
  jar.delete(REFRESH_COOKIE, { path: '/', secure });
  jar.delete(ACCOUNT_HINT_COOKIE, { path: '/', secure });
}

/** The anti-forgery token of this browser, made (and set) if it has none yet: forms put it in a hidden field. */
export function csrfToken(jar: CookieJar, deps: Pick<SessionDeps, 'siteUrl'>): string {
  const known = jar.get(CSRF_COOKIE);
  if (known && /^[\w-]{43}$/.test(known)) return known;
  const token = randomBytes(32).toString('base64url');
  setCsrf(jar, deps, token);
  return token;
}

/** Whether `given` (header or field) is this browser's anti-forgery token. */
export function csrfMatches(jar: CookieJar, given: string | null | undefined): boolean {
  const kept = jar.get(CSRF_COOKIE);
  if (!kept || !given) return false;
  const a = Buffer.from(kept);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The account holder a browser's cookies stand for. */
export interface SessionHolder {
  userId: string;
  accessToken: string;
  /** The login these tokens descend from (a password change keeps it signed in). */
  family: string | undefined;
}

/**
 * Who this browser is logged in as: its access token if still good, else its refresh token rotated into a new pair
 * (written back to the cookies). Neither: no one, and the stale cookies are cleared.
 */
export async function sessionHolder(
  deps: SessionDeps,
  jar: CookieJar,
  raw: Request,
): Promise<SessionHolder | undefined> {
  const db = await deps.database();
  const access = jar.get(SESSION_COOKIE);
  const holder = access ? await tokenHolder(db, access, deps.clock()) : undefined;
  if (holder?.userId && access)
    return { userId: holder.userId, accessToken: access, family: await sessionFamily(db, access) };
  const refresh = jar.get(REFRESH_COOKIE);
  if (!refresh) {
    // A readable hint left without its session (the cookies expired or were removed) would keep telling the
    // pre-rendered pages that someone is logged in.
    if (access || jar.get(ACCOUNT_HINT_COOKIE)) clearSession(jar, deps);
    return undefined;
  }
  const tokens = tokensOf(
    await runGrant(deps, raw, { grant_type: 'refresh_token', refresh_token: refresh, ...clientFields(deps) }),
  );
  if (!tokens) {
    // Another request of this browser rotated the token a moment ago: its answer brings the new cookies, and
    // this one is still that person's. Otherwise the session is over.
    const racing = await racingRefresh(db, refresh, deps.clock());
    if (racing) return racing;
    clearSession(jar, deps);
    return undefined;
  }
  writeSession(jar, deps, tokens, false);
  return refreshedHolder(db, deps, tokens);
}

async function refreshedHolder(
  db: Database,
  deps: SessionDeps,
  tokens: SessionTokens,
): Promise<SessionHolder | undefined> {
  const holder = await tokenHolder(db, tokens.accessToken, deps.clock());
  return holder?.userId
    ? {
        userId: holder.userId,
        accessToken: tokens.accessToken,
        family: await sessionFamily(db, tokens.accessToken),
      }
    : undefined;
}

/**
 * The holder of a refresh token rotated within the grace period, while its family is still signed in: none of its
 * tokens ended otherwise than by rotation (a logout, a replay, a password change). Asking for a token that is alive
 * instead would refuse the request that raced the rotation into the moment between the old token's end and the new
 * one's saving, and sign that browser out (seen under load: one of two requests answered 401).
 */
async function racingRefresh(
  db: Database,
  refreshToken: string,
  now: Date,
): Promise<SessionHolder | undefined> {
  const [row] = await db
    .select()
    .from(oauthTokens)
    .where(eq(oauthTokens.refreshTokenHash, tokenHash(refreshToken)));
  if (!row?.userId || !row.family || !rotatedJustNow(row, now)) return undefined;
  const [ended] = await db
    .select({ hash: oauthTokens.accessTokenHash })
    .from(oauthTokens)
    .where(
      and(
        eq(oauthTokens.family, row.family),
        isNotNull(oauthTokens.revokedAt),
        isNull(oauthTokens.rotatedAt),
      ),
    )
    .limit(1);
  return ended ? undefined : { userId: row.userId, accessToken: '', family: row.family };
}
