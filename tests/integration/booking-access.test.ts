import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en.json' with { type: 'json' };
import id from '../../messages/id.json' with { type: 'json' };
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { submitForm } from '../../src/server/http/form-post.ts';
import { createOAuthApp } from '../../src/server/http/oauth-app.ts';
import { Network } from '../../src/server/network.ts';
import { attachBooking } from '../../src/server/services/attach-booking.ts';
import type { BookingView } from '../../src/server/services/booking-view.ts';
import { cancelBookingTickets } from '../../src/server/use-cases/cancel-tickets.ts';
import { useCaseContext } from '../../src/server/http/use-case-context.ts';
import { saveDetails } from '../../src/server/use-cases/save-details.ts';
import { confirmedAccount, ACCOUNT_PASSWORD } from '../factories/accounts.ts';
import { registerTestWebClient, testApp, testDeps, TEST_WEB_CLIENT } from '../support/app.ts';
import { accessTo } from '../support/booking-access.ts';
import {
  bookingReadyToPay,
  contact,
  paidBookingView,
  passenger,
  ticketNumbersOf,
} from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { mailsAbout } from '../support/mail-capture.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');
const network = new Network();
const refundTo = { bank: 'BCA', accountNumber: '1234 5678 90', accountHolder: 'Siti Rahma' };

