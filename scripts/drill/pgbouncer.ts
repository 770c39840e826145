// PgBouncer (Debian's) in transaction mode between the app processes and the stage's PostgreSQL, as docs/deploy.md
// describes running it: BENCH_PGBOUNCER=1 for `npm run bench:cluster`, DRILL_PGBOUNCER=1 for `npm run drill:restarts`.
// The migrations and the stage's own checks still go direct; only the app processes go through it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { processCpuMs } from './app-process.ts';

/** Debian's pgbouncer, installed on first use (its system service is never enabled: each run starts its own). */
export function ensurePgbouncer(): string {
  const version = () => execFileSync('pgbouncer', ['--version'], { stdio: 'pipe' }).toString();
  try {
    return version().split('\n')[0] ?? '';
  } catch {
    console.log('installing pgbouncer (Debian package)');
    execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-q', 'pgbouncer'], { stdio: 'inherit' });
    return version().split('\n')[0] ?? '';
  }
}

export function pgbouncerConfig(port: number, databaseUrl: string, poolSize: number, folder: string): string {
  const server = new URL(databaseUrl);
  const database = server.pathname.slice(1);
  return `[databases]
${database} = host=${server.hostname} port=${server.port} dbname=${database}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${String(port)}
unix_socket_dir =
auth_type = trust
auth_file = ${join(folder, 'pgbouncer-users.txt')}
pool_mode = transaction
; Server connections per database and user, shared by every app process (each keeps DB_POOL_MAX client ones).
default_pool_size = ${String(poolSize)}
max_client_conn = 500
; After a failed connection to PostgreSQL (an outage), try again within a second of its return, not 15 s later.
server_login_retry = 1
; A client waits at most 5 s for a server connection, as long as the app waits for one of its own pool
; (connectionTimeoutMillis): then an error (08P01), answered 503, rather than a request hanging through an outage.
query_wait_timeout = 5
; One line per client connection would cost more than the bench measures.
log_connections = 0
log_disconnections = 0
`;
}

export interface Pooler {
  child: ChildProcess;
  /** What PgBouncer said (errors, and every pooler error it reported to a client). */
  log: string[];
  /** What an app process needs to go through it. */
  env: { DATABASE_URL: string; DATABASE_POOLER: 'transaction' };
  version: string;
  cpuMs: () => number;
  stop: () => Promise<void>;
}

/** PgBouncer on `port` in front of `databaseUrl`, in the foreground of a child process; resolves once it answers. */
export async function startPgbouncer(
  folder: string,
  port: number,
  databaseUrl: string,
  poolSize: number,
): Promise<Pooler> {
  const version = ensurePgbouncer();
  const file = join(folder, 'pgbouncer.ini');
  writeFileSync(join(folder, 'pgbouncer-users.txt'), '"postgres" ""\n');
  writeFileSync(file, pgbouncerConfig(port, databaseUrl, poolSize, folder));
  // It refuses to run as root: as root, `-u` drops to the postgres user once it has read its files.
  const asRoot = process.getuid?.() === 0;
  const child = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const log: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)));
  const url = new URL(databaseUrl);
  url.port = String(port);
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url.href });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (attempt > 50 || child.exitCode !== null)
        throw new Error(`pgbouncer did not answer\n${log.join('\n')}`, { cause: error });
      await sleep(100);
    }
  }
  return {
    child,
    log,
    env: { DATABASE_URL: url.href, DATABASE_POOLER: 'transaction' },
    version,
    cpuMs: () => processCpuMs(child.pid ?? 0),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM'); // the app processes have stopped by now: nothing is under way
      await exited;
    },
  };
}

/**
 * PgBouncer in front of the stage's database when `flag` is `1` (PGBOUNCER_POOL_SIZE server connections, 5 unless
 * set), else nothing: the app processes' environment either way.
 */
export async function optionalPgbouncer(
  flag: string | undefined,
  stage: { folder: string; databaseUrl: string; env: NodeJS.ProcessEnv },
  port: number,
): Promise<{ pooler: Pooler | undefined; env: NodeJS.ProcessEnv }> {
  if (flag !== '1') return { pooler: undefined, env: stage.env };
  const poolSize = Number(process.env.PGBOUNCER_POOL_SIZE ?? 5);
  const pooler = await startPgbouncer(stage.folder, port, stage.databaseUrl, poolSize);
  console.log(
    `${pooler.version} in transaction mode on ${String(port)}, ${String(poolSize)} server connections`,
  );
  return { pooler, env: { ...stage.env, ...pooler.env } };
}

/** What PgBouncer complained of, counted: its warnings and errors without their times, connections and addresses. */
export function pgbouncerComplaints(log: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of log) {
    const [, level, message] = /\] (WARNING|ERROR|FATAL) (?:[CS]-0x[0-9a-f]+: \S+ )?(.*)$/.exec(line) ?? [];
    if (level && message) counts[`${level} ${message}`] = (counts[`${level} ${message}`] ?? 0) + 1;
  }
  return counts;
}
