import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { payments, sentMails } from '../../src/server/db/schema/payments.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { deliverMails } from '../../src/server/jobs/deliver-mails.ts';
import { expireBookings } from '../../src/server/jobs/expire-bookings.ts';
import { createMailer } from '../../src/server/mail/transport.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { Network } from '../../src/server/network.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, paidCallbackBody, pay, sandboxCallback } from '../support/booking-flow.ts';
import { testDatabases } from '../support/databases.ts';

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
});
