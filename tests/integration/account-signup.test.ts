import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken } from '../../src/server/auth/account-links.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { accountLinks, accountMails, users } from '../../src/server/db/schema/accounts.ts';
import { createOAuthApp } from '../../src/server/http/oauth-app.ts';
import { TEST_WEB_CLIENT, registerTestWebClient, testApp, testDeps } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';
import { accountMailsTo, linkTokenIn } from '../support/mail-capture.ts';

const start = new Date('2026-11-23T03:00:00Z');
const password = 'Kapal-Feri-2026!';

describe.each(testDatabases)('signing up (POST /api/auth/register, verify-email) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let api: ReturnType<typeof testApp>;
  let oauth: ReturnType<typeof createOAuthApp>;
  let clientToken: string;

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    api = testApp(handle.db, () => now);
    oauth = createOAuthApp(testDeps(handle.db, () => now));
    await registerTestWebClient(handle.db);
    clientToken = (await grant({ grant_type: 'client_credentials' })).access_token as string;
  });
  afterAll(() => drop());

  async function grant(fields: Record<string, string>) {
    const answer = await oauth.request('/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: TEST_WEB_CLIENT.id,
        client_secret: TEST_WEB_CLIENT.secret,
        ...fields,
      }),
    });
    return (await answer.json()) as Record<string, unknown>;
  }
  const login = (email: string, secret = password) =>
    grant({ grant_type: 'password', username: email, password: secret });
  const post = (path: string, body: unknown, locale = 'en', credential = clientToken) =>
    api.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': locale, Authorization: credential },
      body: JSON.stringify(body),
    });
  const signUp = (email: string, fields: Record<string, unknown> = {}, locale = 'en') =>
    post(
      '/api/auth/register',
      {
        fullName: 'Dewi Lestari',
        email,
        phone: '+6281234567890',
        password,
        passwordConfirmation: password,
        agree: true,
        ...fields,
      },
      locale,
    );
  const mails = (email: string) => accountMailsTo({ db: handle.db, now }, email);

  it('answers "check your email", and the account opens only with the e-mailed link', async () => {
    const answer = await signUp('Dewi@Example.co.id', {}, 'id');
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({
      message:
        'Periksa email Anda. Kami telah mengirim pesan ke Dewi@Example.co.id. Buka tautannya untuk melanjutkan.',
    });
    expect(await login('dewi@example.co.id')).toMatchObject({ error: 'invalid_grant' });
    const [mail, ...more] = await mails('dewi@example.co.id');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Verifikasi email untuk mengaktifkan akun Segara Ferry Anda');
    expect(mail?.text).toContain('https://segaraferry.example/id/verify-email?token=');
    const token = linkTokenIn(mail, '/verify-email');
    const verified = await post('/api/auth/verify-email', { token, password });
    expect(verified.status).toBe(200);
    expect(await login('dewi@example.co.id')).toMatchObject({ token_type: 'Bearer' });
    // Once only.
    const again = await post('/api/auth/verify-email', { token, password });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({
      errors: { token: ['This link has expired or was already used. Ask for a new one.'] },
    });
  });

  it('gives a registered address the same answer, changes nothing, and tells its owner', async () => {
    const before = await handle.db.select().from(users).where(eq(users.email, 'dewi@example.co.id'));
    const answer = await signUp('dewi@example.co.id', {
      fullName: 'Someone Else',
      password: 'Lain-Kali-99?',
      passwordConfirmation: 'Lain-Kali-99?',
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({
      message: 'Check your email: we have sent a message to dewi@example.co.id. Open its link to continue.',
    });
    const after = await handle.db.select().from(users).where(eq(users.email, 'dewi@example.co.id'));
    expect(after).toEqual(before);
    const [mail] = await mails('dewi@example.co.id');
    // In the account's own language (it signed up in Indonesian), not the caller's.
    expect(mail?.subject).toBe('Email Anda sudah terdaftar di Segara Ferry');
    expect(mail?.text).not.toContain('token=');
    expect(await login('dewi@example.co.id')).toMatchObject({ token_type: 'Bearer' });
  });

  it('lets only the latest sign-up of an unconfirmed address count, and only through its own link', async () => {
    // Someone signs up with an address that is not theirs; the owner signs up after them.
    await signUp('rina@example.com', {
      fullName: 'Not Rina',
      password: 'Penyusup-2026!',
      passwordConfirmation: 'Penyusup-2026!',
    });
    const [intruderMail] = await mails('rina@example.com');
    // The mail reaches the address's owner, not greeting anyone by the name the intruder typed.
    expect(intruderMail?.text).not.toContain('Not Rina');
    // The owner opening the intruder's link cannot confirm it: it needs the intruder's password.
    const intruderToken = linkTokenIn(intruderMail, '/verify-email');
    const refused = await post('/api/auth/verify-email', { token: intruderToken, password });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      errors: { password: [expect.stringContaining('sign up again')] },
    });
    await signUp('rina@example.com', { fullName: 'Rina Wijaya' });
    const [ownerMail] = await mails('rina@example.com');
    // The earlier link stopped working when the newer was sent, even with its own password.
    const stale = await post('/api/auth/verify-email', { token: intruderToken, password: 'Penyusup-2026!' });
    expect(stale.status).toBe(422);
    expect(
      (await post('/api/auth/verify-email', { token: linkTokenIn(ownerMail, '/verify-email'), password }))
        .status,
    ).toBe(200);
    expect(await login('rina@example.com', 'Penyusup-2026!')).toMatchObject({ error: 'invalid_grant' });
    expect(await login('rina@example.com')).toMatchObject({ token_type: 'Bearer' });
    const [rina] = await handle.db.select().from(users).where(eq(users.email, 'rina@example.com'));
    expect(rina?.fullName).toBe('Rina Wijaya');
  });

  it('refuses a forged, a foreign and an expired link alike', async () => {
    await signUp('budi@example.com');
    const token = linkTokenIn((await mails('budi@example.com'))[0], '/verify-email');
    const [id, signature] = token.split('.');
    const forged = `${id ?? ''}.${(signature ?? '').replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    const [link] = await handle.db
      .select()
      .from(accountLinks)
      .where(eq(accountLinks.id, id ?? ''));
    const otherKey = link && linkToken('another-installation-key-0123456789abcdef', link);
    for (const bad of [forged, otherKey, 'not-a-token', `${id ?? ''}.`])
      expect((await post('/api/auth/verify-email', { token: bad, password })).status).toBe(422);
    now = new Date(start.getTime() + 24 * 3_600_000 + 1000);
    try {
      const lateClient = (await grant({ grant_type: 'client_credentials' })).access_token as string;
      expect((await post('/api/auth/verify-email', { token, password }, 'en', lateClient)).status).toBe(422);
    } finally {
      now = start;
    }
  });

  it('checks the form: each rule its own message, common passwords refused, nothing saved', async () => {
    const weak = await signUp('weak@example.com', {
      password: 'abc',
      passwordConfirmation: 'abd',
      agree: false,
    });
    expect(weak.status).toBe(400);
    const body = (await weak.json()) as { errors: Record<string, string[]> };
    expect(body.errors.password).toEqual([
      'At least 8 characters',
      'An uppercase letter (A-Z)',
      'A number (0-9)',
      'A special character, such as ! # - or @',
    ]);
    expect(body.errors.agree).toEqual([
      'Confirm that you are 18 or older and agree to the terms and conditions and the privacy policy to sign up',
    ]);
    const common = await signUp('weak@example.com', {
      password: 'Password1!',
      passwordConfirmation: 'Password1!',
    });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({
      errors: { password: [expect.stringContaining('most used')] },
    });
    const mismatch = await signUp('weak@example.com', { passwordConfirmation: 'Kapal-Feri-2027!' });
    expect(await mismatch.json()).toMatchObject({
      errors: { passwordConfirmation: ['The passwords do not match'] },
    });
    const required = await post('/api/auth/register', {}, 'id');
    expect(await required.json()).toMatchObject({
      errors: {
        fullName: ['Nama lengkap wajib diisi'],
        email: ['Email wajib diisi'],
        phone: ['Nomor telepon wajib diisi'],
      },
    });
    expect(await handle.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toEqual([]);
  });

  it('needs the client credential: none is 401, a user token is not one', async () => {
    const nobody = await api.request('/api/auth/register', { method: 'POST', body: '{}' });
    expect(nobody.status).toBe(401);
    await signUp('sari@example.com');
    await post('/api/auth/verify-email', {
      password,
      token: linkTokenIn((await mails('sari@example.com'))[0], '/verify-email'),
    });
    const user = (await login('sari@example.com')).access_token as string;
    expect((await post('/api/auth/register', {}, 'en', user)).status).toBe(401);
    expect((await post('/api/auth/register', {}, 'en', `Bearer ${clientToken}`)).status).toBe(401);
  });

  it('limits sign-ups per address and e-mails per address, whoever owns it', async () => {
    const limited = testApp(
      handle.db,
      () => now,
      undefined,
      {
        holds: 100,
        lookups: 100,
        codeFailures: 100,
        registrations: 3,
        accountMails: 2,
      },
      1,
    );
    const send = (email: string) =>
      limited.request('/api/auth/register', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: clientToken,
          'X-Forwarded-For': '203.0.113.9',
        },
        body: JSON.stringify({
          fullName: 'Eko',
          email,
          phone: '+6281234567890',
          password,
          passwordConfirmation: password,
          agree: true,
        }),
      });
    expect((await send('eko@example.com')).status).toBe(202);
    expect((await send('eko@example.com')).status).toBe(202);
    expect((await send('eko@example.com')).status).toBe(429); // the third mail to one address
    expect((await send('eko2@example.com')).status).toBe(429); // the fourth sign-up from one address
    const queued = await handle.db.select().from(accountMails);
    expect(queued.length).toBeGreaterThan(0);
  });
});
