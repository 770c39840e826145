// PostgreSQL's half of `npm run ops -- backup|restore`: pg_dump and pg_restore, named by PG_DUMP and PG_RESTORE.
import { statSync } from 'node:fs';
import pg from 'pg';
import { BackupRefused, backupKind, run, writeOnce, type Done } from './ops-backup.ts';

/** The URL with its password hidden, for messages. */
export function shownUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

/**
 * A URL for libpq's tools without its password, which goes in PGPASSWORD instead: a password on the command line
 * is readable by every user of the machine in the process list.
 */
function libpq(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

const PG_DUMP_HINT =
  "install PostgreSQL's client tools of the server's major version or newer, or set PG_DUMP to one.";

/** `pg_dump --format=custom`: one consistent snapshot, taken when it starts, while the app keeps writing. */
export function backupPostgres(
  url: string,
  file: string,
  pgDump = process.env.PG_DUMP ?? 'pg_dump',
): Promise<Done> {
  const tool = libpq(url);
  return writeOnce(file, (partial) =>
    run(pgDump, ['--format=custom', `--file=${partial}`, tool.url], tool.env, PG_DUMP_HINT),
  );
}

/** Tables (and partitioned tables) outside PostgreSQL's own schemas; `bookings` rows when there is that table. */
async function contents(client: pg.Client): Promise<{ tables: number; bookings: number | undefined }> {
  const { rows } = await client.query<{ tables: number; has_bookings: boolean }>(
    `select count(*)::int as tables, bool_or(c.relname = 'bookings' and n.nspname = 'public') as has_bookings
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg_toast%'`,
  );
  const tables = rows[0]?.tables ?? 0;
  if (!rows[0]?.has_bookings) return { tables, bookings: undefined };
  const counted = await client.query<{ n: number }>('select count(*)::int as n from public.bookings');
  return { tables, bookings: counted.rows[0]?.n ?? 0 };
}

/** Connects to the database of `url`, creating it first (from the server's `postgres` database) if it is missing. */
async function connectOrCreate(url: string): Promise<{ client: pg.Client; created: boolean }> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return { client, created: false };
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: the database does not exist
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.href });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const fresh = new pg.Client({ connectionString: url });
  await fresh.connect();
  return { client: fresh, created: true };
}

export interface PostgresRestored extends Done {
  created: boolean;
  replaced: boolean;
  tables: number;
  bookings: number | undefined;
}

/**
 * Restores a custom-format dump. Into a new or empty database it only adds; over one that has tables it refuses
 * unless `force`, and then empties it first (its `public` and `drizzle` schemas dropped whole: `--clean` would drop
 * only what the dump holds, leaving a newer version's tables and migration history beside the older backup). The
 * restore itself runs in one transaction: one that fails adds nothing (after `force`, to an emptied database). Owners and grants are left out, since the
 * server restored to may not have the original's roles: the objects belong to whoever restores.
 */
export async function restorePostgres(
  file: string,
  url: string,
  options: { force: boolean; pgRestore?: string },
): Promise<PostgresRestored> {
  const kind = await backupKind(file);
  if (kind !== 'postgres')
    throw new BackupRefused(
      kind === 'pglite'
        ? `${file} is a PGlite backup: restore it into a folder (--into <folder>), not PostgreSQL.`
        : `${file} is not a pg_dump custom-format file.`,
    );
  const { client, created } = await connectOrCreate(url);
  let before: Awaited<ReturnType<typeof contents>>;
  let others: number;
  try {
    before = await contents(client);
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    others = rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
  const replaced = before.tables > 0;
  if (replaced && !options.force)
    throw new BackupRefused(
      `${shownUrl(url)} is not empty (${String(before.tables)} tables${before.bookings === undefined ? '' : `, ${String(before.bookings)} bookings`}). ` +
        'Restore into a new database with --into postgres://…/<new name> (it is created) and point DATABASE_URL at it, ' +
        'or stop every app replica and add --force to replace what it holds.',
    );
  if (replaced && others > 0)
    console.warn(
      `Warning: ${String(others)} other session(s) are connected to it; the restore waits for their locks.`,
    );
  if (replaced) await emptyDatabase(url);
  const tool = libpq(url);
  const args = ['--no-owner', '--no-privileges', '--single-transaction', `--dbname=${tool.url}`, file];
  const started = performance.now();
  await run(
    options.pgRestore ?? process.env.PG_RESTORE ?? 'pg_restore',
    args,
    tool.env,
    PG_DUMP_HINT.replace('PG_DUMP', 'PG_RESTORE'),
  );
  const after = new pg.Client({ connectionString: url });
  await after.connect();
  try {
    const now = await contents(after);
    return {
      file,
      bytes: statSync(file).size,
      ms: Math.round(performance.now() - started),
      created,
      replaced,
      ...now,
    };
  } finally {
    await after.end();
  }
}

/** Drops everything the app keeps (its tables in `public`, the migration history in `drizzle`), in one transaction. */
async function emptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'begin; drop schema if exists drizzle cascade; drop schema public cascade; create schema public; commit',
    );
  } finally {
    await client.end();
  }
}
