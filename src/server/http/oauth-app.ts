import OAuth2Server from '@node-oauth/oauth2-server';
import { Hono } from 'hono';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable } from '../db/unavailable.ts';
import { bodyLimit } from 'hono/body-limit';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, oauthModel } from '../auth/oauth-model.ts';
import type { AppDeps } from '../deps.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { Refused, localizeErrors } from '../validation-errors.ts';
import { MAX_BODY_BYTES, bodyTooLarge } from './body-limit.ts';
import { clientAddress } from './client-address.ts';
import { requestLocale } from './request-locale.ts';
import { readTokenRequest } from './token-request.ts';
import { log } from '../observability/log.ts';
import { countUnavailable } from '../observability/metrics.ts';

/** RFC 6749 5.1: token answers are never cached. */
const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

type GrantDeps = Pick<AppDeps, 'database' | 'clock' | 'rateLimits' | 'proxyHops'>;

/** A token endpoint answer: the tokens (200) or an OAuth error, with its status and headers. */
export type GrantAnswer =
  | {
      status: 200;
      body: { access_token: string; token_type: 'Bearer'; expires_in: number; refresh_token?: string };
      headers: Record<string, string>;
    }
  | {
      status: number;
      body: { error: string; error_description: string };
      headers: Record<string, string>;
    };

/**
 * Runs one grant of `POST /oauth/token` (RFC 6749): client credentials, password or refresh token, handled by
 * `@node-oauth/oauth2-server` over our model (auth/oauth-model.ts). `raw` is the request that asked (its address
 * counts for the login limits, its language says the refusals); `fields` the form's fields, the client's id and
 * secret among them. The token endpoint below and the browser's session (auth/browser-session.ts, the web app's
 * own client on the server) both use it.
 *
 * The client's credentials come only from `fields`, never from `raw`'s headers: for the browser's session `raw` is
 * the browser's request, whose `Authorization` (a staging site's Basic password) is not the client's. Only the
 * endpoint, where the request is the client's own, reads its header, and says so with `basic`: a refused client
 * then gets 401 and the Basic challenge (RFC 6749 5.2), which a client that sent its secret in the form does not.
 */
export async function runGrant(
  deps: GrantDeps,
  raw: Request,
  fields: Record<string, string>,
  basic = false,
): Promise<GrantAnswer> {
  // No credential, token or client id holds a NUL byte, and PostgreSQL cannot even compare one: refused here.
  if (Object.values(fields).some((value) => value.includes('\u0000')))
    return invalidRequest(raw, 'api_malformed');
  const limited = await tooManyLogins(raw, fields, deps);
  if (limited) return limited;
  const body = new URLSearchParams(fields).toString();
  const request = new OAuth2Server.Request({
    method: 'POST',
    query: {},
    // The library reads a body only when the request says it has one (it checks content-length or
    // transfer-encoding); a test's `app.request()` sends neither. No `authorization`: see above.
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
    },
    body: fields,
  });
  const response = new OAuth2Server.Response();
  const now = deps.clock();
  const server = new OAuth2Server({
    model: oauthModel(await deps.database(), deps.clock),
    accessTokenLifetime: ACCESS_TOKEN_SECONDS,
    refreshTokenLifetime: REFRESH_TOKEN_SECONDS,
    alwaysIssueNewRefreshToken: true,
    requireClientAuthentication: { password: true, refresh_token: true, client_credentials: true },
  });
  try {
    const token = await server.token(request, response);
    const expiresAt = token.accessTokenExpiresAt ?? now;
    return {
      status: 200,
      body: {
        access_token: token.accessToken,
        token_type: 'Bearer',
        expires_in: Math.max(0, Math.round((expiresAt.getTime() - now.getTime()) / 1000)),
        ...(token.refreshToken ? { refresh_token: token.refreshToken } : {}),
      },
      headers: noStore,
    };
  } catch (error) {
    // On a refusal the library has already written status and body into `response`; the Basic challenge is ours,
    // as the library never sees the header. What our model threw (the database away) it wraps as a server_error,
    // keeping the original as `inner`: that is answered by onError below, with Retry-After.
    if (!(error instanceof OAuth2Server.OAuthError) || databaseUnavailable(error)) throw error;
    const written = response.body as { error?: string; error_description?: string } | undefined;
    const refusedBasic = basic && error instanceof OAuth2Server.InvalidClientError;
    return {
      status: refusedBasic ? 401 : (response.status ?? error.code),
      body: {
        error: written?.error ?? error.name,
        error_description: written?.error_description ?? error.message,
      },
      headers: {
        ...response.headers,
        ...noStore,
        ...(refusedBasic ? { 'WWW-Authenticate': 'Basic realm="oauth"' } : {}),
      },
    };
  }
}

/** `POST /oauth/token`: a thin adapter, the form body in and the grant's answer out. */
export function createOAuthApp(deps: GrantDeps) {
  const app = new Hono();
  app.use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => bodyTooLarge(c.req.raw) }));
  app.post('/oauth/token', async (c) => {
    const read = readTokenRequest(await c.req.text(), c.req.header('Authorization'));
    const answer =
      'refused' in read
        ? invalidRequest(c.req.raw, read.refused)
        : await runGrant(deps, c.req.raw, read.fields, read.basic);
    return c.json(answer.body, answer.status as 200, answer.headers);
  });
  // The database away (a restart, a fail-over): RFC 6749's temporarily_unavailable, with when to come back.
  app.onError((error, c) => {
    if (!databaseUnavailable(error)) {
      log.error({ err: error }, 'unexpected error');
      return c.json({ error: 'server_error' }, 500, noStore);
    }
    countUnavailable('database');
    log.warn({ err: error }, 'database unavailable');
    const description = translate('api_unavailable', requestLocale(c.req.raw));
    return c.json({ error: 'temporarily_unavailable', error_description: description }, 503, {
      ...noStore,
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  });
  return app;
}

/** A request the grant cannot even read (RFC 6749 5.2 invalid_request), said in the reader's language. */
function invalidRequest(raw: Request, key: MessageKey): GrantAnswer {
  return {
    status: 400,
    body: { error: 'invalid_request', error_description: translate(key, requestLocale(raw)) },
    headers: noStore,
  };
}

/**
 * Password guessing meets a limit per address and per account (shared by every process: rate-limits.ts) before the
 * password is even checked: 429 with when to come back, in the reader's language. Other grants are not limited here.
 */
async function tooManyLogins(
  raw: Request,
  fields: Record<string, string>,
  deps: Pick<AppDeps, 'rateLimits' | 'proxyHops'>,
): Promise<GrantAnswer | undefined> {
  if (fields.grant_type !== 'password') return undefined;
  try {
    await deps.rateLimits.logins.take(clientAddress(raw, deps.proxyHops ?? 0));
    await deps.rateLimits.loginsPerAccount.take((fields.username ?? '').trim().toLowerCase().slice(0, 254));
    return undefined;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const message = localizeErrors(error.errors, requestLocale(raw)).limit?.[0] ?? '';
    return {
      status: 429,
      body: { error: 'temporarily_unavailable', error_description: message },
      headers: { ...noStore, 'Retry-After': '60' },
    };
  }
}
