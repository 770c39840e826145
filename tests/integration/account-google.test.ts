import { eq } from 'drizzle-orm';
import type { MutableResponse } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GoogleConfig } from '../../src/server/auth/google.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { accountLinks, users } from '../../src/server/db/schema/accounts.ts';
import { createApp } from '../../src/server/http/app.ts';
import { ACCOUNT_PASSWORD, confirmedAccount } from '../factories/accounts.ts';
import { registerTestWebClient, testDeps } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { testDatabases } from '../support/databases.ts';
import { startFakeGoogle, type FakeGoogle } from '../support/fake-google.ts';

/**
 * Sign in with Google against a real OpenID Connect provider run by the test (oauth2-mock-server): the code is
 * exchanged over HTTP and the ID token verified with the provider's published keys, as with Google itself.
 */
let provider: FakeGoogle;
let stranger: FakeGoogle; // another provider, whose keys the site does not trust

beforeAll(async () => {
  provider = await startFakeGoogle();
  stranger = await startFakeGoogle();
});
afterAll(async () => {
  await provider.stop();
  await stranger.stop();
});

/** The claims both providers' next ID tokens carry. */
function setClaims(claims: Record<string, unknown>) {
  provider.claims = claims;
  stranger.claims = claims;
}

const google = (overrides: Partial<GoogleConfig> = {}): GoogleConfig => provider.config(overrides);

