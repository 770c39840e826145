// `npm run ops -- <command>`: what the agency does from a terminal until the staff console has a screen for it.
//   anomalies [--limit N]   signed gateway callbacks that could not be applied (newest first)
//   refunds                 refunds still to pay, oldest first: cancellations and payments not honoured
//   refund-paid <id> [ref]  mark a refund paid, with the bank's transfer reference (the traveller is emailed)
//   cancel-sailing <id>     the operator cancelled a sailing: close it and email everyone booked on it
//   staff-add <email> --role agent|admin [--name "Full Name"]
//                           a staff member for the console; prints their one-time set-up link (48 hours)
//   audit [--booking CODE] [--action NAME|PREFIX.] [--limit N]
//                           the audit log, newest first: money movements and staff actions
//   backup [--out FILE]     PostgreSQL: pg_dump (custom format); PGlite: its folder as a .tar.gz (server stopped)
//   restore <FILE> [--into URL|FOLDER] [--force]
//                           into DATABASE_URL or PGLITE_DIR unless --into names another (a missing database is
//                           created); one that holds data is refused without --force (docs/deploy.md, Backups)
// On the embedded database (PGlite, no DATABASE_URL) stop the server first: one folder takes one process. Mails are
// queued in the database; the server's mail job sends them.
import { desc } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { paymentAnomalies } from '../src/server/db/schema/anomalies.ts';
import { staffAddSchema } from '../src/schemas/staff.ts';
import { serverLinkSecret } from '../src/server/auth/account-links.ts';
import { staffSecurity } from '../src/server/auth/staff-security.ts';
import { auditEntries } from '../src/server/services/audit.ts';
import { addStaffMember } from '../src/server/use-cases/staff-add.ts';
import { Refused } from '../src/server/validation-errors.ts';
import { cancelSailing } from '../src/server/use-cases/cancel-sailing.ts';
import { markRefundPaid, queuedRefunds } from '../src/server/use-cases/refund-queue.ts';
import { useCasePorts } from '../src/server/http/use-case-ports.ts';
import {
  BackupRefused,
  BadArguments,
  defaultBackupFile,
  formatBytes,
  isPostgresUrl,
  parseBackupArgs,
  parseRestoreArgs,
} from './ops-backup.ts';
import { backupPglite, restorePglite } from './ops-backup-pglite.ts';
import { backupPostgres, restorePostgres, shownUrl } from './ops-backup-postgres.ts';

const usage = `usage: npm run ops -- anomalies [--limit N]
       npm run ops -- refunds
       npm run ops -- refund-paid <refund id> [transfer reference]
       npm run ops -- cancel-sailing <sailing id>
       npm run ops -- staff-add <email> --role agent|admin [--name "Full Name"]
       npm run ops -- audit [--booking <code>] [--action <name or prefix.>] [--limit N]
       npm run ops -- backup [--out <file>] [--force]
       npm run ops -- restore <file> [--into <postgres URL or PGlite folder>] [--force]`;

