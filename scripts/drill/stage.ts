// The stage the on-demand drills and benches play on: a PostgreSQL cluster of their own with a migrated, seeded
// database, the production build, the environment every app process gets, the sailings the travellers book and
// the accounts they log in to. `npm run drill:restarts` and `npm run bench:cluster` share it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { createCluster, createDatabase, type Cluster } from './pg-cluster.ts';
import type { LoadSettings, Tally } from './traveller-load.ts';

export interface Stage {
  cluster: Cluster;
  databaseUrl: string;
  /** The environment of every app process: production on PostgreSQL, the shared secrets, mail to files. */
  env: NodeJS.ProcessEnv;
  /** The stage's own connection, for what the gateway would know and for the checks afterwards. */
  db: pg.Pool;
  /** A scratch folder (the proxy's configuration, the outbox). */
  folder: string;
  outbox: string;
  date: string;
  sailings: string[];
  accounts: { email: string; password: string }[];
  secrets: { sandbox: string; webClient: string };
  /** What the travellers' load needs to play on this stage through the proxy at its origin, counting into `tally`. */
  loadSettings: (tally: () => Tally) => LoadSettings;
  /** Drops the cluster and the folder. */
  teardown: () => Promise<void>;
}

/** Seats of the first sailing: small enough to sell out under the load, so the seat count is put to the test. */
const HOT_CAPACITY = 40;

export async function prepareStage(name: string, pgPort: number, siteOrigin: string): Promise<Stage> {
  if (!existsSync('dist/server/entry.mjs')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const folder = mkdtempSync(join(tmpdir(), `${name}-`));
  const cluster = createCluster(name.replaceAll('-', '_'), pgPort);
  try {
    return await setUp(cluster, folder, siteOrigin);
  } catch (error) {
    // Nothing left behind when setting up fails half way.
    cluster.drop();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

async function setUp(cluster: Cluster, folder: string, siteOrigin: string): Promise<Stage> {
  const databaseUrl = await createDatabase(cluster.url, 'segara');
  const secrets = {
    sandbox: 'drill-sandbox-secret-0123456789abcdef',
    webClient: 'drill-web-client-secret-0123456789abcdef',
  };
  const outbox = join(folder, 'outbox');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SITE_URL: siteOrigin,
    TRUST_PROXY: '1',
    ALLOW_SANDBOX_GATEWAY: '1',
    SANDBOX_GATEWAY_SECRET: secrets.sandbox,
    WEB_CLIENT_SECRET: secrets.webClient,
    ACCOUNT_LINK_SECRET: 'drill-account-link-secret-0123456789abcdef',
    OUTBOX_DIR: outbox,
    // Every traveller reaches the processes from the proxy's one address: limits per address would refuse them.
    RATE_LIMIT_HOLDS: '1000000',
    RATE_LIMIT_LOOKUPS: '1000000',
    RATE_LIMIT_LOGINS: '1000000',
  };
  execFileSync(process.execPath, ['scripts/db-setup.ts'], { env, stdio: 'inherit' });

  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  db.on('error', () => undefined); // an outage ends the stage's idle connections too
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const { rows } = await db.query<{ id: string }>(
    `select id from sailings where route_id = 'btc-hfc' and status = 'scheduled'
       and (departs_at at time zone 'Asia/Jakarta')::date = $1 order by departs_at limit 4`,
    [date],
  );
  const sailings = rows.map((row) => row.id);
  await db.query('update sailings set capacity = $2 where id = $1', [sailings[0], HOT_CAPACITY]);
  const password = 'Kapal-Feri-2026!';
  const accounts = Array.from({ length: 60 }, (_, i) => ({
    email: `drill-account-${String(i)}@example.co.id`,
    password,
  }));
  const hash = await hashPassword(password);
  for (const account of accounts)
    await db.query(
      `insert into users (email, full_name, phone, password_hash, email_verified_at, address_proven_at)
       values ($1, 'Drill Account', '+6281234567890', $2, now(), now())`,
      [account.email, hash],
    );
  return {
    cluster,
    databaseUrl,
    env,
    db,
    folder,
    outbox,
    date,
    sailings,
    accounts,
    secrets,
    loadSettings: (tally) => ({ origin: siteOrigin, sailings, date, secrets, accounts, db, tally }),
    teardown: async () => {
      await db.end();
      cluster.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
