import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { accountMails } from '../../src/server/db/schema/accounts.ts';
import { createOAuthApp } from '../../src/server/http/oauth-app.ts';
import { ACCOUNT_PASSWORD, confirmedAccount } from '../factories/accounts.ts';
import { TEST_WEB_CLIENT, registerTestWebClient, testApp, testDeps } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';
import { accountMailsTo, linkTokenIn } from '../support/mail-capture.ts';

const start = new Date('2026-11-23T03:00:00Z');
const newPassword = 'Pelabuhan#Batam7';

describe.each(testDatabases)('forgot and reset password (POST /api/recovery/*) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let api: ReturnType<typeof testApp>;
  let oauth: ReturnType<typeof createOAuthApp>;

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    api = testApp(handle.db, () => now);
    oauth = createOAuthApp(testDeps(handle.db, () => now));
    await registerTestWebClient(handle.db);
    await confirmedAccount(handle.db, { email: 'ayu@example.com', fullName: 'Ayu Pertiwi', locale: 'id' });
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
    return (await answer.json()) as Record<string, string>;
  }
  const login = (password: string, username = 'ayu@example.com') =>
    grant({ grant_type: 'password', username, password });
  const post = async (path: string, body: unknown, method = 'POST') =>
    api.request(path, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Authorization: (await grant({ grant_type: 'client_credentials' })).access_token ?? '',
      },
      body: JSON.stringify(body),
    });
  const reset = (token: string, password = 'Selat-Riau-2026?') =>
    post('/api/recovery/reset-password', { token, password, passwordConfirmation: password });
  const mails = (email: string) => accountMailsTo({ db: handle.db, now }, email);

  it('answers alike for a known and an unknown address, and mails only the account', async () => {
    const queuedBefore = (await handle.db.select().from(accountMails)).length;
    const known = await post('/api/recovery/forgot-password', { email: 'AYU@example.com' });
    const unknown = await post('/api/recovery/forgot-password', { email: 'nobody@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const knownBody = (await known.json()) as { message: string };
    const unknownBody = (await unknown.json()) as { message: string };
    expect(knownBody.message.replace('AYU@example.com', '@')).toBe(
      unknownBody.message.replace('nobody@example.com', '@'),
    );
    // One mail queued: the account's. An unknown address has no one to write to.
    expect((await handle.db.select().from(accountMails)).length).toBe(queuedBefore + 1);
    const [mail] = await mails('ayu@example.com');
    expect(mail?.subject).toBe('Buat kata sandi baru untuk akun Segara Ferry Anda');
    expect(mail?.text).toContain('selama 60 menit');
  });

  it('sets the new password once, ends every session, and says so by e-mail', async () => {
    const session = await login(ACCOUNT_PASSWORD);
    await post('/api/recovery/forgot-password', { email: 'ayu@example.com' });
    const token = linkTokenIn((await mails('ayu@example.com'))[0], '/new-password');
    const reset = await post('/api/recovery/reset-password', {
      token,
      password: newPassword,
      passwordConfirmation: newPassword,
    });
    expect(reset.status).toBe(200);
    expect(await login(ACCOUNT_PASSWORD)).toMatchObject({ error: 'invalid_grant' });
    expect(await login(newPassword)).toMatchObject({ token_type: 'Bearer' });
    // The session that existed before the reset is over, access and refresh token alike.
    const profile = await api.request('/api/profile', {
      headers: { Authorization: `Bearer ${session.access_token ?? ''}` },
    });
    expect(profile.status).toBe(401);
    expect(
      await grant({ grant_type: 'refresh_token', refresh_token: session.refresh_token ?? '' }),
    ).toMatchObject({ error: 'invalid_grant' });
    const [changed] = await mails('ayu@example.com');
    expect(changed?.subject).toBe('Kata sandi Segara Ferry Anda telah diubah');
    const reused = await post('/api/recovery/reset-password', {
      token,
      password: 'Lagi-Lagi-2026!',
      passwordConfirmation: 'Lagi-Lagi-2026!',
    });
    expect(reused.status).toBe(422);
  });

  it('lets a link work for 60 minutes, and only the newest one', async () => {
    await post('/api/recovery/forgot-password', { email: 'ayu@example.com' });
    const older = linkTokenIn((await mails('ayu@example.com'))[0], '/new-password');
    await post('/api/recovery/forgot-password', { email: 'ayu@example.com' });
    const newer = linkTokenIn((await mails('ayu@example.com'))[0], '/new-password');
    const body = (token: string) => ({
      token,
      password: 'Selat-Melaka-9?',
      passwordConfirmation: 'Selat-Melaka-9?',
    });
    expect((await post('/api/recovery/reset-password', body(older))).status).toBe(422);
    now = new Date(start.getTime() + 60 * 60_000);
    try {
      expect((await post('/api/recovery/reset-password', body(newer))).status).toBe(422);
    } finally {
      now = start;
    }
  });

  it('ends an open reset link when the password is changed: the link no longer resets, the new session stays', async () => {
    await confirmedAccount(handle.db, { email: 'dimas@example.com' });
    await post('/api/recovery/forgot-password', { email: 'dimas@example.com' });
    const token = linkTokenIn((await mails('dimas@example.com'))[0], '/new-password');
    // The owner remembers the password after all, logs in and changes it in My account.
    const session = await login(ACCOUNT_PASSWORD, 'dimas@example.com');
    const changed = await api.request('/api/profile/change-password', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.access_token ?? ''}` },
      body: JSON.stringify({
        currentPassword: ACCOUNT_PASSWORD,
        password: newPassword,
        passwordConfirmation: newPassword,
      }),
    });
    expect(changed.status).toBe(200);
    // Whoever else reads the old mail cannot set a password with it, nor sign the owner out.
    expect((await reset(token)).status).toBe(422);
    const profile = await api.request('/api/profile', {
      headers: { Authorization: `Bearer ${session.access_token ?? ''}` },
    });
    expect(profile.status).toBe(200);
    expect(await login(newPassword, 'dimas@example.com')).toMatchObject({ token_type: 'Bearer' });
  });

  it("ends the account's other open links when a reset is completed (a pending sign-up's too)", async () => {
    // Someone signed up with this address and a password of their choosing; its owner resets the password instead.
    const chosen = 'Bukan-Milik-Saya-9';
    const signedUp = await post('/api/auth/register', {
      fullName: 'Not Lina',
      email: 'lina@example.com',
      phone: '+6281234567890',
      password: chosen,
      passwordConfirmation: chosen,
      agree: true,
    });
    expect(signedUp.status).toBe(202);
    const confirm = linkTokenIn((await mails('lina@example.com'))[0], '/verify-email');
    await post('/api/recovery/forgot-password', { email: 'lina@example.com' });
    const token = linkTokenIn((await mails('lina@example.com'))[0], '/new-password');
    expect((await reset(token)).status).toBe(200);
    // The sign-up's link, opened now, neither confirms that sign-up nor logs anyone in.
    const opened = await post('/api/auth/verify-email', { token: confirm, password: chosen });
    expect(opened.status).toBe(422);
    expect(await login(chosen, 'lina@example.com')).toMatchObject({ error: 'invalid_grant' });
  });

  it('checks the new password by the rule and the common list before using the link', async () => {
    await post('/api/recovery/forgot-password', { email: 'ayu@example.com' });
    const token = linkTokenIn((await mails('ayu@example.com'))[0], '/new-password');
    const weak = await post('/api/recovery/reset-password', {
      token,
      password: 'short',
      passwordConfirmation: 'short',
    });
    expect(weak.status).toBe(400);
    const common = await post('/api/recovery/reset-password', {
      token,
      password: 'Password1!',
      passwordConfirmation: 'Password1!',
    });
    expect(common.status).toBe(400);
    // Neither used the link up.
    const good = await post('/api/recovery/reset-password', {
      token,
      password: 'Sekupang-Ferry-8',
      passwordConfirmation: 'Sekupang-Ferry-8',
    });
    expect(good.status).toBe(200);
  });

  it('limits requests per client address and e-mails per address', async () => {
    const limited = testApp(
      handle.db,
      () => now,
      undefined,
      { holds: 100, lookups: 100, codeFailures: 100, recoveries: 2, accountMails: 100 },
      1,
    );
    const clientToken = (await grant({ grant_type: 'client_credentials' })).access_token ?? '';
    const ask = (email: string) =>
      limited.request('/api/recovery/forgot-password', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: clientToken,
          'X-Forwarded-For': '198.51.100.4',
        },
        body: JSON.stringify({ email }),
      });
    expect((await ask('a@example.com')).status).toBe(202);
    expect((await ask('b@example.com')).status).toBe(202);
    const third = await ask('c@example.com');
    expect(third.status).toBe(429);
    expect(((await third.json()) as { message: string }).message).toContain('Too many attempts');
    expect((await handle.db.select().from(accountMails)).length).toBeGreaterThan(0);
  });
});
