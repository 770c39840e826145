import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../config.ts';

/**
 * The sandbox gateway confirms bookings on a simulated payment. These rules keep a demo from ever being mistaken
 * for a shop: a key of its own per installation, a banner on every page, and no production start by accident.
 */

/** Whether the sandbox gateway is active (every page then says payments are simulated). */
export function sandboxActive(env: Record<string, string | undefined> = process.env): boolean {
  return (env.PAYMENT_GATEWAY ?? 'sandbox') !== 'xendit';
}

const secrets = new Map<string, string>();

/**
 * The sandbox's signing key: SANDBOX_GATEWAY_SECRET, else one generated on first use and kept in
 * SANDBOX_SECRET_FILE, so no two installations share a key anyone could read in the source.
 */
export function sandboxSecret(
  config: Pick<Config, 'SANDBOX_GATEWAY_SECRET' | 'SANDBOX_SECRET_FILE'>,
): string {
  if (config.SANDBOX_GATEWAY_SECRET) return config.SANDBOX_GATEWAY_SECRET;
  const file = config.SANDBOX_SECRET_FILE;
  // Read once per process: the gateway and the simulator's signer both ask for it.
  const known = secrets.get(file);
  if (known) return known;
  try {
    mkdirSync(dirname(file), { recursive: true });
    // `wx`: only the first process creates it; the others read what it wrote.
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 16) throw new Error(`${file} holds no usable sandbox key: delete it to make a new one`);
  secrets.set(file, secret);
  return secret;
}

/**
 * Refuses to serve production with a gateway that takes no real money: the sandbox unless ALLOW_SANDBOX_GATEWAY=1
 * says it is a demo on purpose, and Xendit with a test key (`xnd_development_`: its VAs are never paid by a bank)
 * unless ALLOW_XENDIT_TEST_KEY=1 says so.
 */
export function assertGatewayAllowed(
  config: Pick<
    Config,
    'NODE_ENV' | 'PAYMENT_GATEWAY' | 'ALLOW_SANDBOX_GATEWAY' | 'XENDIT_SECRET_KEY' | 'ALLOW_XENDIT_TEST_KEY'
  >,
) {
  if (
    config.NODE_ENV === 'production' &&
    config.PAYMENT_GATEWAY === 'xendit' &&
    config.XENDIT_SECRET_KEY?.startsWith('xnd_development_') &&
    config.ALLOW_XENDIT_TEST_KEY !== '1'
  )
    throw new Error(
      'XENDIT_SECRET_KEY is a test key (xnd_development_): its virtual accounts are never paid by a real bank. ' +
        'Set the live key (xnd_production_) to take payments, or ALLOW_XENDIT_TEST_KEY=1 to run against test mode on purpose.',
    );
  if (
    config.NODE_ENV === 'production' &&
    config.PAYMENT_GATEWAY === 'sandbox' &&
    config.ALLOW_SANDBOX_GATEWAY !== '1'
  )
    throw new Error(
      'The sandbox payment gateway takes no real money and confirms bookings on a simulated payment. ' +
        'Set PAYMENT_GATEWAY=xendit (with its keys) to take payments, or ALLOW_SANDBOX_GATEWAY=1 to run a demo on purpose.',
    );
}
