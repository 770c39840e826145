import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from './config.ts';

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

/**
 * Secrets every process of one installation must share. Generated into files under data/ only where one process is
 * the whole installation (the embedded database, or outside production); with PostgreSQL in production each replica
 * would make its own, and a link, callback or client token made by one would fail on the other. Throws naming each.
 */
export function assertInstallationSecretsGiven(
  config: Pick<
    Config,
    | 'NODE_ENV'
    | 'DATABASE_URL'
    | 'PAYMENT_GATEWAY'
    | 'SANDBOX_GATEWAY_SECRET'
    | 'WEB_CLIENT_SECRET'
    | 'ACCOUNT_LINK_SECRET'
  >,
): void {
  if (config.NODE_ENV !== 'production' || !config.DATABASE_URL) return;
  const missing = [
    config.PAYMENT_GATEWAY === 'sandbox' && !config.SANDBOX_GATEWAY_SECRET && 'SANDBOX_GATEWAY_SECRET',
    !config.WEB_CLIENT_SECRET && 'WEB_CLIENT_SECRET',
    !config.ACCOUNT_LINK_SECRET && 'ACCOUNT_LINK_SECRET',
  ].filter((name) => name !== false);
  if (missing.length > 0)
    throw new Error(
      `${missing.join(', ')} not set: with PostgreSQL in production every process of the installation must be ` +
        'given the same secrets, never make its own. Make each once with `openssl rand -hex 32` and give it to ' +
        'every process (docs/deploy.md).',
    );
}
