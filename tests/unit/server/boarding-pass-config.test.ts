import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicJwk } from '../../../src/server/boarding-pass/jwk.ts';
import { DEVELOPMENT_KEY_ID, boardingPassKeys } from '../../../src/server/boarding-pass/keys.ts';
import { assertBoardingPassKeyGiven, loadConfig } from '../../../src/server/config.ts';

const SEED = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const xendit = {
  PAYMENT_GATEWAY: 'xendit',
  XENDIT_SECRET_KEY: 'xnd_production_x',
  XENDIT_CALLBACK_TOKEN: 't',
};
const given = { BOARDING_PASS_KEY_ID: 'bp-2026-11', BOARDING_PASS_PRIVATE_KEY: SEED };

describe('the boarding pass signing key', () => {
  it('must be given in production: refuses to start without it, saying what to set', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...xendit });
    expect(() => {
      assertBoardingPassKeyGiven(config);
    }).toThrow(/BOARDING_PASS_PRIVATE_KEY is not set/);
    expect(() => boardingPassKeys(config)).toThrow(/not set/);
    expect(() => {
      assertBoardingPassKeyGiven(loadConfig({ NODE_ENV: 'production', ...xendit, ...given }));
    }).not.toThrow();
  });

  it.each([
    ['tests', { NODE_ENV: 'test' }],
    ['development', { NODE_ENV: 'development' }],
    ['a sandbox demo (npm start)', { NODE_ENV: 'production', ALLOW_SANDBOX_GATEWAY: '1' }],
  ])('falls back to the development key in %s', (_, env) => {
    const config = loadConfig(env);
    expect(() => {
      assertBoardingPassKeyGiven(config);
    }).not.toThrow();
    expect(boardingPassKeys(config).signer.keyId).toBe(DEVELOPMENT_KEY_ID);
  });

  it('signs with the configured key when one is given, even in development', () => {
    expect(boardingPassKeys(loadConfig({ NODE_ENV: 'development', ...given })).signer.keyId).toBe(
      'bp-2026-11',
    );
  });

  it.each([
    [{ BOARDING_PASS_KEY_ID: 'bp-2026-11' }, /go together/],
    [{ BOARDING_PASS_PRIVATE_KEY: SEED }, /go together/],
    [{ ...given, BOARDING_PASS_KEY_ID: 'bp-1' }, /BOARDING_PASS_KEY_ID: 6-16/],
    [
      { ...given, BOARDING_PASS_PRIVATE_KEY: `${SEED}A` },
      /BOARDING_PASS_PRIVATE_KEY: base64url of a 32-byte/,
    ],
    [{ BOARDING_PASS_PREVIOUS_KEYS: '{keys' }, /BOARDING_PASS_PREVIOUS_KEYS: not JSON/],
    [{ BOARDING_PASS_PREVIOUS_KEYS: '{"keys":[{"kty":"RSA"}]}' }, /BOARDING_PASS_PREVIOUS_KEYS\.keys\.0/],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats the private key in its error messages', () => {
    const secret = `${SEED.slice(0, 42)}!`;
    let message = '';
    try {
      loadConfig({ ...given, BOARDING_PASS_PRIVATE_KEY: secret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/BOARDING_PASS_PRIVATE_KEY/);
    expect(message).not.toContain(secret);
  });

  it('refuses a previous key that reuses the signing key id', () => {
    const previous = JSON.stringify({
      keys: [publicJwk('bp-2026-11', generateKeyPairSync('ed25519').publicKey)],
    });
    expect(() => loadConfig({ ...given, BOARDING_PASS_PREVIOUS_KEYS: previous })).toThrow(
      /lists the current BOARDING_PASS_KEY_ID again/,
    );
    const devPrevious = previous.replace('bp-2026-11', DEVELOPMENT_KEY_ID);
    expect(() =>
      boardingPassKeys(loadConfig({ NODE_ENV: 'test', BOARDING_PASS_PREVIOUS_KEYS: devPrevious })),
    ).toThrow(/lists the signing key's id "dev-01" again/);
  });
});