describe.each(testDatabases)('only whoever proves a booking changes it, on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  const clock = () => now;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    await registerTestWebClient(handle.db);
    app = testApp(handle.db, clock);
  });
  afterAll(() => drop());

  const paid = (): Promise<BookingView> => {
    now = start;
    return paidBookingView(app, handle.db, { date: '2026-11-30', adults: 1, now });
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const cancel = (booking: BookingView, headers: Record<string, string> = {}) =>
    post(
      `/api/bookings/${booking.id}/cancellation`,
      { tickets: ticketNumbersOf(booking), agree: true, ...refundTo },
      headers,
    );
  const codeFromMail = async (booking: BookingView) => {
    const mails = await mailsAbout({ db: handle.db, network, now }, booking.code);
    const last = mails.at(-1);
    const code = /\b(\d{6})\b/.exec(last?.subject ?? '')?.[1];
    if (!code) throw new Error('no code mailed');
    return { code, mail: last };
  };

  it('refuses a cancellation with a refund from the link alone, in the reader language, and changes nothing', async () => {
    const booking = await paid();
    const refused = await cancel(booking);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ errors: { booking: [en.booking_access_required] } });
    const inIndonesian = await cancel(booking, { 'Accept-Language': 'id' });
    expect(await inIndonesian.json()).toMatchObject({ errors: { booking: [id.booking_access_required] } });
    const sailing = booking.legs[0]?.sailingId ?? '';
    const tickets = ticketNumbersOf(booking);
    const moved = await post(`/api/bookings/${booking.id}/reschedule`, { tickets, sailing, agree: true });
    expect(moved.status).toBe(403);
    expect((await post(`/api/bookings/${booking.id}/claim`, { sailing })).status).toBe(403);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('paid');
  });

  it('accepts the grant that the code and contact e-mail give, and no other booking with it', async () => {
    const booking = await paid();
    const other = await paid();
    const found = await post('/api/bookings/lookup', {
      code: booking.code,
      email: contact.email.toUpperCase(),
    });
    const { access } = (await found.json()) as { access: string };
    expect((await cancel(other, { 'X-Booking-Access': access })).status).toBe(403);
    expect((await cancel(booking, { 'X-Booking-Access': access })).status).toBe(200);
    // A grant ends with its hour.
    const later = await paid();
    const header = accessTo(later.id, new Date(now.getTime() - 61 * 60_000));
    expect((await cancel(later, header)).status).toBe(403);
  });

  it("accepts the booking's contact e-mail typed for it, and refuses another address at its field", async () => {
    const booking = await paid();
    const wrong = await post(`/api/bookings/${booking.id}/access`, { email: 'someone@example.com' });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ errors: { email: [en.booking_access_wrong_email] } });
    const right = await post(`/api/bookings/${booking.id}/access`, { email: contact.email });
    const granted = (await right.json()) as { access: string; strength: string };
    expect(granted.strength).toBe('contact');
    expect((await cancel(booking, { 'X-Booking-Access': granted.access })).status).toBe(200);
  });

  it('accepts the e-mailed one-time code once, counts wrong tries and ends it after 10 minutes', async () => {
    const booking = await paid();
    const sent = await post(`/api/bookings/${booking.id}/access-code`, {});
    expect(sent.status).toBe(202);
    expect(await sent.json()).toMatchObject({ sentTo: 'si•••@example.co.id' });
    const { code, mail } = await codeFromMail(booking);
    expect(mail?.to).toBe(contact.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post(`/api/bookings/${booking.id}/access`, { code: wrongCode });
    expect(await wrong.json()).toMatchObject({ errors: { code: [en.booking_access_code_wrong] } });
    const right = await post(`/api/bookings/${booking.id}/access`, { code: code.replace(/(\d{3})/, '$1 ') });
    const granted = (await right.json()) as { access: string; strength: string };
    expect(granted.strength).toBe('mailbox');
    expect((await post(`/api/bookings/${booking.id}/access`, { code })).status).toBe(422); // used once
    expect((await cancel(booking, { 'X-Booking-Access': granted.access })).status).toBe(200);

    // Five wrong tries spend a code; so do ten minutes.
    const next = await paid();
    await post(`/api/bookings/${next.id}/access-code`, {});
    const fresh = (await codeFromMail(next)).code;
    for (let i = 0; i < 5; i++)
      await post(`/api/bookings/${next.id}/access`, { code: fresh === '222222' ? '333333' : '222222' });
    expect((await post(`/api/bookings/${next.id}/access`, { code: fresh })).status).toBe(422);
    await post(`/api/bookings/${next.id}/access-code`, {});
    const late = (await codeFromMail(next)).code;
    now = new Date(now.getTime() + 10 * 60_000 + 1);
    expect((await post(`/api/bookings/${next.id}/access`, { code: late })).status).toBe(422);
  });

  it('masks the contact address its link shows once paid, so the link alone cannot type it', async () => {
    const booking = await paid();
    const shown = (await (await app.request(`/api/bookings/${booking.id}`)).json()) as BookingView;
    expect(shown.contact?.email).toBe('si•••@example.co.id');
    const typed = await post(`/api/bookings/${booking.id}/access`, { email: shown.contact?.email });
    expect(typed.status).toBe(400); // not even an address
    // A raw Authorization (a client token, a staging password) leaves the caller a guest: proof still needed.
    expect((await cancel(booking, { Authorization: 'Basic c3RhZ2luZzpzZWNyZXQ=' })).status).toBe(403);
  });

  it('lets one of two presses of the same code at once through, never both', async () => {
    const booking = await paid();
    for (let round = 0; round < 8; round++) {
      await post(`/api/bookings/${booking.id}/access-code`, {});
      const { code } = await codeFromMail(booking);
      const answers = await Promise.all([
        post(`/api/bookings/${booking.id}/access`, { code }),
        post(`/api/bookings/${booking.id}/access`, { code }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    }
  });

  it('stops wrong one-time codes for a booking at 10 a day, across the codes asked for', async () => {
    const booking = await paid();
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    let last = 0;
    for (let round = 0; round < 3; round++) {
      await post(`/api/bookings/${booking.id}/access-code`, {});
      const { code } = await codeFromMail(booking);
      for (let i = 0; i < 4; i++)
        last = (await post(`/api/bookings/${booking.id}/access`, { code: wrongFor(code) })).status;
    }
    expect(last).toBe(429);
    await post(`/api/bookings/${booking.id}/access-code`, {});
    const { code } = await codeFromMail(booking);
    expect((await post(`/api/bookings/${booking.id}/access`, { code })).status).toBe(429);
  });

  it("accepts the logged-in owner (bearer token) and refuses another account's", async () => {
    const booking = await paid();
    await confirmedAccount(handle.db, { email: contact.email });
    await confirmedAccount(handle.db, { email: 'stranger@example.com' });
    const token = async (username: string) => {
      const answer = await createOAuthApp(testDeps(handle.db, clock)).request('/oauth/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: TEST_WEB_CLIENT.id,
          client_secret: TEST_WEB_CLIENT.secret,
          username,
          password: ACCOUNT_PASSWORD,
        }).toString(),
      });
      const body = (await answer.json()) as { access_token?: string };
      if (!body.access_token) throw new Error(`no token: ${JSON.stringify(body)}`);
      return `Bearer ${body.access_token}`;
    };
    expect((await cancel(booking, { Authorization: await token('stranger@example.com') })).status).toBe(403);
    expect((await cancel(booking, { Authorization: await token(contact.email) })).status).toBe(200);
  });

  it('mails the refund account by its last four digits to the contact address', async () => {
    const booking = await paid();
    await mailsAbout({ db: handle.db, network, now }, booking.code); // the e-ticket, out of the way
    expect((await cancel(booking, accessTo(booking.id, now))).status).toBe(200);
    const [mail] = await mailsAbout({ db: handle.db, network, now }, booking.code);
    expect(mail?.to).toBe(contact.email);
    expect(mail?.text).toContain('BCA account ••••7890 in the name of Siti Rahma');
    expect(mail?.text).not.toContain('1234 5678 90');
  });

  it('refuses the form door without proof and accepts it with the grant cookie', async () => {
    const booking = await paid();
    const deps = testDeps(handle.db, clock);
    const form = (access: { grants: string[] }) => ({
      request: new Request(`http://localhost/booking/${booking.id}/cancellation`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ tickets: ticketNumbersOf(booking)[0] ?? '', agree: 'on', ...refundTo }),
      }),
      locals: { locale: 'en' as const },
      access,
    });
    const params = { params: { id: booking.id } };
    const refused = await submitForm(form({ grants: [] }), cancelBookingTickets, params, deps);
    expect(refused).toMatchObject({ status: 403, errors: { booking: [en.booking_access_required] } });
    const grant = Object.values(accessTo(booking.id, now));
    const done = await submitForm(form({ grants: grant }), cancelBookingTickets, params, deps);
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).status).toBe(303);
  });

  it("makes a held booking a logged-in holder's only if this browser held it or the contact is theirs", async () => {
    now = start;
    const holder = await confirmedAccount(handle.db, { email: 'holder@example.com' });
    const details = { contact, passengers: [passenger('Ana Putri')] };
    const save = async (bookingId: string, heldHere?: string) => {
      const ctx = await useCaseContext(testDeps(handle.db, clock), new Request('http://localhost/'), {
        locale: 'en',
        actor: { kind: 'account', userId: holder.id },
        access: { grants: [], heldHere },
      });
      await saveDetails.run(ctx, { bookingId, ...details });
      const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, bookingId));
      return row?.userId ?? null;
    };
    // Someone else's hold, opened by its link: saving it changes nothing of who owns it.
    const { id: theirs } = await bookingReadyToPay(app, { date: '2026-11-30' });
    expect(await save(theirs)).toBeNull();
    // The hold this browser made (its hold cookie): the holder's, whoever travels.
    const { id: mine } = await bookingReadyToPay(app, { date: '2026-11-30' });
    expect(await save(mine, mine)).toBe(holder.id);
  });

  it('attaches a booking at login only to the account with its address, never by its link', async () => {
    now = start;
    const { id: heldId } = await bookingReadyToPay(app, { date: '2026-11-30' });
    const stranger = await confirmedAccount(handle.db, { email: 'taker@example.com' });
    expect(await attachBooking(handle.db, stranger.id, heldId)).toBe(false);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, heldId));
    expect(row?.userId).toBeNull();
    const owner = await confirmedAccount(handle.db, { email: 'siti.owner@example.co.id' });
    await handle.db
      .update(bookings)
      .set({ contactEmail: 'siti.owner@example.co.id' })
      .where(eq(bookings.id, heldId));
    expect(await attachBooking(handle.db, owner.id, heldId)).toBe(true);
    // With the mailbox proven (the e-mailed code), another account may take a booking no one holds yet.
    const { id: second } = await bookingReadyToPay(app, { date: '2026-11-30' });
    expect(await attachBooking(handle.db, stranger.id, second, true)).toBe(true);
  });
});
