import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_CLIENT_GRANTS, WEB_CLIENT_ID, upsertOAuthClient } from '../../src/server/auth/clients.ts';
import { createApp } from '../../src/server/http/app.ts';
import { createOAuthApp } from '../../src/server/http/oauth-app.ts';
import { testDeps } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';
import { ACCOUNT_PASSWORD, confirmedAccount } from '../factories/accounts.ts';

/**
 * The token endpoint and the account API driven by a standards-following OAuth client (oauth4webapi), with the
 * web app's real client id: what a third-party application sees, encodings and challenges included.
 */
const start = new Date('2026-11-21T10:00:00Z');
// `-`, `.` and `~` are what client_secret_basic's form-encoding changes (to %2D, %2E, %7E): a reader that skips the
// decoding sees another id and secret.
const secret = 'k3-Secret_of.the~segara-web-client-0123456789';
const as: oauth.AuthorizationServer = {
  issuer: 'https://ferry.test',
  token_endpoint: 'https://ferry.test/oauth/token',
};
const client: oauth.Client = { client_id: WEB_CLIENT_ID };
const email = 'dewi@example.co.id';

describe.each(testDatabases)('a standard OAuth client (oauth4webapi) on $name', (database) => {
  let drop: () => Promise<void>;
  let now = start;
  /**
   * The client's fetch, answered in process by the app the server mounts at the URL's path. The URLs are https, as
   * the client requires, and never leave the process (so no `allowInsecureRequests`, which the library deprecates).
   */
  let send: (url: string, init: RequestInit) => Promise<Response>;
  let options: {
    [oauth.customFetch]: (
      url: string,
      init: oauth.CustomFetchOptions<string, oauth.ProtectedResourceRequestBody>,
    ) => Promise<Response>;
  };

  beforeAll(async () => {
    const created = await database.create();
    drop = created.drop;
    const deps = testDeps(created.handle.db, () => now);
    const token = createOAuthApp(deps);
    const api = createApp(deps);
    send = async (url, init) =>
      new URL(url).pathname.startsWith('/oauth/') ? token.request(url, init) : api.request(url, init);
    options = {
      [oauth.customFetch]: (url, init) => send(url, init as RequestInit),
    };
    await upsertOAuthClient(created.handle.db, {
      id: WEB_CLIENT_ID,
      name: 'web app',
      secret,
      grants: WEB_CLIENT_GRANTS,
    });
    await confirmedAccount(created.handle.db, { email, at: start });
  });
  afterAll(() => drop());

  const methods = [
    ['client_secret_basic', oauth.ClientSecretBasic(secret)],
    ['client_secret_post', oauth.ClientSecretPost(secret)],
  ] as const;
  const login = async (auth: oauth.ClientAuth, password = ACCOUNT_PASSWORD) =>
    oauth.processGenericTokenEndpointResponse(
      as,
      client,
      await oauth.genericTokenEndpointRequest(
        as,
        client,
        auth,
        'password',
        { username: email, password },
        options,
      ),
    );
  const profile = (accessToken: string) =>
    oauth.protectedResourceRequest(
      accessToken,
      'GET',
      new URL('https://ferry.test/api/profile'),
      undefined,
      null,
      options,
    );
  /** The refusal a call ends in, for a look at its class and fields. */
  const refusal = async (call: Promise<unknown>) => {
    try {
      await call;
    } catch (error) {
      return error;
    }
    throw new Error('expected a refusal');
  };

  it.each(methods)('gets a client token with %s', async (_name, auth) => {
    const answer = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(as, client, auth, {}, options),
    );
    expect(answer).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(answer.refresh_token).toBeUndefined();
  });

  it.each(methods)('logs a user in with %s, and the token reads their profile', async (_name, auth) => {
    const answer = await login(auth);
    expect(answer.refresh_token).toMatch(/^[\w-]{43}$/);
    const read = await profile(answer.access_token);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ data: { email } });
  });

  it('rotates refresh tokens, and a rotated one coming back later signs the whole family out', async () => {
    const auth = oauth.ClientSecretBasic(secret);
    const refresh = async (token: string) =>
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, token, options),
      );
    const first = await login(auth);
    const second = await refresh(first.refresh_token ?? '');
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // Right after the rotation (one browser's two tabs racing): refused, the family stays.
    expect(await refusal(refresh(first.refresh_token ?? ''))).toMatchObject({ error: 'invalid_grant' });
    expect((await profile(second.access_token)).status).toBe(200);
    now = new Date(start.getTime() + 31_000);
    try {
      const replay = await refusal(refresh(first.refresh_token ?? ''));
      expect(replay).toBeInstanceOf(oauth.ResponseBodyError);
      expect(replay).toMatchObject({ status: 400, error: 'invalid_grant' });
      expect(await refusal(refresh(second.refresh_token ?? ''))).toMatchObject({ error: 'invalid_grant' });
      // The newest access token stopped working too: the API says so with the bearer challenge.
      const revoked = await refusal(profile(second.access_token));
      expect(revoked).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
      const challenge = revoked as oauth.WWWAuthenticateChallengeError;
      expect(challenge.status).toBe(401);
      expect(challenge.response.headers.get('WWW-Authenticate')).toBe('Bearer error="invalid_token"');
      expect(challenge.cause).toMatchObject([{ scheme: 'bearer', parameters: { error: 'invalid_token' } }]);
    } finally {
      now = start;
    }
  });

  it('refuses a wrong secret as invalid_client: 401 with the Basic challenge only to a Basic client', async () => {
    const basic = await refusal(
      oauth
        .clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic('wrong'), {}, options)
        .then((r) => oauth.processClientCredentialsResponse(as, client, r)),
    );
    expect(basic).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = basic as oauth.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause[0]?.scheme).toBe('basic');
    expect(await challenge.response.json()).toMatchObject({ error: 'invalid_client' });

    const post = await refusal(
      oauth
        .clientCredentialsGrantRequest(as, client, oauth.ClientSecretPost('wrong'), {}, options)
        .then((r) => oauth.processClientCredentialsResponse(as, client, r)),
    );
    expect(post).toBeInstanceOf(oauth.ResponseBodyError);
    expect(post).toMatchObject({ status: 400, error: 'invalid_client' });
    expect((post as oauth.ResponseBodyError).response.headers.get('WWW-Authenticate')).toBeNull();
  });

  it('refuses a wrong password (invalid_grant) and an unknown grant (unsupported_grant_type)', async () => {
    const auth = oauth.ClientSecretBasic(secret);
    expect(await refusal(login(auth, 'not-the-password'))).toMatchObject({
      status: 400,
      error: 'invalid_grant',
    });
    const unknown = await refusal(
      oauth
        .genericTokenEndpointRequest(as, client, auth, 'urn:example:unknown', {}, options)
        .then((r) => oauth.processGenericTokenEndpointResponse(as, client, r)),
    );
    expect(unknown).toMatchObject({ status: 400, error: 'unsupported_grant_type' });
  });

  it('refuses a field sent twice (RFC 6749 3.2) as invalid_request, in the reader language', async () => {
    const twice = await refusal(
      oauth
        .genericTokenEndpointRequest(
          as,
          client,
          oauth.ClientSecretBasic(secret),
          'password',
          [
            ['username', 'someone-else@example.co.id'],
            ['username', email],
            ['password', ACCOUNT_PASSWORD],
          ],
          { ...options, headers: { 'Accept-Language': 'id' } },
        )
        .then((r) => oauth.processGenericTokenEndpointResponse(as, client, r)),
    );
    expect(twice).toMatchObject({
      status: 400,
      error: 'invalid_request',
      error_description: 'Permintaan ini tidak dapat dibaca: salah satu isiannya dikirim lebih dari sekali.',
    });
    // The grant type too: the reader cannot know which one was meant.
    const grants = await send(as.token_endpoint ?? '', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `grant_type=password&grant_type=client_credentials&client_id=${WEB_CLIENT_ID}&client_secret=${secret}`,
    });
    expect(grants.status).toBe(400);
    expect(await grants.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses a client authenticating by the header and the form at once (RFC 6749 2.3) as invalid_request', async () => {
    const both: oauth.ClientAuth = async (...args) => {
      await oauth.ClientSecretBasic(secret)(...args);
      await oauth.ClientSecretPost(secret)(...args);
    };
    const answer = await refusal(
      oauth
        .clientCredentialsGrantRequest(as, client, both, {}, options)
        .then((r) => oauth.processClientCredentialsResponse(as, client, r)),
    );
    expect(answer).toBeInstanceOf(oauth.ResponseBodyError);
    expect(answer).toMatchObject({
      status: 400,
      error: 'invalid_request',
      error_description: expect.stringMatching(/twice/) as unknown,
    });
  });

  it('answers an account call with a bad token or none with 401 and the Bearer challenge (RFC 6750 3)', async () => {
    const bad = await refusal(profile('not-a-token-of-ours'));
    expect(bad).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((bad as oauth.WWWAuthenticateChallengeError).response.headers.get('WWW-Authenticate')).toBe(
      'Bearer error="invalid_token"',
    );
    // No credential at all: the scheme, and no error (3.1); never Basic, which would open a browser's dialog.
    const none = await send('https://ferry.test/api/profile', { method: 'GET' });
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toBe('Bearer');
  });
});
