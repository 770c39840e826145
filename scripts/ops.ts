// `npm run ops -- <command>`: what the agency does from a terminal until the staff console has a screen for it.
//   anomalies [--limit N]   signed gateway callbacks that could not be applied (newest first)
//   refunds                 refunds still to pay, oldest first: cancellations and payments not honoured
//   refund-paid <id>        mark a refund paid (the traveller is emailed)
//   cancel-sailing <id>     the operator cancelled a sailing: close it and email everyone booked on it
// On the embedded database (PGlite, no DATABASE_URL) stop the server first: one folder takes one process. Mails are
// queued in the database; the server's mail job sends them.
import { desc } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { paymentAnomalies } from '../src/server/db/schema/payments.ts';
import { cancelSailing } from '../src/server/use-cases/cancel-sailing.ts';
import { markRefundPaid, queuedRefunds } from '../src/server/use-cases/refund-queue.ts';

const usage = `usage: npm run ops -- anomalies [--limit N]
       npm run ops -- refunds
       npm run ops -- refund-paid <refund id>
       npm run ops -- cancel-sailing <sailing id>`;

const [command, ...rest] = process.argv.slice(2);
const config = loadConfig();

async function serverIsUp(): Promise<boolean> {
  const host = ['0.0.0.0', '::'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  try {
    await fetch(`http://${host}:${String(config.PORT)}/api/health`, { signal: AbortSignal.timeout(500) });
    return true;
  } catch {
    return false;
  }
}

const rupiah = (amount: number) => `IDR ${amount.toLocaleString('en-GB')}`;

/** Each command: what it does with the database; its exit code (0 done, 1 refused). */
const commands: Record<string, (db: Database) => Promise<number>> = {
  async anomalies(db) {
    const limitAt = rest.indexOf('--limit');
    const limit = limitAt >= 0 ? Math.max(1, Number(rest[limitAt + 1]) || 50) : 50;
    const rows = await db
      .select()
      .from(paymentAnomalies)
      .orderBy(desc(paymentAnomalies.receivedAt))
      .limit(limit);
    if (rows.length === 0) console.log('No payment anomalies.');
    for (const row of rows)
      console.log(
        `${row.receivedAt.toISOString()}  ${row.gateway}  ${row.reason}\n  ${row.body.slice(0, 500)}\n`,
      );
    return 0;
  },
  async refunds(db) {
    const rows = await queuedRefunds(db);
    if (rows.length === 0) console.log('No refunds to pay.');
    for (const row of rows) {
      const account = row.accountNumber
        ? `${row.bank ?? ''} ${row.accountNumber} (${row.accountHolder ?? ''})`
        : 'back to the paying account: ask the traveller by email';
      console.log(
        [
          `${row.id}  booking ${row.bookingCode}  ${rupiah(row.amount)}  ${row.reason}`,
          `  due by ${row.dueOn ?? '7 working days from the payment'}  queued ${row.createdAt.toISOString()}`,
          `  pay to: ${account}`,
          ...(row.ticketNumbers.length > 0 ? [`  tickets: ${row.ticketNumbers.join(', ')}`] : []),
          `  contact: ${row.contactEmail ?? '-'}`,
          '',
        ].join('\n'),
      );
    }
    return 0;
  },
  async 'refund-paid'(db) {
    const outcome = await markRefundPaid({ db, clock: () => new Date() }, rest[0] ?? '');
    const said = {
      paid: 'Marked paid; the traveller is emailed by the server.',
      already_paid: 'Already marked paid: nothing changed.',
      unknown: 'No refund with that id (see `npm run ops -- refunds`).',
    };
    console.log(said[outcome]);
    return outcome === 'unknown' ? 1 : 0;
  },
  async 'cancel-sailing'(db) {
    const result = await cancelSailing(db, rest[0] ?? '');
    if (result.outcome === 'unknown') console.log('No sailing with that id.');
    else if (result.outcome === 'already_cancelled') console.log('Already cancelled: nobody emailed again.');
    else
      console.log(
        `Cancelled. ${String(result.bookingsTold)} booking(s) emailed a free reschedule or a refund without fee.`,
      );
    return result.outcome === 'unknown' ? 1 : 0;
  },
};

const run = command && Object.hasOwn(commands, command) ? commands[command] : undefined;
if (!run) {
  console.log(usage);
  process.exit(command ? 2 : 0);
}
if (!config.DATABASE_URL && (await serverIsUp())) {
  console.error(
    'The server is running on the embedded database: stop it first (one PGlite folder, one process).',
  );
  process.exit(1);
}
const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
try {
  process.exitCode = await run(handle.db);
} finally {
  await handle.close();
}
