import type { Config } from '../config.ts';
import { installationSecret } from '../installation-secret.ts';

/**
 * The sandbox gateway confirms bookings on a simulated payment. These rules keep a demo from ever being mistaken
 * for a shop: a key of its own per installation, a banner on every page, and no production start by accident.
 */

/** Whether the sandbox gateway is active (every page then says payments are simulated). */
export function sandboxActive(env: Record<string, string | undefined> = process.env): boolean {
  return (env.PAYMENT_GATEWAY ?? 'sandbox') !== 'xendit';
}

/**
 * The sandbox's signing key: SANDBOX_GATEWAY_SECRET, else one generated on first use and kept in
 * SANDBOX_SECRET_FILE, so no two installations share a key anyone could read in the source.
 */
export function sandboxSecret(
  config: Pick<Config, 'SANDBOX_GATEWAY_SECRET' | 'SANDBOX_SECRET_FILE'>,
): string {
  return installationSecret(config.SANDBOX_GATEWAY_SECRET, config.SANDBOX_SECRET_FILE);
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
