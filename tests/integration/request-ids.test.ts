import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { auditLog } from '../../src/server/db/schema/audit.ts';
import { paymentAnomalies } from '../../src/server/db/schema/anomalies.ts';
import { payments, sentMails } from '../../src/server/db/schema/payments.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { deliverMails } from '../../src/server/jobs/deliver-mails.ts';
import { createMailer } from '../../src/server/mail/transport.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { Network } from '../../src/server/network.ts';
import { log } from '../../src/server/observability/log.ts';
import { currentScope, type RequestScope } from '../../src/server/observability/request-scope.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, paidCallbackBody, pay, sandboxCallback } from '../support/booking-flow.ts';
import { testDatabases } from '../support/databases.ts';

const now = new Date('2026-11-21T10:00:00Z');

/** Every line the log is asked to write, with the scope it was written in (the mixin reads the same scope). */
function watchLog() {
  const lines: { scope: RequestScope | undefined; fields: unknown; message: unknown }[] = [];
  for (const level of ['info', 'warn', 'error'] as const)
    vi.spyOn(log, level).mockImplementation((fields: unknown, message?: unknown) => {
      lines.push({ scope: currentScope() && { ...currentScope() }, fields, message } as never);
    });
  return lines;
}

describe.each(testDatabases)(
  'one request id from the request to its rows and its mail on $name',
  (database) => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    let outbox: string;

    beforeAll(async () => {
      ({ handle, drop } = await database.create());
      const network = loadNetworkData();
      await upsertNetwork(handle.db, network);
      await extendSailings(handle.db, network, now, 20);
      outbox = mkdtempSync(join(tmpdir(), 'segara-request-ids-'));
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });
    afterAll(async () => {
      await drop();
      rmSync(outbox, { recursive: true, force: true });
    });

    it('names the paying callback in its audit row, its mail row, the mail job’s log line and the mail', async () => {
      const app = testApp(handle.db, now);
      const { id } = await bookingReadyToPay(app, { date: '2026-12-01' });
      expect((await pay(app, id)).status).toBe(200);
      const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, id));
      const answer = await sandboxCallback(app, paidCallbackBody(payment, now), { now });
      expect(answer.status).toBe(200);
      const requestId = answer.headers.get('X-Request-Id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

      const [recorded] = await handle.db
        .select({ requestId: auditLog.requestId })
        .from(auditLog)
        .where(and(eq(auditLog.bookingId, id), eq(auditLog.action, 'payment.recorded')));
      expect(recorded?.requestId).toBe(requestId);
      const [queued] = await handle.db
        .select({ requestId: sentMails.requestId })
        .from(sentMails)
        .where(and(eq(sentMails.bookingId, id), eq(sentMails.kind, 'booking_paid')));
      expect(queued?.requestId).toBe(requestId);

      // The mail job runs later, outside any request: it sends under the id of the request that queued the mail.
      const lines = watchLog();
      const mailer = createMailer({ outboxDir: outbox, from: 'Segara Ferry <tickets@segaraferry.example>' });
      const network = new Network();
      while ((await deliverMails({ db: handle.db, network, mailer, siteUrl: 'https://x.example', now })) > 0);
      const sent = lines.filter(
        (line) => line.message === 'mail sent' && line.scope?.requestId === requestId,
      );
      expect(sent.length).toBeGreaterThanOrEqual(1);
      expect(sent[0]?.scope?.job).toBe('mail:sent_mails');
      const files = readdirSync(outbox).map((name) => readFileSync(join(outbox, name), 'utf8'));
      expect(files.filter((raw) => raw.includes(`X-Request-ID: ${String(requestId)}`))).toHaveLength(1);
    });

    it('names the request in an anomaly it kept, and answers each request with an id of its own', async () => {
      const app = testApp(handle.db, now);
      const body = {
        ...paidCallbackBody(
          {
            externalId: 'no-such-attempt',
            accountNumber: '1',
            bank: 'bni',
            method: 'va',
            amount: 10,
          } as never,
          now,
        ),
      };
      const answer = await sandboxCallback(app, body, { now });
      const requestId = answer.headers.get('X-Request-Id');
      const kept = await handle.db
        .select()
        .from(paymentAnomalies)
        .where(eq(paymentAnomalies.requestId, String(requestId)));
      expect(kept).toHaveLength(1);
      const again = await sandboxCallback(app, body, { now });
      expect(again.headers.get('X-Request-Id')).not.toBe(requestId);
    });
  },
);
