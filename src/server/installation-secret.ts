import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const secrets = new Map<string, string>();

/**
 * A secret of this installation: `given` (from the environment) if set, else one generated on first use and kept
 * in `file` (mode 600), so no two installations share a key anyone could read in the source. Every process of one
 * installation reads the same file: the first creates it (`wx`), the others read what it wrote.
 */
export function installationSecret(given: string | undefined, file: string): string {
  if (given) return given;
  const known = secrets.get(file);
  if (known) return known;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 16) throw new Error(`${file} holds no usable secret: delete it to make a new one`);
  secrets.set(file, secret);
  return secret;
}
