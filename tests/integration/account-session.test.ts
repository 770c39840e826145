import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOAuthClient } from '../../src/server/auth/clients.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/accounts.ts';
import { createOAuthApp } from '../../src/server/http/oauth-app.ts';
import { testApp, testDeps } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';

const now = new Date('2026-11-21T10:00:00Z');
const client = { id: 'test-web', secret: 'a-long-random-secret-of-this-test-client-0123456789' };

describe.each(testDatabases)(
  'an account holder session (GET /api/profile, POST /api/logout) on $name',
  (database) => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    let oauth: ReturnType<typeof createOAuthApp>;
    let api: ReturnType<typeof testApp>;

    beforeAll(async () => {
      ({ handle, drop } = await database.create());
      oauth = createOAuthApp(testDeps(handle.db, now));
      api = testApp(handle.db, now);
      await upsertOAuthClient(handle.db, {
        ...client,
        name: 'test',
        grants: ['client_credentials', 'password', 'refresh_token'],
      });
      await handle.db.insert(users).values({
        email: 'bayu@example.co.id',
        fullName: 'Bayu Santoso',
        phone: '+6281234567890',
        passwordHash: await hashPassword('Kapal-Feri-2026!'),
        emailVerifiedAt: now,
        addressProvenAt: now,
      });
    });
    afterAll(() => drop());

    interface Tokens {
      access_token: string;
      refresh_token: string;
    }
    async function login(): Promise<Tokens> {
      const answer = await oauth.request('/oauth/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: client.id,
          client_secret: client.secret,
          username: 'bayu@example.co.id',
          password: 'Kapal-Feri-2026!',
        }).toString(),
      });
      return (await answer.json()) as Tokens;
    }
    const call = (method: string, path: string, token?: string, locale = 'en') =>
      api.request(path, {
        method,
        headers: { 'Accept-Language': locale, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });

    it('shows the profile to its bearer, and answers anyone else with the session-ended message', async () => {
      const { access_token } = await login();
      const profile = await call('GET', '/api/profile', access_token);
      expect(profile.status).toBe(200);
      expect(await profile.json()).toEqual({
        data: {
          fullName: 'Bayu Santoso',
          email: 'bayu@example.co.id',
          phone: '+6281234567890',
          gender: '',
          dateOfBirth: '',
          nationality: '',
          avatarUrl: null,
        },
      });
      const nobody = await call('GET', '/api/profile', undefined, 'id');
      expect(nobody.status).toBe(401);
      expect(await nobody.json()).toMatchObject({
        errors: { session: ['Sesi Anda telah berakhir, silakan masuk kembali'] },
      });
      expect((await call('GET', '/api/profile', 'not-a-token')).status).toBe(401);
      // A client token is not an account holder's.
      expect((await api.request('/api/profile', { headers: { Authorization: access_token } })).status).toBe(
        401,
      );
    });

    it('logs out one login: its tokens stop working, another device stays signed in', async () => {
      const phone = await login();
      const laptop = await login();
      expect((await call('POST', '/api/logout', phone.access_token)).status).toBe(204);
      expect((await call('GET', '/api/profile', phone.access_token)).status).toBe(401);
      const refreshed = await oauth.request('/oauth/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: client.id,
          client_secret: client.secret,
          refresh_token: phone.refresh_token,
        }).toString(),
      });
      expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
      expect((await call('GET', '/api/profile', laptop.access_token)).status).toBe(200);
      // Logging out again: the session is already over.
      expect((await call('POST', '/api/logout', phone.access_token)).status).toBe(401);
    });
  },
);
