import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type OAuth2Server from '@node-oauth/oauth2-server';
import { oauthModel } from '../../src/server/auth/oauth-model.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { createApp } from '../../src/server/http/app.ts';
import { ACCOUNT_PASSWORD } from '../factories/accounts.ts';
import type { testApp } from '../support/app.ts';
import { accountsApi, testDeps } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { testDatabases } from '../support/databases.ts';

const start = new Date('2026-11-23T03:00:00Z');

describe.each(testDatabases)('a browser session in HttpOnly cookies (/api/session) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let api: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop, api } = await accountsApi(database, () => now, [
      { email: 'wayan@example.com', fullName: 'Wayan Sudarma' },
      { email: 'ketut@example.com', fullName: 'Ketut Arsana' },
    ]));
  });
  afterAll(() => drop());

  async function loggedIn(browser = new TestBrowser(api), email = 'wayan@example.com') {
    await browser.request('/api/session');
    const answer = await browser.request('/api/session', {
      method: 'POST',
      json: { email, password: ACCOUNT_PASSWORD },
    });
    expect(answer.status).toBe(200);
    return browser;
  }

  it('keeps the tokens in HttpOnly cookies and gives page JavaScript none', async () => {
    const browser = new TestBrowser(api);
    const first = await browser.request('/api/session');
    expect(await first.json()).toEqual({ loggedIn: false });
    expect(browser.setCookie('segara_csrf')).toMatch(/SameSite=Lax/i);
    expect(browser.setCookie('segara_csrf')).not.toMatch(/HttpOnly/i);
    const before = browser.cookies.get('segara_csrf');
    const login = await browser.request('/api/session', {
      method: 'POST',
      json: { email: 'Wayan@example.com', password: ACCOUNT_PASSWORD },
    });
    const body = await login.text();
    expect(JSON.parse(body)).toMatchObject({ loggedIn: true, data: { fullName: 'Wayan Sudarma' } });
    const session = browser.cookies.get('segara_session') ?? '';
    expect(session).toMatch(/^[\w-]{43}$/);
    expect(body).not.toContain(session);
    expect(body).not.toContain(browser.cookies.get('segara_refresh'));
    expect(browser.setCookie('segara_session')).toMatch(/HttpOnly/i);
    expect(browser.setCookie('segara_session')).toMatch(/Max-Age=3600/);
    expect(browser.setCookie('segara_session')).toMatch(/SameSite=Lax/i);
    expect(browser.setCookie('segara_refresh')).toMatch(/HttpOnly/i);
    expect(browser.setCookie('segara_session')).not.toMatch(/Secure/);
    // A new session gets a new anti-forgery token.
    expect(browser.cookies.get('segara_csrf')).not.toBe(before);
    expect(await (await browser.request('/api/session')).json()).toMatchObject({ loggedIn: true });
  });

  it('marks the cookies Secure when the site is served over TLS', async () => {
    const tls = createApp({ ...testDeps(handle.db, () => now), siteUrl: 'https://segaraferry.example' });
    const browser = await loggedIn(new TestBrowser(tls, 'https://segaraferry.example'));
    expect(browser.setCookie('segara_session')).toMatch(/Secure/);
    expect(browser.setCookie('segara_refresh')).toMatch(/Secure/);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const browser = new TestBrowser(api);
    await browser.request('/api/session');
    const wrong = await browser.request('/api/session', {
      method: 'POST',
      json: { email: 'wayan@example.com', password: 'Salah-Sandi-1!' },
    });
    const unknown = await browser.request('/api/session', {
      method: 'POST',
      json: { email: 'nobody@example.com', password: 'Salah-Sandi-1!' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(browser.cookies.has('segara_session')).toBe(false);
  });

  it('refuses a change without the anti-forgery token or from another origin (403), and keeps the data', async () => {
    const browser = await loggedIn();
    const profile = {
      fullName: 'Wayan Sudarma',
      phone: '+6281234567891',
      gender: 'male',
      dateOfBirth: '1990-04-12',
      nationality: 'ID',
    };
    const forged = await browser.request('/api/profile', { method: 'PUT', json: profile, forged: true });
    expect(forged.status).toBe(403);
    const elsewhere = await browser.request('/api/profile', {
      method: 'PUT',
      json: profile,
      from: 'https://evil.example',
    });
    expect(elsewhere.status).toBe(403);
    const login = await new TestBrowser(api).request('/api/session', {
      method: 'POST',
      json: { email: 'wayan@example.com', password: ACCOUNT_PASSWORD },
    });
    expect(login.status).toBe(401); // no cookie of ours at all: not a page of this site
    expect(await (await browser.request('/api/profile')).json()).toMatchObject({
      data: { phone: '+6281234567890' },
    });
    const saved = await browser.request('/api/profile', { method: 'PUT', json: profile });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ data: { ...profile, avatarUrl: null, email: 'wayan@example.com' } });
  });

  it('renews an expired access token with the refresh cookie, rotating both', async () => {
    const browser = await loggedIn();
    const firstRefresh = browser.cookies.get('segara_refresh');
    now = new Date(start.getTime() + 3600_000 + 1000);
    try {
      const profile = await browser.request('/api/profile');
      expect(profile.status).toBe(200);
      expect(browser.cookies.get('segara_refresh')).not.toBe(firstRefresh);
      expect(browser.setCookie('segara_session')).toMatch(/HttpOnly/i);
    } finally {
      now = start;
    }
  });

  it('keeps a browser signed in when two of its requests renew the same expired session at once', async () => {
    const browser = await loggedIn();
    const twin = new TestBrowser(api);
    for (const [name, value] of browser.cookies) twin.cookies.set(name, value);
    now = new Date(start.getTime() + 3600_000 + 1000);
    try {
      const [first, second] = await Promise.all([
        browser.request('/api/profile'),
        twin.request('/api/profile'),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      // Whichever answer came last, the renewed cookies keep working, and so does a late third request.
      expect((await browser.request('/api/profile')).status).toBe(200);
      expect((await twin.request('/api/profile')).status).toBe(200);
    } finally {
      now = start;
    }
  });

  it('keeps a request that renews in the moment between the rotation and the new token being saved', async () => {
    const browser = await loggedIn(undefined, 'ketut@example.com'); // Wayan's logins are counted by the others
    const refresh = browser.cookies.get('segara_refresh') ?? '';
    now = new Date(start.getTime() + 3600_000 + 1000);
    try {
      // Another request of this browser has rotated the refresh token and not yet saved the new one: no token of
      // the session is alive for that moment, yet nobody logged out.
      await oauthModel(handle.db, () => now).revokeToken({
        refreshToken: refresh,
      } as OAuth2Server.RefreshToken);
      expect((await browser.request('/api/profile')).status).toBe(200);
    } finally {
      now = start;
    }
  });

  it('logs out: the server ends the session, the cookies go, and the old cookie is refused', async () => {
    const browser = await loggedIn();
    const stolen = new Map(browser.cookies);
    expect((await browser.request('/api/logout', { method: 'POST' })).status).toBe(204);
    expect(browser.cookies.has('segara_session')).toBe(false);
    expect(browser.cookies.has('segara_refresh')).toBe(false);
    const replay = new TestBrowser(api);
    for (const [name, value] of stolen) replay.cookies.set(name, value);
    const answer = await replay.request('/api/profile');
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({
      errors: { session: ['Login session has ended, please login again'] },
    });
  });

  it('changes the password: the current one first, other sessions end, this one stays', async () => {
    const here = await loggedIn();
    const there = await loggedIn();
    const wrong = await here.request('/api/profile/change-password', {
      method: 'PUT',
      json: {
        currentPassword: 'Tidak-Benar-1!',
        password: 'Baru-Sekali-2026!',
        passwordConfirmation: 'Baru-Sekali-2026!',
      },
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({
      errors: { currentPassword: ['The current password is not correct'] },
    });
    const changed = await here.request('/api/profile/change-password', {
      method: 'PUT',
      json: {
        currentPassword: ACCOUNT_PASSWORD,
        password: 'Baru-Sekali-2026!',
        passwordConfirmation: 'Baru-Sekali-2026!',
      },
    });
    expect(changed.status).toBe(200);
    expect((await here.request('/api/profile')).status).toBe(200);
    expect((await there.request('/api/profile')).status).toBe(401);
    // Put it back for the other tests.
    await here.request('/api/profile/change-password', {
      method: 'PUT',
      json: {
        currentPassword: 'Baru-Sekali-2026!',
        password: ACCOUNT_PASSWORD,
        passwordConfirmation: ACCOUNT_PASSWORD,
      },
    });
  });

  it('checks the profile form: every field required, a birth date in the past', async () => {
    const browser = await loggedIn();
    const empty = await browser.request('/api/profile', {
      method: 'PUT',
      json: {},
      headers: { 'Accept-Language': 'id' },
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      errors: {
        fullName: ['Nama lengkap wajib diisi'],
        phone: ['Nomor telepon wajib diisi'],
        gender: ['Jenis kelamin wajib diisi'],
        dateOfBirth: ['Tanggal lahir wajib diisi'],
        nationality: ['Kewarganegaraan wajib diisi'],
      },
    });
    const future = await browser.request('/api/profile', {
      method: 'PUT',
      json: {
        fullName: 'Wayan',
        phone: '+6281234567890',
        gender: 'male',
        dateOfBirth: '2027-01-01',
        nationality: 'ID',
      },
    });
    expect(future.status).toBe(422);
    expect(await future.json()).toMatchObject({
      errors: { dateOfBirth: ['Enter a date of birth in the past'] },
    });
  });
});
