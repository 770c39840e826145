import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { routes } from '../../src/server/db/schema/network.ts';
import { upsertNetwork } from '../../src/server/db/seed.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { BackupRefused, backupKind } from '../../scripts/ops-backup.ts';
import { backupPglite, restorePglite } from '../../scripts/ops-backup-pglite.ts';
import { restorePostgres } from '../../scripts/ops-backup-postgres.ts';
import { postgres } from '../support/databases.ts';

// `npm run ops -- backup|restore` without a server: PGlite's folder round trip, and every refusal that keeps an
// operator from losing data. The restore of a pg_dump into PostgreSQL under writes is `npm run drill:backup`.
describe('backup and restore of the embedded database (PGlite folder)', () => {
  const work = mkdtempSync(join(tmpdir(), 'segara-ops-backup-'));
  const folder = join(work, 'pglite');
  const file = join(work, 'backup.tar.gz');
  let routeCount = 0;
  let open: DatabaseHandle | undefined;

  beforeAll(async () => {
    // The run's migrated template, written to a folder, with the network in it: a database worth restoring. It stays
    // open for the first test, as a running server holds it.
    const pgliteDump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    open = await openDatabase({ pgliteDir: folder, pgliteDump });
    await upsertNetwork(open.db, loadNetworkData());
    routeCount = await open.db.$count(routes);
  });
  afterAll(async () => {
    if (open) await open.close(); // the first test failed before closing it
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses to copy a folder a process has open', async () => {
    await expect(backupPglite(folder, file, { force: false })).rejects.toThrow('stop the server first');
    expect(existsSync(file)).toBe(false);
    await open?.close();
    open = undefined;
  });

  it('copies the folder into one .tar.gz, and never over an earlier backup', async () => {
    const done = await backupPglite(folder, file, { force: false });
    expect(done.bytes).toBeGreaterThan(100_000);
    expect(await backupKind(file)).toBe('pglite');
    expect(existsSync(`${file}.partial`)).toBe(false);
    await expect(backupPglite(folder, file, { force: false })).rejects.toThrow('already exists');
  });

  it('restores into a new folder that opens with the same rows', async () => {
    const copy = join(work, 'restored');
    await restorePglite(file, copy, { force: false });
    const reopened = await openDatabase({ pgliteDir: copy });
    try {
      expect(routeCount).toBeGreaterThan(0);
      expect(await reopened.db.$count(routes)).toBe(routeCount);
    } finally {
      await reopened.close();
    }
  });

  it('refuses a folder that holds a database unless --force, which keeps that one aside', async () => {
    await expect(restorePglite(file, folder, { force: false })).rejects.toThrow('already holds a database');
    const done = await restorePglite(file, folder, { force: true });
    expect(done.movedAside).toMatch(/pglite\.before-restore-/);
    expect(existsSync(join(done.movedAside ?? '', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(folder, 'PG_VERSION'))).toBe(true);
  });

  it('refuses a file that is not a PGlite backup', async () => {
    const other = join(work, 'not-a-backup.tar.gz');
    writeFileSync(other, 'PGDMP, a PostgreSQL dump');
    await expect(restorePglite(other, join(work, 'elsewhere'), { force: false })).rejects.toThrow(
      'is a PostgreSQL dump',
    );
    expect(existsSync(join(work, 'elsewhere'))).toBe(false);
  });
});

describe('restore into PostgreSQL', () => {
  it('refuses a database that has tables without --force, before running pg_restore', async () => {
    const created = await postgres.create(1);
    const dump = join(tmpdir(), `segara-ops-backup-${String(process.pid)}.dump`);
    writeFileSync(dump, 'PGDMP');
    try {
      const url = created.url ?? '';
      // pg_restore named as a program that always fails: the refusal must come first, from the database itself.
      const refused = restorePostgres(dump, url, { force: false, pgRestore: 'false' });
      await expect(refused).rejects.toThrow(BackupRefused);
      await expect(refused).rejects.toThrow(/is not empty \(\d+ tables, 0 bookings\)/);
    } finally {
      rmSync(dump, { force: true });
      await created.drop();
    }
  });
});
