// A PostgreSQL cluster of the drill's own (Debian's pg_createcluster), on its own port: the drills stop and start
// it, which they must never do to the machine's shared server on 5432 that the tests and other work use.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import pg from 'pg';

export interface Cluster {
  url: string;
  /** Stops the server at once (fast: open connections are ended, committed work is on disk). */
  stop: () => void;
  start: () => void;
  drop: () => void;
}

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'pipe' }).toString();

/** The one major version Debian installed (/etc/postgresql/15). */
function installedVersion(): string {
  const [version] = readdirSync('/etc/postgresql');
  if (!version) throw new Error('no PostgreSQL installed (apt-get install postgresql)');
  return version;
}

/** A fresh cluster `name` on `port`, started, trusting local TCP connections; any earlier one of the name dropped. */
export function createCluster(name: string, port: number): Cluster {
  const version = installedVersion();
  try {
    run('pg_dropcluster', [version, name, '--stop']);
  } catch {
    // none left over from an earlier run
  }
  run('pg_createcluster', [version, name, '-p', String(port), '--start', '--', '--auth=trust']);
  return {
    url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`,
    stop: () => run('pg_ctlcluster', [version, name, 'stop', '-m', 'fast']),
    start: () => run('pg_ctlcluster', [version, name, 'start']),
    drop: () => run('pg_dropcluster', [version, name, '--stop']),
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
