// Shared by the on-demand benches: a production server (built `dist/`) on its own PostgreSQL database, seeded
// like `npm start`, dropped afterwards.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export async function admin(sql: string, url = adminUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${String(code)}`));
    });
  });
}

export async function waitForHealth(url: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server did not answer ${url}`);
}

/** The environment of a production server of the benches on `port` and the bench's database. */
export function benchServerEnv(port: number, databaseUrl: string, extraEnv: Record<string, string> = {}) {
  return {
    ...process.env,
    // Production on PostgreSQL takes its shared secrets from the environment, never from files of its own.
    SANDBOX_GATEWAY_SECRET: 'bench-sandbox-secret-0123456789',
    WEB_CLIENT_SECRET: 'bench-web-client-secret-0123456789abcdef',
    ACCOUNT_LINK_SECRET: 'bench-account-link-secret-0123456789abcdef',
    ...extraEnv,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${String(port)}`,
    ALLOW_SANDBOX_GATEWAY: '1',
  };
}

/**
 * Runs `bench` against a fresh seeded server on port `port`; `databaseUrl` is the bench's own database. `nodeArgs`
 * go to the server's Node (`--cpu-prof`).
 */
export async function withBenchServer(
  port: number,
  extraEnv: Record<string, string>,
  bench: (origin: string, databaseUrl: string, serverPid: number) => Promise<void>,
  nodeArgs: string[] = [],
) {
  if (!existsSync('dist/server/entry.mjs')) await run('npm', ['run', 'build'], process.env);
  const name = `segara_bench_${String(process.pid)}`;
  await admin(`create database ${name}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const env = benchServerEnv(port, databaseUrl.href, extraEnv);
  const server = spawn(process.execPath, [...nodeArgs, 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await run(process.execPath, ['scripts/db-setup.ts'], env);
    await waitForHealth(`http://127.0.0.1:${String(port)}/api/health`);
    await bench(`http://127.0.0.1:${String(port)}`, databaseUrl.href, server.pid ?? 0);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await admin(`drop database if exists ${name} with (force)`);
  }
}
