import { gateDeviceByToken } from '../db/queries/gate-devices.ts';
import type { Context } from 'hono';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  REFRESH_COOKIE,
  SESSION_COOKIE,
  csrfMatches,
  sessionHolder,
  type SessionDeps,
} from '../auth/browser-session.ts';
import { STAFF_COOKIE } from '../auth/browser-effects.ts';
import { honoJar } from '../auth/cookie-jars.ts';
import { staffSecurity } from '../auth/staff-security.ts';
import { staffActorOf } from '../services/staff-session.ts';
import { tokenHolder } from '../auth/oauth-model.ts';
import { sessionFamily } from '../auth/sessions.ts';
import { refuse } from '../validation-errors.ts';
import type { Actor, BookingAccess } from '../use-cases/context.ts';
import { BOOKING_ACCESS_HEADER } from '../auth/booking-access.ts';
import type { AppDeps } from '../deps.ts';
import { isSameOrigin } from './same-origin.ts';

/**
 * The API's two credentials (docs/architecture.md, Accounts and sessions): an account holder's calls carry
 * their access token as `Authorization: Bearer <token>`; the application's public calls (register, recovery)
 * carry its client token raw in `Authorization`. A browser on this site sends neither: its session is in
 * HttpOnly cookies (auth/browser-session.ts), so its changes must also show the anti-forgery token and come
 * from our own origin. A missing, unknown, expired or revoked token is a 401 with the session-ended message,
 * which the site answers by clearing the login and going home.
 */
function presented(c: Context): string {
  return (c.req.header('Authorization') ?? '').trim();
}

/**
 * The challenge of an account call's 401 (RFC 6750 3; RFC 7235 has every 401 name one): `invalid_token` when a
 * bearer token came and was refused, no error when none came (a browser whose session ended, a caller of another
 * scheme). Always Bearer, never Basic, which would make a browser ask for a password in a dialog.
 */
export function bearerChallenge(c: Context): string {
  const [scheme, token] = presented(c).split(/\s+/, 2);
  return scheme?.toLowerCase() === 'bearer' && token ? 'Bearer error="invalid_token"' : 'Bearer';
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie-authenticated change: our own page's, showing this browser's anti-forgery token, else 403. A caller with
 * no credential and no cookie of ours is not a browser on this site: `missing` (401).
 */
function requireOwnPage(c: Context, missing: () => Error): void {
  const jar = honoJar(c);
  if (!jar.get(CSRF_COOKIE) && !jar.get(SESSION_COOKIE) && !jar.get(REFRESH_COOKIE)) throw missing();
  if (safeMethods.has(c.req.method)) return;
  if (!isSameOrigin(c.req.raw) || !csrfMatches(jar, c.req.header(CSRF_HEADER)))
    throw refuse('session', 'api_forgery');
}

/** Who the call is for: a bearer token's account, or this browser's session (`viaCookie`). Else 401. */
export async function accountHolder(c: Context, deps: SessionDeps) {
  const given = presented(c);
  if (given) {
    const [scheme, token] = given.split(/\s+/, 2);
    const holder =
      scheme?.toLowerCase() === 'bearer' && token
        ? await tokenHolder(await deps.database(), token, deps.clock())
        : undefined;
    if (!holder?.userId || !token) throw refuse('session', 'session_expired');
    const family = await sessionFamily(await deps.database(), token);
    return { userId: holder.userId, accessToken: token, family, viaCookie: false };
  }
  requireOwnPage(c, () => refuse('session', 'session_expired'));
  const holder = await sessionHolder(deps, honoJar(c), c.req.raw);
  if (!holder) throw refuse('session', 'session_expired');
  return { ...holder, viaCookie: true };
}

/**
 * The application a public call comes from: a client token (raw in `Authorization`, from the client-credentials
 * grant) of a registered client, or this site's own page in a browser (same origin, anti-forgery token). Else 401.
 */
export async function callingClient(c: Context, deps: Pick<SessionDeps, 'database' | 'clock'>) {
  const given = presented(c);
  if (given) {
    const holder = await tokenHolder(await deps.database(), given, deps.clock());
    if (!holder || holder.userId) throw refuse('client', 'api_client_required');
    return { clientId: holder.clientId, viaCookie: false };
  }
  requireOwnPage(c, () => refuse('client', 'api_client_required'));
  return { clientId: undefined, viaCookie: true };
}

/**
 * The account holder this browser is logged in as, for calls a guest may make too (saving a booking's details
 * attaches it to the holder's account). Only when the call shows the anti-forgery token from our own page, as every
 * cookie-authenticated change must; otherwise, or with no session, the caller is simply a guest. Never refuses.
 */
export async function optionalAccount(c: Context, deps: SessionDeps): Promise<Actor> {
  const jar = honoJar(c);
  if (!jar.get(SESSION_COOKIE) && !jar.get(REFRESH_COOKIE)) return { kind: 'guest' };
  if (!isSameOrigin(c.req.raw) || !csrfMatches(jar, c.req.header(CSRF_HEADER))) return { kind: 'guest' };
  const holder = await sessionHolder(deps, jar, c.req.raw);
  return holder ? { kind: 'account', userId: holder.userId } : { kind: 'guest' };
}

/**
 * Who calls a booking's call that needs proof (domain/booking-access.ts): the grants in `X-Booking-Access` (several
 * may be sent, separated by spaces), and the account holder: a bearer token's (a wrong one is 401, as for any
 * account call) or this browser's session with its anti-forgery token. A caller with neither is a guest.
 */
export async function bookingCaller(
  c: Context,
  deps: AppDeps,
): Promise<{ actor: Actor; access: BookingAccess }> {
  const grants = (c.req.header(BOOKING_ACCESS_HEADER) ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 8);
  // Only a bearer token speaks for an account here: a client token sent raw, or a staging site's Basic password,
  // leaves the caller a guest, as it did before these calls needed proof.
  const bearer = /^bearer\s/i.test(presented(c));
  const actor: Actor = bearer
    ? { kind: 'account', userId: (await accountHolder(c, deps)).userId }
    : await optionalAccount(c, deps);
  return { actor, access: { grants } };
}

/**
 * The staff member calling, from the staff cookie on this site's own page (with its anti-forgery token): else 401,
 * or 403 for a traveller's session. Which role may do what is the use case's (`staffOf`).
 */
export async function staffCaller(c: Context, deps: SessionDeps): Promise<Actor> {
  const jar = honoJar(c);
  requireOwnPage(c, () => refuse('staff', 'staff_sign_in_required'));
  const actor = await staffActorOf(await deps.database(), staffSecurity, jar.get(STAFF_COOKIE), deps.clock());
  if (actor) return actor;
  if ((await optionalAccount(c, deps)).kind === 'account') throw refuse('staff', 'staff_role_required');
  throw refuse('staff', 'staff_sign_in_required');
}

/**
 * The gate device calling (`Authorization: Bearer <device token>`, docs/decisions/0014): enrolled from the console
 * and not revoked since, else 401. Its last call is noted, so the console shows a device gone quiet.
 */
export async function gateDeviceCaller(c: Context, deps: SessionDeps): Promise<Actor> {
  const token = /^Bearer ([\w-]{43})$/.exec(c.req.header('Authorization') ?? '')?.[1];
  const deviceId =
    token && (await gateDeviceByToken(await deps.database(), staffSecurity.hashOf(token), deps.clock()));
  if (!deviceId) throw refuse('device', 'gate_device_required');
  return { kind: 'device', deviceId };
}
