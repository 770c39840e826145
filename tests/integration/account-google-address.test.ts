import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CookieJar } from '../../src/server/auth/browser-session.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { accountLinks, accountMails, users } from '../../src/server/db/schema/accounts.ts';
import { createApp } from '../../src/server/http/app.ts';
import { submitForm, type FormRefusal } from '../../src/server/http/form-post.ts';
import { Network } from '../../src/server/network.ts';
import { proveAddress } from '../../src/server/use-cases/prove-address.ts';
import { sendAddressProof } from '../../src/server/use-cases/send-address-proof.ts';
import { accountBooking, accountBookings } from '../../src/server/services/account-bookings.ts';
import { useCaseContext } from '../../src/server/http/use-case-context.ts';
import { forgotPassword } from '../../src/server/use-cases/forgot-password.ts';
import { resetPassword } from '../../src/server/use-cases/reset-password.ts';
import { ACCOUNT_PASSWORD } from '../factories/accounts.ts';
import { registerTestWebClient, testApp, testDeps } from '../support/app.ts';
import { bookingReadyToPay, contact } from '../support/booking-flow.ts';
import { TestBrowser } from '../support/browser.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { startFakeGoogle } from '../support/fake-google.ts';
import { accountMailsTo, linkTokenIn } from '../support/mail-capture.ts';

/**
 * Guest bookings join an account made through Google only once its address is proven the account's own: at once
 * where Google is the address's authority (Gmail, the Workspace domain `hd`), else by our e-mailed link's button.
 * Google's `email_verified` for another provider's address says it was verified once, not that it is still theirs.
 */
// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');
const network = new Network();
let google: Awaited<ReturnType<typeof startFakeGoogle>>;

beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google.stop());