/** The value after `--name` in the command's arguments. */
const option = (name: string) => {
  const at = rest.indexOf(`--${name}`);
  return at >= 0 ? rest[at + 1] : undefined;
};

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
    const limit = Math.max(1, Number(option('limit')) || 50);
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
    const rows = await queuedRefunds({ db, calendar: useCasePorts.calendar });
    if (rows.length === 0) console.log('No refunds to pay.');
    for (const row of rows) {
      const account = row.accountNumber
        ? `${row.bank ?? ''} ${row.accountNumber} (${row.accountHolder ?? ''})`
        : 'back to the paying account: ask the traveller by email';
      console.log(
        [
          `${row.id}  booking ${row.bookingCode}  ${rupiah(row.amount)}  ${row.reason}`,
          `  due by ${row.dueOn} (${row.state})  queued ${row.createdAt.toISOString()}`,
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
    const outcome = await markRefundPaid(
      { db, clock: () => new Date(), by: 'system' },
      rest[0] ?? '',
      rest[1],
    );
    const said = {
      paid: 'Marked paid; the traveller is emailed by the server.',
      already_paid: 'Already marked paid: nothing changed.',
      at_gateway: 'Going back to the card or wallet through the gateway: not paid by transfer.',
      unknown: 'No refund with that id (see `npm run ops -- refunds`).',
    };
    console.log(said[outcome]);
    return outcome === 'unknown' || outcome === 'at_gateway' ? 1 : 0;
  },
  async 'cancel-sailing'(db) {
    const result = await cancelSailing(db, rest[0] ?? '');
    if (result.outcome === 'unknown') console.log('No sailing with that id.');
    else if (result.outcome === 'already_cancelled') console.log('Already cancelled: nobody emailed again.');
    else if (result.outcome === 'cancelled')
      console.log(
        `Cancelled. ${String(result.bookingsTold)} booking(s) emailed a free reschedule or a refund without fee.`,
      );
    return result.outcome === 'unknown' ? 1 : 0;
  },
  async 'staff-add'(db) {
    const email = rest[0] ?? '';
    const input = { email, fullName: option('name') ?? email.split('@')[0] ?? email, role: option('role') };
    const parsed = staffAddSchema.safeParse(input);
    if (!parsed.success) {
      console.log(
        `Refused: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} (${issue.message})`).join(', ')}.\n${usage}`,
      );
      return 1;
    }
    try {
      const added = await addStaffMember(
        { db, clock: () => new Date(), staff: staffSecurity, linkSecret: serverLinkSecret },
        parsed.data,
        'system',
      );
      const link = new URL(`/staff/set-up?token=${added.setUpToken}`, config.SITE_URL);
      console.log(
        `Added ${parsed.data.email} as ${parsed.data.role}. Their one-time set-up link, good until ${added.expiresAt.toISOString()}:\n${link.href}`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      console.log('Refused: a staff member already uses this email address.');
      return 1;
    }
  },
  async audit(db) {
    const code = option('booking');
    const action = option('action');
    const rows = await auditEntries(db, {
      ...(code ? { bookingCode: code } : {}),
      ...(action ? { action } : {}),
      limit: Math.max(1, Number(option('limit')) || 50),
    });
    if (rows.length === 0) console.log('Nothing in the audit log.');
    for (const row of rows)
      console.log(
        [
          `${row.at.toISOString()}  ${row.action}  by ${row.actorKind}${row.actorId ? ` ${row.actorId}` : ''}`,
          `  ${row.subjectType} ${row.subjectId}${row.reason ? `  reason: ${row.reason}` : ''}`,
          ...(row.before ? [`  before: ${JSON.stringify(row.before)}`] : []),
          ...(row.after ? [`  after:  ${JSON.stringify(row.after)}`] : []),
          '',
        ].join('\n'),
      );
    return 0;
  },
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Backup and restore work on the database's files through PostgreSQL's tools or `tar`, not through a connection. */
const fileCommands: Record<string, () => Promise<number>> = {
  async backup() {
    const args = parseBackupArgs(rest);
    if (config.DATABASE_URL) {
      const done = await backupPostgres(config.DATABASE_URL, args.out ?? defaultBackupFile('postgres'));
      console.log(
        `Backed up ${shownUrl(config.DATABASE_URL)} with pg_dump (custom format) to ${done.file}: ` +
          `${formatBytes(done.bytes)} in ${seconds(done.ms)}. Copy it off this machine.`,
      );
      return 0;
    }
    console.log(
      `PGlite (the embedded database): copying its folder ${config.PGLITE_DIR}, which needs the server stopped.`,
    );
    const done = await backupPglite(config.PGLITE_DIR, args.out ?? defaultBackupFile('pglite'), args);
    console.log(`Backed up to ${done.file} (tar.gz): ${formatBytes(done.bytes)} in ${seconds(done.ms)}.`);
    return 0;
  },
  async restore() {
    const args = parseRestoreArgs(rest);
    const into = args.into ?? config.DATABASE_URL ?? config.PGLITE_DIR;
    if (isPostgresUrl(into)) {
      const done = await restorePostgres(args.file, into, args);
      const how = done.created ? 'created for it' : done.replaced ? 'replacing what it held' : 'it was empty';
      console.log(
        `Restored ${done.file} (${formatBytes(done.bytes)}) into ${shownUrl(into)} (${how}) with pg_restore in ` +
          `${seconds(done.ms)}: ${String(done.tables)} tables, ${String(done.bookings ?? 0)} bookings.`,
      );
      return 0;
    }
    console.log(
      `PGlite (the embedded database): restoring its folder ${into}, which needs the server stopped.`,
    );
    const done = await restorePglite(args.file, into, args);
    console.log(
      `Restored ${done.file} (${formatBytes(done.bytes)}) into ${into} in ${seconds(done.ms)}.` +
        (done.movedAside ? ` The folder that was there is now ${done.movedAside}.` : ''),
    );
    return 0;
  },
};

const run = command && Object.hasOwn(commands, command) ? commands[command] : undefined;
const fileCommand = command && Object.hasOwn(fileCommands, command) ? fileCommands[command] : undefined;
if (!run && !fileCommand) {
  console.log(usage);
  process.exit(command ? 2 : 0);
}
if (!config.DATABASE_URL && (await serverIsUp())) {
  console.error(
    'The server is running on the embedded database: stop it first (one PGlite folder, one process).',
  );
  process.exit(1);
}
if (fileCommand) {
  try {
    process.exitCode = await fileCommand();
  } catch (error) {
    if (!(error instanceof BackupRefused)) throw error;
    console.error(`Refused: ${error.message}`);
    if (error instanceof BadArguments) console.error(usage);
    process.exitCode = error instanceof BadArguments ? 2 : 1;
  }
} else if (run) {
  const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  try {
    process.exitCode = await run(handle.db);
  } finally {
    await handle.close();
  }
}
