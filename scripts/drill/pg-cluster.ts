// A PostgreSQL cluster of the drill's own (Debian's pg_createcluster), on its own port: the drills stop and start
// it, which they must never do to the machine's shared server on 5432 that the tests and other work use.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';
import { processCpuMs } from './app-process.ts';

export interface Cluster {
  url: string;
  version: string;
  /** Stops the server at once (fast: open connections are ended, committed work is on disk). */
  stop: () => void;
  start: () => void;
  drop: () => void;
  /** The cluster's name, as its processes' titles carry it. */
  name: string;
}

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'pipe' }).toString();

/** DRILL_PG_VERSION, else the newest major version Debian installed (/etc/postgresql/15). */
function installedVersion(): string {
  const versions = readdirSync('/etc/postgresql').sort((a, b) => Number(a) - Number(b));
  const version = process.env.DRILL_PG_VERSION ?? versions.at(-1);
  if (!version) throw new Error('no PostgreSQL installed (apt-get install postgresql)');
  return version;
}

/** A port nothing listens on now: the kernel's pick for a moment's listener. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });
}

/** A fresh cluster `name` on `port`, started, trusting local TCP connections; any earlier one of the name dropped. */
export function createCluster(name: string, port: number): Cluster {
  const version = installedVersion();
  try {
    run('pg_dropcluster', [version, name, '--stop']);
  } catch {
    // none left over from an earlier run
  }
  // Started here, never at the machine's boot (`--start-conf=manual`): it lives as long as the drill.
  run('pg_createcluster', [
    version,
    name,
    '-p',
    String(port),
    '--start',
    '--start-conf=manual',
    '--',
    '--auth=trust',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`,
    version,
    stop: () => run('pg_ctlcluster', [version, name, 'stop', '-m', 'fast']),
    start: () => run('pg_ctlcluster', [version, name, 'start']),
    drop: () => run('pg_dropcluster', [version, name, '--stop']),
    name,
  };
}

/** A database `name` on the cluster, and its URL. */
export async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * CPU time (ms) each of the cluster's processes has used so far, by pid: Debian names every backend after its
 * cluster (`postgres: 15/<name>: ...`), so they are found by their command line.
 */
export function clusterCpu(name: string): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`/${name}`))
        used.set(Number(entry), processCpuMs(Number(entry)));
    } catch {
      // ended meanwhile
    }
  }
  return used;
}

/**
 * The CPU time (ms) the cluster's processes used since `before`: each live one's growth (a backend that started
 * since counts whole). One that ended meanwhile is not counted: its pool connection closed, its work is small.
 */
export function clusterCpuSince(name: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of clusterCpu(name)) total += ms - (before.get(pid) ?? 0);
  return total;
}
