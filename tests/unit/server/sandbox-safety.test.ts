import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import {
  assertGatewayAllowed,
  sandboxActive,
  sandboxSecret,
} from '../../../src/server/payments/sandbox-safety.ts';

const dir = mkdtempSync(join(tmpdir(), 'segara-sandbox-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the sandbox gateway cannot take real money or give free tickets', () => {
  it('makes a key of its own per installation, kept private and reused, unless one is configured', () => {
    const file = join(dir, 'nested', 'sandbox-secret');
    const first = sandboxSecret({ SANDBOX_GATEWAY_SECRET: undefined, SANDBOX_SECRET_FILE: file });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(sandboxSecret({ SANDBOX_GATEWAY_SECRET: undefined, SANDBOX_SECRET_FILE: file })).toBe(first);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0); // readable by its owner only
    const other = sandboxSecret({
      SANDBOX_GATEWAY_SECRET: undefined,
      SANDBOX_SECRET_FILE: join(dir, 'other'),
    });
    expect(other).not.toBe(first);
    expect(
      sandboxSecret({ SANDBOX_GATEWAY_SECRET: 'configured-0123456789', SANDBOX_SECRET_FILE: file }),
    ).toBe('configured-0123456789');
  });

  it('refuses to serve production with the sandbox unless told it is a demo on purpose', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(() => {
      assertGatewayAllowed(production);
    }).toThrow(/ALLOW_SANDBOX_GATEWAY=1/);
    expect(() => {
      assertGatewayAllowed(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_GATEWAY: '1' }));
    }).not.toThrow();
    expect(() => {
      assertGatewayAllowed(loadConfig({ NODE_ENV: 'development' }));
    }).not.toThrow();
    const xendit = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'xendit',
      XENDIT_SECRET_KEY: 'xnd_production_x',
      XENDIT_CALLBACK_TOKEN: 'token',
    });
    expect(() => {
      assertGatewayAllowed(xendit);
    }).not.toThrow();
  });

  it('refuses to serve production with a Xendit test key unless told it is on purpose', () => {
    const withKey = (env: Record<string, string>) =>
      loadConfig({
        PAYMENT_GATEWAY: 'xendit',
        XENDIT_SECRET_KEY: 'xnd_development_0123456789',
        XENDIT_CALLBACK_TOKEN: 'token',
        ...env,
      });
    expect(() => {
      assertGatewayAllowed(withKey({ NODE_ENV: 'production' }));
    }).toThrow(/test key.*ALLOW_XENDIT_TEST_KEY=1/);
    expect(() => {
      assertGatewayAllowed(withKey({ NODE_ENV: 'production', ALLOW_XENDIT_TEST_KEY: '1' }));
    }).not.toThrow();
    expect(() => {
      assertGatewayAllowed(withKey({ NODE_ENV: 'development' }));
    }).not.toThrow();
  });

  it('says the sandbox is active unless Xendit is configured', () => {
    expect(sandboxActive({})).toBe(true);
    expect(sandboxActive({ PAYMENT_GATEWAY: 'sandbox' })).toBe(true);
    expect(sandboxActive({ PAYMENT_GATEWAY: 'xendit' })).toBe(false);
  });
});