describe.each(testDatabases)('guest bookings of an address Google signed in on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 30));
    app = testApp(handle.db, () => now);
    await registerTestWebClient(handle.db);
  });
  afterAll(() => drop());

  const deps = () => ({ ...testDeps(handle.db, () => now), google: google.config() });
  async function signIn(claims: Record<string, unknown>, locale = 'en') {
    google.claims = { email_verified: true, ...claims };
    const browser = new TestBrowser(createApp(deps()));
    await browser.request('/api/session');
    const answer = await browser.request('/api/auth/google', {
      method: 'POST',
      json: { code: 'code-from-popup' },
      headers: { 'Accept-Language': locale },
    });
    expect(answer.status).toBe(200);
    return browser;
  }
  const guestBooking = async (email: string, date: string) =>
    bookingReadyToPay(app, { date, contact: { ...contact, email } });
  const account = async (email: string) => {
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no account for ${email}`);
    return user;
  };
  const listed = async (email: string) =>
    (await accountBookings(handle.db, network, (await account(email)).id, 'en', now)).map((b) => b.view.code);
  /** The mails sent to `email` (the job sends every queued mail: ask before another address's mails are read). */
  const mails = (email: string) => accountMailsTo({ db: handle.db, now }, email);
  /** The kinds of mail ever queued for the account of `email`, sent or not. */
  const queued = async (email: string) =>
    (
      await handle.db
        .select({ kind: accountMails.kind })
        .from(accountMails)
        .where(eq(accountMails.userId, (await account(email)).id))
    ).map((row) => row.kind);

  /** A page's plain form post with this browser's anti-forgery token, as the page sends it. */
  function formPost(path: string, fields: Record<string, string>) {
    const csrf = 'c'.repeat(43);
    const jar: CookieJar = { get: () => csrf, set: () => undefined, delete: () => undefined };
    const request = new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'http://localhost',
        Host: 'localhost',
      },
      body: new URLSearchParams({ ...fields, csrf }),
    });
    return { request, locals: { locale: 'en' as const }, csrf: jar };
  }
  /** The confirm page's one button, pressed. */
  const pressConfirm = (token: string) =>
    submitForm(formPost('/confirm-address', { token }), proveAddress, {}, deps());

  it('keeps guest bookings of an address Google only witnessed out of the account until our link is pressed', async () => {
    const { id, code } = await guestBooking('rahma@kapalmail.example', '2026-11-25');
    await signIn({ email: 'rahma@kapalmail.example', name: 'Rahma Dewi', sub: 'g-rahma' });
    const user = await account('rahma@kapalmail.example');
    expect(await listed('rahma@kapalmail.example')).not.toContain(code);
    expect(await accountBooking(handle.db, network, user.id, id, 'en')).toBeUndefined();
    expect(user).toMatchObject({ googleSubject: 'g-rahma', addressProvenAt: null });
    const [mail] = await mails('rahma@kapalmail.example');
    expect(mail?.subject).toBe('Confirm the email address of your Segara Ferry account');
    expect(mail?.text).toContain('If you did not sign in with Google, do not open the link');
    const token = linkTokenIn(mail, '/confirm-address');
    // Opening the link proves nothing (a mail scanner does that); the button's post does.
    expect(await listed('rahma@kapalmail.example')).not.toContain(code);
    const pressed = await pressConfirm(token);
    expect(pressed).toBeInstanceOf(Response);
    expect((pressed as Response).headers.get('Location')).toBe('/confirm-address?done');
    expect(await listed('rahma@kapalmail.example')).toContain(code);
    expect(await accountBooking(handle.db, network, user.id, id, 'en')).toMatchObject({ code });
    // Once only.
    expect(((await pressConfirm(token)) as FormRefusal).status).toBe(422);
  });

  it("unlinks a Google account that never proved the address when the mailbox's owner resets the password", async () => {
    const email = 'wulan@kapalmail.example';
    const { code } = await guestBooking(email, '2026-11-26');
    await signIn({ email, name: 'Not Wulan', sub: 'g-not-wulan' });
    await mails(email); // the prove-address link, left unopened
    const ctx = await useCaseContext(deps(), new Request('http://localhost/'), { locale: 'en' });
    await forgotPassword.run(ctx, { email });
    const token = linkTokenIn((await mails(email)).at(-1), '/new-password');
    await resetPassword.run(ctx, {
      token,
      password: 'Selat-Riau-2026?',
      passwordConfirmation: 'Selat-Riau-2026?',
    });
    expect(await account(email)).toMatchObject({ googleSubject: null });
    expect(await listed(email)).toContain(code);
    // The Google account that signed in before no longer opens it.
    google.claims = { email_verified: true, email, name: 'Not Wulan', sub: 'g-not-wulan' };
    const browser = new TestBrowser(createApp(deps()));
    await browser.request('/api/session');
    const again = await browser.request('/api/auth/google', {
      method: 'POST',
      json: { code: 'code-from-popup' },
    });
    expect(again.status).toBe(409);
  });

  it('mails the link again at a later Google sign-in only once the last one has lapsed', async () => {
    const claims = { email: 'joko@pos.example', name: 'Joko', sub: 'g-joko' };
    await signIn(claims);
    expect(await mails('joko@pos.example')).toHaveLength(1);
    await signIn(claims);
    expect(await mails('joko@pos.example')).toHaveLength(0);
    now = new Date(start.getTime() + 25 * 3_600_000);
    try {
      await signIn(claims);
      const [again] = await mails('joko@pos.example');
      expect(again?.subject).toBe('Confirm the email address of your Segara Ferry account');
      const { id } = await account('joko@pos.example');
      const open = (await handle.db.select().from(accountLinks).where(eq(accountLinks.userId, id))).filter(
        (link) => !link.usedAt && link.expiresAt > now,
      );
      expect(open).toHaveLength(1);
    } finally {
      now = start;
    }
  });

  it('sends the link again from My account (the JSON call and the form), ending the older one', async () => {
    const browser = await signIn({ email: 'putu@lautmail.example', name: 'Putu', sub: 'g-putu' });
    const first = linkTokenIn((await mails('putu@lautmail.example'))[0], '/confirm-address');
    const again = await browser.request('/api/profile/address-proof', { method: 'POST' });
    expect(again.status).toBe(202);
    expect(((await again.json()) as { message: string }).message).toContain('putu@lautmail.example');
    const second = linkTokenIn((await mails('putu@lautmail.example'))[0], '/confirm-address');
    const { id } = await account('putu@lautmail.example');
    const form = await submitForm(
      { ...formPost('/my-account?address-proof', {}), actor: { kind: 'account', userId: id } },
      sendAddressProof,
      {},
      deps(),
    );
    expect((form as Response).headers.get('Location')).toBe('/my-account?address-link-sent');
    const third = linkTokenIn((await mails('putu@lautmail.example'))[0], '/confirm-address');
    for (const older of [first, second])
      expect(((await pressConfirm(older)) as FormRefusal).status).toBe(422);
    expect(await pressConfirm(third)).toBeInstanceOf(Response);
    // Proven: asking again sends nothing.
    expect((await browser.request('/api/profile/address-proof', { method: 'POST' })).status).toBe(202);
    expect(await mails('putu@lautmail.example')).toEqual([]);
  });

  it('counts an address Google is the authority for as proven at once: Gmail, or its Workspace domain', async () => {
    const gmail = await guestBooking('bagus.laut@gmail.com', '2026-11-26');
    await signIn({ email: 'bagus.laut@gmail.com', name: 'Bagus', sub: 'g-bagus' });
    expect(await listed('bagus.laut@gmail.com')).toContain(gmail.code);
    const workspace = await guestBooking('wulan@pelayaran.example', '2026-11-26');
    await signIn({
      email: 'wulan@pelayaran.example',
      name: 'Wulan',
      sub: 'g-wulan',
      hd: 'pelayaran.example',
    });
    expect(await listed('wulan@pelayaran.example')).toContain(workspace.code);
    // A Workspace domain that is not the address's own speaks for nothing here.
    const other = await guestBooking('tono@dermaga.example', '2026-11-26');
    await signIn({ email: 'tono@dermaga.example', name: 'Tono', sub: 'g-tono', hd: 'pelayaran.example' });
    expect(await listed('tono@dermaga.example')).not.toContain(other.code);
    expect(await queued('bagus.laut@gmail.com')).toEqual([]);
    expect(await queued('wulan@pelayaran.example')).toEqual([]);
    expect(await queued('tono@dermaga.example')).toEqual(['prove_address']);
    // Its domain moved to Workspace since: Google now speaks for the address, and proves it at the next sign-in.
    await signIn({ email: 'tono@dermaga.example', name: 'Tono', sub: 'g-tono', hd: 'dermaga.example' });
    expect(await listed('tono@dermaga.example')).toContain(other.code);
  });

  it('takes over an unfinished sign-up without proving the address, and proves it through the JSON call too', async () => {
    const other = new TestBrowser(app);
    await other.request('/api/session');
    const signedUp = await other.request('/api/auth/register', {
      method: 'POST',
      json: {
        fullName: 'Not Sekar',
        email: 'sekar@laut.example',
        phone: '+6281234567890',
        password: ACCOUNT_PASSWORD,
        passwordConfirmation: ACCOUNT_PASSWORD,
        agree: true,
      },
    });
    expect(signedUp.status).toBe(202);
    const { code } = await guestBooking('sekar@laut.example', '2026-11-27');
    const browser = await signIn({ email: 'sekar@laut.example', name: 'Sekar Ayu', sub: 'g-sekar' }, 'id');
    expect(await account('sekar@laut.example')).toMatchObject({
      googleSubject: 'g-sekar',
      addressProvenAt: null,
    });
    expect(await listed('sekar@laut.example')).not.toContain(code);
    // The sign-up's own mail, then ours in the language of the Google sign-in; the sign-up's link no longer works.
    const sent = await mails('sekar@laut.example');
    const proof = sent.find((mail) => mail.text.includes('/id/confirm-address?token='));
    expect(proof?.subject).toBe('Verifikasi email akun Segara Ferry Anda');
    const token = linkTokenIn(proof, '/id/confirm-address');
    const confirm = (json: unknown) => browser.request('/api/auth/prove-address', { method: 'POST', json });
    expect((await confirm({ token: `${token.slice(0, -2)}xx` })).status).toBe(422);
    const proven = await confirm({ token });
    expect(proven.status).toBe(200);
    expect(((await proven.json()) as { message: string }).message).toBe(
      'Your email address is confirmed: bookings made with it now show in My bookings.',
    );
    expect(await listed('sekar@laut.example')).toContain(code);
    expect((await confirm({ token })).status).toBe(422);
  });
});
