import OAuth2Server from '@node-oauth/oauth2-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, oauthModel } from '../auth/oauth-model.ts';
import type { AppDeps } from './app.ts';
import { Refused, localizeErrors } from '../validation-errors.ts';
import { MAX_BODY_BYTES, bodyTooLarge } from './body-limit.ts';
import { clientAddress } from './client-address.ts';
import { requestLocale } from './request-locale.ts';

/** RFC 6749 5.1: token answers are never cached. */
const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/**
 * `POST /oauth/token` (RFC 6749): the client-credentials, password and refresh-token grants, handled by
 * `@node-oauth/oauth2-server` over our model (auth/oauth-model.ts). A thin adapter: the form body and headers in,
 * the token (or the OAuth error the library wrote into its own response) out.
 */
export function createOAuthApp(deps: Pick<AppDeps, 'database' | 'clock' | 'rateLimits' | 'proxyHops'>) {
  const app = new Hono();
  app.use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => bodyTooLarge(c.req.raw) }));
  app.post('/oauth/token', async (c) => {
    const raw = await c.req.text();
    const headers = Object.fromEntries(c.req.raw.headers);
    // The library reads a body only when the request says it has one (it checks content-length or
    // transfer-encoding); a test's `app.request()` sends neither.
    headers['content-length'] ??= String(Buffer.byteLength(raw));
    const request = new OAuth2Server.Request({
      method: 'POST',
      query: {},
      headers,
      body: Object.fromEntries(new URLSearchParams(raw)),
    });
    const refused = await tooManyLogins(c.req.raw, request.body as Record<string, string>, deps);
    if (refused) return refused;
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
      return c.json(
        {
          access_token: token.accessToken,
          token_type: 'Bearer',
          expires_in: Math.max(0, Math.round((expiresAt.getTime() - now.getTime()) / 1000)),
          ...(token.refreshToken ? { refresh_token: token.refreshToken } : {}),
        },
        200,
        noStore,
      );
    } catch (error) {
      // On a refusal the library has already written status, body and WWW-Authenticate into `response`.
      if (!(error instanceof OAuth2Server.OAuthError)) throw error;
      const body = response.body as { error?: string; error_description?: string } | undefined;
      return c.json(
        { error: body?.error ?? error.name, error_description: body?.error_description ?? error.message },
        (response.status ?? error.code) as 400,
        { ...response.headers, ...noStore },
      );
    }
  });
  return app;
}

/**
 * Password guessing meets a limit per address and per account (shared by every process: rate-limits.ts) before the
 * password is even checked: 429 with when to come back, in the reader's language. Other grants are not limited here.
 */
async function tooManyLogins(
  raw: Request,
  body: Record<string, string>,
  deps: Pick<AppDeps, 'rateLimits' | 'proxyHops'>,
): Promise<Response | undefined> {
  if (body.grant_type !== 'password') return undefined;
  try {
    await deps.rateLimits.logins.take(clientAddress(raw, deps.proxyHops ?? 0));
    await deps.rateLimits.loginsPerAccount.take((body.username ?? '').trim().toLowerCase().slice(0, 254));
    return undefined;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const message = localizeErrors(error.errors, requestLocale(raw)).limit?.[0] ?? '';
    return Response.json(
      { error: 'temporarily_unavailable', error_description: message },
      { status: 429, headers: { ...noStore, 'Retry-After': '60' } },
    );
  }
}
