import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { payments, sentMails } from '../../src/server/db/schema/payments.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { claimMail, markMail } from '../../src/server/db/queries/mail-queue.ts';
import { queueCurrentStateMail } from '../../src/server/db/queries/queue-mail.ts';
import { deliverMails } from '../../src/server/jobs/deliver-mails.ts';
import { expireBookings } from '../../src/server/jobs/expire-bookings.ts';
import { createMailer } from '../../src/server/mail/transport.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { Network } from '../../src/server/network.ts';
import { testApp } from '../support/app.ts';
import type { MailMessage } from '../../src/server/mail/transport.ts';
import {
  bookingReadyToPay,
  paidBookingView,
  paidCallbackBody,
  pay,
  sandboxCallback,
  ticketNumbersOf,
} from '../support/booking-flow.ts';
import { testDatabases } from '../support/databases.ts';
import { log } from '../../src/server/observability/log.ts';

const now = new Date('2026-11-21T10:00:00Z');

describe.each(testDatabases)('sending the booking mails on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let outbox: string;

  const send = () =>
    deliverMails({
      db: handle.db,
      network: new Network(),
      mailer: createMailer({ outboxDir: outbox, from: 'Segara Ferry <tickets@segaraferry.example>' }),
      siteUrl: 'https://segaraferry.example',
      now,
    });
  const mails = () => readdirSync(outbox).map((name) => readFileSync(join(outbox, name), 'utf8'));

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, now, 20);
    outbox = mkdtempSync(join(tmpdir(), 'segara-outbox-'));
  });
  afterAll(async () => {
    await drop();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('sends each queued mail once, in the booking language, with the e-tickets once paid', async () => {
    const app = testApp(handle.db, now);
    const paid = await bookingReadyToPay(app, { date: '2026-12-01', adults: 2 });
    const unpaid = await bookingReadyToPay(app, { date: '2026-12-02' });
    await pay(app, paid.id, 'permata');
    const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, paid.id));
    await sandboxCallback(app, paidCallbackBody(payment, now), { now });
    // The unpaid hold was made from the Indonesian site: its mail is in Indonesian whatever runs the job.
    await handle.db.update(bookings).set({ locale: 'id' }).where(eq(bookings.id, unpaid.id));
    await expireBookings(handle.db, new Date(now.getTime() + 21 * 60_000)); // the unpaid hold lapses

    expect(await send()).toBe(3); // payment instructions and e-tickets for one, expiry for the other
    expect(await send()).toBe(0);
    const sent = mails();
    expect(sent).toHaveLength(3);
    const tickets = sent.find((raw) => raw.includes('Subject: Your e-tickets'));
    expect(tickets).toContain(`e-ticket-${paid.code}.pdf`);
    expect(tickets).toContain('Content-Type: application/pdf');
    expect(sent.filter((raw) => raw.includes(unpaid.code))).toEqual([
      expect.stringContaining(`Subject: Pesanan ${unpaid.code} telah kedaluwarsa`),
    ]);
    const rows = await handle.db.select().from(sentMails);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  it('mails a change that queues a mail again while it is sent: once more, with the newer state, never twice at once', async () => {
    const app = testApp(handle.db, now);
    // Saturday 17:00 in Batam: Sunday's first sailing is open for check-in.
    const view = await paidBookingView(app, handle.db, { date: '2026-11-22', adults: 2, now });
    const [first, second] = ticketNumbersOf(view);
    const checkIn = async (ticket: string | undefined) => {
      const answer = await app.request(`/api/bookings/${view.id}/check-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tickets: [ticket] }),
      });
      expect(answer.status).toBe(200);
    };
    const run = (mailer: { send: (message: MailMessage) => Promise<{ id: string }> }) =>
      deliverMails({ db: handle.db, network: new Network(), mailer, siteUrl: 'https://example.test', now });
    const ignore = { send: () => Promise.resolve({ id: 'ignored' }) };
    while ((await run(ignore)) > 0); // the e-tickets: only boarding passes follow

    await checkIn(first);
    const passesPerMail: number[] = [];
    let sentMeanwhile = -1;
    const mailer = {
      async send(message: MailMessage) {
        passesPerMail.push(message.attachments?.length ?? 0);
        if (passesPerMail.length === 1) {
          // The second passenger checks in while the first passenger's mail is being sent, and another process's
          // mail job runs meanwhile: it must leave the mail to the run that is sending it.
          await checkIn(second);
          sentMeanwhile = await run(mailer);
        }
        return { id: String(passesPerMail.length) };
      },
    };
    while ((await run(mailer)) > 0);
    expect(sentMeanwhile).toBe(0);
    expect(passesPerMail).toEqual([1, 2]);
    const [row] = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, view.id));
    expect(row?.sentAt).not.toBeNull();
  });

  it('leaves a mail the transport refused for its retry, a minute later, then two, rather than at once', async () => {
    const app = testApp(handle.db, now);
    const booking = await bookingReadyToPay(app, { date: '2026-12-03' });
    await pay(app, booking.id, 'bri'); // queues the payment instructions
    const down = { send: () => Promise.reject(new Error('mail server down')) };
    const sent: string[] = [];
    const up = {
      send: (message: MailMessage) => {
        sent.push(message.subject);
        return Promise.resolve({ id: String(sent.length) });
      },
    };
    const run = (mailer: typeof up | typeof down, at: Date) =>
      deliverMails({
        db: handle.db,
        network: new Network(),
        mailer,
        siteUrl: 'https://example.test',
        now: at,
      });
    const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(await run(down, now)).toBe(0);
    expect(await run(up, later(59))).toBe(0); // not before its minute
    expect(await run(down, later(61))).toBe(0);
    expect(await run(up, later(61 + 119))).toBe(0); // the second retry waits two minutes
    expect(await run(up, later(61 + 121))).toBe(1);
    expect(sent).toEqual([expect.stringContaining(booking.code)]);
    expect(errors).toHaveBeenCalledTimes(2);
    const [row] = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, booking.id));
    expect(row).toMatchObject({ attempts: 3, claimedUntil: null });
  });

  it("marks a mail only while its lease is this run's, and sends a mail queued again after failures at once", async () => {
    const booking = await bookingReadyToPay(testApp(handle.db, now), { date: '2026-12-04' });
    await queueCurrentStateMail(handle.db, booking.id, 'booking_cancelled');
    const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
    const mine = await claimMail(handle.db, 'sent_mails', now);
    expect(mine).toBeDefined();
    if (!mine) return;
    // This run's send hangs past its lease: another run claims the mail, sends it and marks it.
    const theirs = await claimMail(handle.db, 'sent_mails', minutes(6));
    expect(theirs?.id).toBe(mine.id);
    if (!theirs) return;
    expect(await markMail(handle.db, 'sent_mails', theirs, true, minutes(6))).toBe('sent');
    // The late run's mark changes nothing.
    expect(await markMail(handle.db, 'sent_mails', mine, false, minutes(7))).toBe('lease_lost');
    const [row] = await handle.db.select().from(sentMails).where(eq(sentMails.id, mine.id));
    expect(row).toMatchObject({ attempts: 1, retryAt: null, claimedUntil: null });
    expect(row?.sentAt).toEqual(minutes(6));

    // Queued again, it fails once and waits; a newer change of the same kind is sent without that wait.
    await queueCurrentStateMail(handle.db, booking.id, 'booking_cancelled');
    const again = await claimMail(handle.db, 'sent_mails', minutes(8));
    if (!again) throw new Error('not claimed');
    expect(await markMail(handle.db, 'sent_mails', again, false, minutes(8))).toBe('failed');
    expect(await claimMail(handle.db, 'sent_mails', minutes(8))).toBeUndefined();
    await queueCurrentStateMail(handle.db, booking.id, 'booking_cancelled');
    expect((await claimMail(handle.db, 'sent_mails', minutes(8)))?.id).toBe(mine.id);
  });
});
