// Backups for `npm run ops -- backup|restore` (docs/deploy.md, Backups). PostgreSQL through its own tools: pg_dump's
// custom format is compressed, restores table by table and is read by any newer pg_restore. PGlite (the embedded
// demo database) is a PostgreSQL data folder: with no process holding it, a copy of the folder is a whole backup.
// PGlite's copy is one .tar.gz made by `tar`: a single file to move off the machine, about an eighth of the folder's
// size, and one that an operator without this script unpacks with `tar -xzf` alone.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** What a command did, for the operator: the file, its size and how long it took. */
export interface Done {
  file: string;
  bytes: number;
  ms: number;
}

/** A backup or restore that would lose data or cannot work as asked: the message says what to do instead. */
export class BackupRefused extends Error {}

/** Arguments the command does not understand: refused like the rest, with the usage shown. */
export class BadArguments extends BackupRefused {}

/** `data/backups/segara-<kind>-2026-11-27T09-03-12Z.<ext>`: sorts by time, and no colon (some file systems refuse it). */
export function defaultBackupFile(
  kind: 'postgres' | 'pglite',
  now = new Date(),
  folder = 'data/backups',
): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return join(folder, `segara-${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
}

export interface BackupArgs {
  out?: string;
  force: boolean;
}
export interface RestoreArgs {
  file: string;
  into?: string;
  force: boolean;
}

/** The value after a flag, refusing a flag given without one (`--out` at the end, or `--out --force`). */
function flagValue(args: string[], at: number, flag: string): string {
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new BadArguments(`${flag} needs a value.`);
  return value;
}

/** `backup [--out FILE] [--force]`; anything else is refused, so a typo never makes a backup somewhere unexpected. */
export function parseBackupArgs(args: string[]): BackupArgs {
  const parsed: BackupArgs = { force: false };
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    if (arg === '--out') parsed.out = flagValue(args, at++, '--out');
    else if (arg === '--force') parsed.force = true;
    else throw new BadArguments(`backup does not take "${String(arg)}".`);
  }
  return parsed;
}

/** `restore <FILE> [--into URL|FOLDER] [--force]`. */
export function parseRestoreArgs(args: string[]): RestoreArgs {
  let file: string | undefined;
  const rest: Omit<RestoreArgs, 'file'> = { force: false };
  for (let at = 0; at < args.length; at++) {
    const arg = args[at] ?? '';
    if (arg === '--into') rest.into = flagValue(args, at++, '--into');
    else if (arg === '--force') rest.force = true;
    else if (!arg.startsWith('--') && file === undefined) file = arg;
    else throw new BadArguments(`restore does not take "${arg}".`);
  }
  if (!file) throw new BadArguments('restore needs the backup file to read.');
  return { file, ...rest };
}

export const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\//.test(value);

/** `1.2 MB`: what an operator compares between two backups. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${unit === 0 ? String(size) : size.toFixed(1)} ${units[unit] ?? 'B'}`;
}

/** Runs a tool with its messages on our stderr; a tool missing from PATH is named with how to get or point to it. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, hint: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error: NodeJS.ErrnoException) => {
      fail(error.code === 'ENOENT' ? new BackupRefused(`${command} was not found: ${hint}`) : error);
    });
    child.on('exit', (code, signal) => {
      if (code === 0) done();
      else
        fail(
          new BackupRefused(`${command} failed (${signal ?? `exit ${String(code)}`}); its message is above.`),
        );
    });
  });
}

/** What a backup file holds, from its first bytes: pg_dump's custom format starts "PGDMP", a gzip file 1f 8b. */
export async function backupKind(file: string): Promise<'postgres' | 'pglite' | 'unknown'> {
  const handle = await open(file, 'r');
  try {
    const { buffer } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (buffer.toString('latin1') === 'PGDMP') return 'postgres';
    return buffer[0] === 0x1f && buffer[1] === 0x8b ? 'pglite' : 'unknown';
  } finally {
    await handle.close();
  }
}

/**
 * Writes beside the final name and renames once the tool succeeded: a backup cut short (disk full, Ctrl-C) never
 * sits under a name that looks finished. An existing file is never replaced: it may be the only good copy.
 */
export async function writeOnce(file: string, write: (partial: string) => Promise<void>): Promise<Done> {
  if (existsSync(file)) throw new BackupRefused(`${file} already exists: name another file with --out.`);
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const started = performance.now();
  try {
    await write(partial);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { file, bytes: statSync(file).size, ms: Math.round(performance.now() - started) };
}
