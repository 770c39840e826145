// PGlite's half of `npm run ops -- backup|restore`: its data folder, copied by `tar` while no process holds it.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BackupRefused, backupKind, run, writeOnce, type Done } from './ops-backup.ts';

/**
 * PGlite writes postmaster.pid while a process has the folder open and removes it on a clean close: its presence
 * means the server (on whatever port) or a script holds the folder, or one stopped without closing it.
 */
function refuseIfOpen(dir: string, then: string): void {
  if (existsSync(join(dir, 'postmaster.pid')))
    throw new BackupRefused(
      `${dir} is open in a process (postmaster.pid is there): stop the server first. If nothing runs, the last one ` +
        `did not close it cleanly: start the server once and stop it${then}.`,
    );
}

/** The PGlite folder `dir` as one .tar.gz; the server must be stopped (ops.ts checks it answers no more). */
export async function backupPglite(dir: string, file: string, options: { force: boolean }): Promise<Done> {
  if (dir.startsWith('memory://'))
    throw new BackupRefused('PGLITE_DIR is memory://: nothing on disk to back up.');
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new BackupRefused(`${dir} holds no PGlite database.`);
  if (!options.force) refuseIfOpen(dir, ', or add --force to copy it as it is');
  // The lock file stays behind: a restored folder is opened by a new process, which writes its own.
  return writeOnce(file, (partial) =>
    run(
      'tar',
      ['-C', dir, '--exclude=./postmaster.pid', '-czf', partial, '.'],
      process.env,
      'tar is needed to copy the PGlite folder.',
    ),
  );
}

export interface PgliteRestored extends Done {
  /** Where the folder that was there went (with --force): moved aside, never deleted. */
  movedAside?: string;
}

/**
 * Unpacks a PGlite backup into `dir`: beside it first, then renamed into place, so a broken archive never leaves a
 * half folder where the server looks. A folder already there is refused, or with `force` moved aside.
 */
export async function restorePglite(
  file: string,
  dir: string,
  options: { force: boolean },
): Promise<PgliteRestored> {
  const kind = await backupKind(file);
  if (kind !== 'pglite')
    throw new BackupRefused(
      kind === 'postgres'
        ? `${file} is a PostgreSQL dump: restore it with --into postgres://… (or with DATABASE_URL set).`
        : `${file} is not a PGlite backup (.tar.gz).`,
    );
  const there = existsSync(dir) && readdirSync(dir).length > 0;
  if (there && !options.force)
    throw new BackupRefused(
      `${dir} already holds a database: restore into another folder with --into <folder> and point PGLITE_DIR at ` +
        'it, or add --force to move the current one aside (it is kept, renamed) and put the backup in its place.',
    );
  // Even with --force: moving a folder from under a running process would leave both copies half-written.
  if (there) refuseIfOpen(dir, ', or delete its postmaster.pid if you are sure no process holds it');
  const stamp = new Date().toISOString().replaceAll(':', '-');
  const unpacking = `${dir.replace(/\/+$/, '')}.restoring-${stamp}`;
  const started = performance.now();
  mkdirSync(unpacking, { recursive: true });
  try {
    await run(
      'tar',
      ['-C', unpacking, '-xzf', file],
      process.env,
      'tar is needed to unpack the PGlite folder.',
    );
    if (!existsSync(join(unpacking, 'PG_VERSION')))
      throw new BackupRefused(`${file} holds no PGlite database.`);
    let movedAside: string | undefined;
    if (existsSync(dir)) {
      movedAside = there ? `${dir.replace(/\/+$/, '')}.before-restore-${stamp}` : undefined;
      if (movedAside) renameSync(dir, movedAside);
      else rmSync(dir, { recursive: true });
    }
    renameSync(unpacking, dir);
    return {
      file,
      bytes: statSync(file).size,
      ms: Math.round(performance.now() - started),
      ...(movedAside ? { movedAside } : {}),
    };
  } finally {
    rmSync(unpacking, { recursive: true, force: true });
  }
}
