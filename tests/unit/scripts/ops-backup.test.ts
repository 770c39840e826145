import { describe, expect, it } from 'vitest';
import {
  BadArguments,
  defaultBackupFile,
  formatBytes,
  parseBackupArgs,
  parseRestoreArgs,
} from '../../../scripts/ops-backup.ts';
import { shownUrl } from '../../../scripts/ops-backup-postgres.ts';

describe('npm run ops -- backup | restore: what the command line says', () => {
  it('reads backup [--out FILE] [--force] and refuses anything else, so a typo never backs up somewhere unexpected', () => {
    expect(parseBackupArgs([])).toEqual({ force: false });
    expect(parseBackupArgs(['--out', 'x.dump', '--force'])).toEqual({ out: 'x.dump', force: true });
    expect(() => parseBackupArgs(['--out'])).toThrow(BadArguments);
    expect(() => parseBackupArgs(['--out', '--force'])).toThrow('--out needs a value');
    expect(() => parseBackupArgs(['x.dump'])).toThrow('backup does not take "x.dump"');
  });

  it('reads restore <FILE> [--into URL|FOLDER] [--force], and needs the file', () => {
    expect(parseRestoreArgs(['a.dump'])).toEqual({ file: 'a.dump', force: false });
    expect(parseRestoreArgs(['--force', 'a.dump', '--into', 'postgres://h/db'])).toEqual({
      file: 'a.dump',
      into: 'postgres://h/db',
      force: true,
    });
    expect(() => parseRestoreArgs([])).toThrow('restore needs the backup file');
    expect(() => parseRestoreArgs(['a.dump', 'b.dump'])).toThrow(BadArguments);
    expect(() => parseRestoreArgs(['a.dump', '--into'])).toThrow('--into needs a value');
  });

  it('names a default file by kind and UTC time under data/backups, sortable and without colons', () => {
    const at = new Date('2026-11-21T10:00:05.123Z');
    expect(defaultBackupFile('postgres', at)).toBe('data/backups/segara-postgres-2026-11-21T10-00-05Z.dump');
    expect(defaultBackupFile('pglite', at)).toBe('data/backups/segara-pglite-2026-11-21T10-00-05Z.tar.gz');
  });

  it('prints sizes an operator compares, and never a password', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5_085_181)).toBe('4.8 MB');
    expect(shownUrl('postgres://segara:s3cret@db:5432/segara')).toBe('postgres://segara:***@db:5432/segara');
  });
});