describe.each(testDatabases)('sign in with Google (POST /api/auth/google) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const now = new Date();

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    await registerTestWebClient(handle.db);
  });
  afterAll(() => drop());
  beforeEach(() => {
    setClaims({ email: 'nadia.putri@gmail.com', email_verified: true, name: 'Nadia Putri', sub: 'g-nadia' });
  });

  async function signIn(config: GoogleConfig | null = google(), code = 'code-from-popup') {
    const browser = new TestBrowser(createApp({ ...testDeps(handle.db, now), google: config ?? undefined }));
    await browser.request('/api/session');
    const answer = await browser.request('/api/auth/google', { method: 'POST', json: { code } });
    return { browser, answer };
  }

  it('opens a new account for a verified Google address and logs the browser in', async () => {
    const { browser, answer } = await signIn();
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { loggedIn: boolean; data: { email: string; fullName: string } };
    expect(body).toMatchObject({
      loggedIn: true,
      data: { email: 'nadia.putri@gmail.com', fullName: 'Nadia Putri' },
    });
    expect(JSON.stringify(body)).not.toMatch(/id_token|eyJ/);
    expect((await browser.request('/api/profile')).status).toBe(200);
    const [user] = await handle.db.select().from(users).where(eq(users.email, 'nadia.putri@gmail.com'));
    expect(user?.emailVerifiedAt).not.toBeNull();
    expect(user?.passwordHash).toBeNull();
    // Again: the same account, not a second one.
    await signIn();
    expect(await handle.db.select().from(users).where(eq(users.email, 'nadia.putri@gmail.com'))).toHaveLength(
      1,
    );
  });

  it('links an account of an address Google is the authority for (Workspace); its password still works', async () => {
    const { id } = await confirmedAccount(handle.db, { email: 'rizky@example.com' });
    setClaims({
      email: 'Rizky@Example.com',
      email_verified: true,
      name: 'Rizky G.',
      hd: 'example.com',
      sub: 'g-rizky',
    });
    const { answer } = await signIn();
    expect(answer.status).toBe(200);
    const [user] = await handle.db.select().from(users).where(eq(users.email, 'rizky@example.com'));
    expect(user?.id).toBe(id);
    expect(user?.fullName).toBe('Bayu Santoso');
    const browser = new TestBrowser(createApp(testDeps(handle.db, now)));
    await browser.request('/api/session');
    const login = await browser.request('/api/session', {
      method: 'POST',
      json: { email: 'rizky@example.com', password: ACCOUNT_PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it('sends the owner of an address Google only witnessed to their password, and keeps a linked account to its Google account', async () => {
    await confirmedAccount(handle.db, { email: 'lapsed@oldmail.example' });
    // An address at another provider, verified at Google once: it may have changed hands since.
    setClaims({
      email: 'lapsed@oldmail.example',
      email_verified: true,
      name: 'New Owner',
      sub: 'g-stranger',
    });
    const refused = await signIn();
    expect(refused.answer.status).toBe(409);
    expect(((await refused.answer.json()) as { errors: { google: string[] } }).errors.google[0]).toMatch(
      /log in with your email and password/,
    );
    // A Gmail account links once; a second Google account with that address later does not get in.
    const { id } = await confirmedAccount(handle.db, { email: 'wati@gmail.com' });
    setClaims({ email: 'wati@gmail.com', email_verified: true, name: 'Wati', sub: 'g-wati' });
    expect((await signIn()).answer.status).toBe(200);
    setClaims({ email: 'wati@gmail.com', email_verified: true, name: 'Wati', sub: 'g-someone-else' });
    expect((await signIn()).answer.status).toBe(409);
    // The linked Google account signs in by its subject, even after its address changed.
    setClaims({ email: 'wati.new@gmail.com', email_verified: true, name: 'Wati', sub: 'g-wati' });
    const moved = await signIn();
    expect(moved.answer.status).toBe(200);
    const [user] = await handle.db.select().from(users).where(eq(users.googleSubject, 'g-wati'));
    expect(user?.id).toBe(id);
  });

  it("takes over an unfinished sign-up of the address: that sign-up's password and link no longer count", async () => {
    const app = createApp(testDeps(handle.db, now));
    const other = new TestBrowser(app);
    await other.request('/api/session');
    await other.request('/api/auth/register', {
      method: 'POST',
      json: {
        fullName: 'Not Sari',
        email: 'sari@example.com',
        phone: '+6281234567890',
        password: ACCOUNT_PASSWORD,
        passwordConfirmation: ACCOUNT_PASSWORD,
        terms: true,
      },
    });
    setClaims({ email: 'sari@example.com', email_verified: true, name: 'Sari Dewi', sub: 'g-sari' });
    expect((await signIn()).answer.status).toBe(200);
    const [user] = await handle.db.select().from(users).where(eq(users.email, 'sari@example.com'));
    expect(user).toMatchObject({ fullName: 'Sari Dewi', passwordHash: null });
    const links = await handle.db
      .select()
      .from(accountLinks)
      .where(eq(accountLinks.userId, user?.id ?? ''));
    expect(
      links.filter((link) => link.purpose === 'verify_email').every((link) => link.usedAt !== null),
    ).toBe(true);
    // Google is not the authority for that address: our own link is what proves it (account-google-address.test.ts).
    expect(links.filter((link) => link.usedAt === null).map((link) => link.purpose)).toEqual([
      'prove_address',
    ]);
  });

  it('refuses an address Google has not verified, and opens nothing', async () => {
    setClaims({ email: 'unverified@example.com', email_verified: false, name: 'U' });
    const { answer } = await signIn();
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as { errors: { google: string[] } }).errors.google[0]).toMatch(
      /not verified/,
    );
    expect(await handle.db.select().from(users).where(eq(users.email, 'unverified@example.com'))).toEqual([]);
  });

  it('refuses an ID token for another client, from another issuer, expired, or signed by untrusted keys', async () => {
    setClaims({ email: 'mallory@example.com', email_verified: true, aud: 'another-client' });
    expect((await signIn()).answer.status).toBe(422);
    setClaims({ email: 'mallory@example.com', email_verified: true });
    expect((await signIn(google({ issuer: 'https://accounts.google.com' }))).answer.status).toBe(422);
    setClaims({
      email: 'mallory@example.com',
      email_verified: true,
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    expect((await signIn()).answer.status).toBe(422);
    setClaims({ email: 'mallory@example.com', email_verified: true });
    const forged = google({
      tokenUrl: `${stranger.provider.issuer.url ?? ''}/token`,
      issuer: stranger.provider.issuer.url ?? '',
    });
    expect((await signIn(forged)).answer.status).toBe(422);
    expect(await handle.db.select().from(users).where(eq(users.email, 'mallory@example.com'))).toEqual([]);
  });

  it('says so when the provider refuses the code (422) or cannot be reached (503), in Indonesian too', async () => {
    provider.provider.service.once('beforeResponse', (response: MutableResponse) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    expect((await signIn()).answer.status).toBe(422);
    const away = google({ tokenUrl: 'http://127.0.0.1:9/token' });
    const browser = new TestBrowser(createApp({ ...testDeps(handle.db, now), google: away }));
    await browser.request('/api/session');
    const answer = await browser.request('/api/auth/google', {
      method: 'POST',
      json: { code: 'x' },
      headers: { 'Accept-Language': 'id' },
    });
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { errors: { google: string[] } }).errors.google).toEqual([
      'Google tidak dapat dihubungi saat ini. Silakan coba beberapa saat lagi.',
    ]);
  });

  it('is only for this site in a browser with its token, and absent without a configured client', async () => {
    expect((await signIn(null)).answer.status).toBe(404);
    const browser = new TestBrowser(createApp({ ...testDeps(handle.db, now), google: google() }));
    await browser.request('/api/session');
    const forged = await browser.request('/api/auth/google', {
      method: 'POST',
      json: { code: 'x' },
      forged: true,
    });
    expect(forged.status).toBe(403);
    expect((await signIn(google(), '')).answer.status).toBe(400);
  });
});
