import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOAuthClient } from '../../src/server/auth/clients.ts';
import { tokenHolder } from '../../src/server/auth/oauth-model.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { oauthTokens, users } from '../../src/server/db/schema/accounts.ts';
import { createOAuthApp } from '../../src/server/http/oauth-app.ts';
import { testDeps } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';
import { hostileString, longestEmail } from '../fuzz/support/hostile.ts';

const start = new Date('2026-11-21T10:00:00Z');
const client = { id: 'test-web', secret: 'a-long-random-secret-of-this-test-client-0123456789' };

describe.each(testDatabases)('POST /oauth/token (RFC 6749) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let app: ReturnType<typeof createOAuthApp>;

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    app = createOAuthApp(testDeps(handle.db, () => now));
    await upsertOAuthClient(handle.db, {
      ...client,
      name: 'test client',
      grants: ['client_credentials', 'password', 'refresh_token'],
    });
    await handle.db.insert(users).values({
      email: 'siti@example.co.id',
      fullName: 'Siti Rahma',
      passwordHash: await hashPassword('Kapal-Feri-2026!'),
      emailVerifiedAt: start,
      addressProvenAt: start,
    });
  });
  afterAll(() => drop());

  const token = (fields: Record<string, string>) =>
    app.request('/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: client.id, client_secret: client.secret, ...fields }).toString(),
    });
  const login = () =>
    token({ grant_type: 'password', username: 'Siti@Example.co.id', password: 'Kapal-Feri-2026!' });
  interface Tokens {
    access_token: string;
    refresh_token?: string;
    expires_in: number;
    token_type: string;
  }

  it('gives the application a client token, never cached, stored only as a hash', async () => {
    const answer = await token({ grant_type: 'client_credentials' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    const body = (await answer.json()) as Tokens;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(body.refresh_token).toBeUndefined();
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    const rows = await handle.db.select().from(oauthTokens);
    expect(JSON.stringify(rows)).not.toContain(body.access_token);
    expect(await tokenHolder(handle.db, body.access_token, now)).toMatchObject({
      clientId: client.id,
      userId: null,
    });
  });

  it('refuses a wrong client secret (invalid_client) and an unknown grant (unsupported_grant_type)', async () => {
    const wrong = await app.request('/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.id,
        client_secret: 'nope',
      }).toString(),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const unknown = await token({ grant_type: 'implicit' });
    expect(await unknown.json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect(unknown.headers.get('Cache-Control')).toBe('no-store');
  });

  it('logs a user in with the password grant, and answers a wrong password as an unknown address', async () => {
    const answer = await login();
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Tokens;
    expect(body.refresh_token).toMatch(/^[\w-]{43}$/);
    expect(await tokenHolder(handle.db, body.access_token, now)).toMatchObject({ clientId: client.id });
    const wrongPassword = await token({
      grant_type: 'password',
      username: 'siti@example.co.id',
      password: 'x',
    });
    const unknownUser = await token({
      grant_type: 'password',
      username: 'nobody@example.co.id',
      password: 'x',
    });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.json()).toEqual(await unknownUser.json());
  });

  it('rotates a refresh token, and revokes the whole family when a rotated one comes back', async () => {
    const first = (await (await login()).json()) as Tokens;
    const second = (await (
      await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' })
    ).json()) as Tokens;
    expect(second.refresh_token).toBeDefined();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await tokenHolder(handle.db, first.access_token, now)).toBeUndefined();
    expect(await tokenHolder(handle.db, second.access_token, now)).toBeDefined();

    // Within seconds of the rotation, the same token again is one browser's two requests racing: refused, and
    // the family stays signed in.
    const racing = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' });
    expect(await racing.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await tokenHolder(handle.db, second.access_token, now)).toBeDefined();

    // Later (a thief, or a stale copy): refused, and the newest tokens stop working too.
    now = new Date(start.getTime() + 31_000);
    try {
      const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' });
      expect(replay.status).toBe(400);
      expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
      expect(await tokenHolder(handle.db, second.access_token, now)).toBeUndefined();
      const after = await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token ?? '' });
      expect(await after.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      now = start;
    }
  });

  it('lets an access token lapse after its hour', async () => {
    const body = (await (await login()).json()) as Tokens;
    expect(await tokenHolder(handle.db, body.access_token, new Date(now.getTime() + 3599_000))).toBeDefined();
    expect(
      await tokenHolder(handle.db, body.access_token, new Date(now.getTime() + 3600_000)),
    ).toBeUndefined();
  });

  it('answers any form it is sent with a 2xx or an OAuth error, never a 5xx', async () => {
    const field = fc.constantFrom(
      'grant_type',
      'client_id',
      'client_secret',
      'username',
      'password',
      'refresh_token',
      'scope',
    );
    const value = fc.oneof(
      fc.constantFrom('client_credentials', 'password', 'refresh_token', client.id, client.secret, ''),
      fc.string({ maxLength: 300 }),
      hostileString,
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, value), async (fields) => {
        const answer = await app.request('/oauth/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        });
        expect(answer.status).toBeLessThan(500);
        const body = (await answer.json()) as { error?: string; message?: string };
        // Over the 64 KB body limit: the product's 413, in its one error shape; else an OAuth error.
        if (answer.status === 413) expect(body.message).toMatch(/\S/);
        else if (answer.status >= 400) expect(body.error).toMatch(/^[a-z_]+$/);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 100) },
    );
  });

  it('refuses the longest address (254 characters) as any unknown one, and a NUL byte in the reader language', async () => {
    const long = await token({
      grant_type: 'password',
      username: longestEmail,
      password: 'Kapal-Feri-2026!',
    });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toBe('invalid_grant');
    const nul = await app.request('/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': 'id' },
      body: new URLSearchParams({
        client_id: client.id,
        client_secret: client.secret,
        grant_type: 'password',
        username: 'siti\u0000@example.co.id',
        password: 'Kapal-Feri-2026!',
      }).toString(),
    });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({
      error: 'invalid_request',
      error_description:
        'Permintaan ini tidak dapat dibaca: salah satu isiannya memuat karakter yang tidak diizinkan.',
    });
  });

  it('limits password guessing per address and per account, in the reader language, before any password check', async () => {
    const limited = createOAuthApp(
      // One proxy of ours in front: the address is X-Forwarded-For's last hop.
      testDeps(
        handle.db,
        now,
        undefined,
        { holds: 100, lookups: 100, codeFailures: 100, logins: 3, loginsPerAccount: 2 },
        1,
      ),
    );
    const guess = (username: string, address: string) =>
      limited.request('/oauth/token', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Accept-Language': 'id',
          'X-Forwarded-For': address,
        },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: client.id,
          client_secret: client.secret,
          username,
          password: 'guess',
        }).toString(),
      });
    // One account from many addresses: the account's limit (2) stops the third.
    expect((await guess('rate-a@example.co.id', '203.0.113.1')).status).toBe(400);
    expect((await guess('RATE-A@example.co.id', '203.0.113.2')).status).toBe(400);
    const account = await guess('rate-a@example.co.id', '203.0.113.3');
    expect(account.status).toBe(429);
    expect(await account.json()).toMatchObject({ error: 'temporarily_unavailable' });
    // One address trying many accounts: the address's limit (3) stops the fourth.
    for (const who of ['rate-b', 'rate-c', 'rate-d'])
      expect((await guess(`${who}@example.co.id`, '198.51.100.9')).status).toBe(400);
    const address = await guess('rate-e@example.co.id', '198.51.100.9');
    expect(address.status).toBe(429);
    expect(((await address.json()) as { error_description: string }).error_description).toMatch(/menit/);
    // The client tokens of the same application are not limited by it.
    const clientToken = await limited.request('/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.id,
        client_secret: client.secret,
      }).toString(),
    });
    expect(clientToken.status).toBe(200);
  });
});
