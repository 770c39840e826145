import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { publicJwk, publicKeysFromJwkSet } from '../../src/server/boarding-pass/jwk.ts';
import { boardingPassKeys, serverBoardingPassKeys } from '../../src/server/boarding-pass/keys.ts';
import { signBoardingPass, verifyBoardingPass } from '../../src/server/boarding-pass/signing.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createApp } from '../../src/server/http/app.ts';
import { testApp, testDeps } from '../support/app.ts';

const fields = {
  ticketNumber: 'TK-K7M4QX-1D',
  sailingId: '0f8e2c1a-5b3d-4e6f-8a9b-c0d1e2f3a4b5',
  departure: new Date('2026-12-01T01:30:00Z'),
  initials: 'SA',
  expiresAt: new Date('2026-12-01T02:30:00Z'),
};

describe('GET /api/boarding-pass/keys', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
  });
  afterAll(() => handle.close());

  it("publishes the server's public keys, with which a gate verifies its passes offline", async () => {
    const response = await testApp(handle.db).request('/api/boarding-pass/keys');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const set = (await response.json()) as { keys: Record<string, string>[] };
    expect(set.keys).toEqual([
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: expect.stringMatching(/^[\w-]{43}$/) as unknown,
        kid: 'dev-01',
        use: 'sig',
        alg: 'EdDSA',
      },
    ]);
    const text = signBoardingPass(fields, serverBoardingPassKeys().signer);
    expect(verifyBoardingPass(text, publicKeysFromJwkSet(set))).toEqual({
      ok: true,
      pass: { ...fields, keyId: 'dev-01' },
    });
  });

  it('lists the current key first, then the retired ones, so passes signed before a rotation still verify', async () => {
    const retired = generateKeyPairSync('ed25519');
    const keys = boardingPassKeys(
      loadConfig({
        NODE_ENV: 'test',
        BOARDING_PASS_KEY_ID: 'bp-2026-11',
        BOARDING_PASS_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }).d,
        BOARDING_PASS_PREVIOUS_KEYS: JSON.stringify({ keys: [publicJwk('bp-2026-05', retired.publicKey)] }),
      }),
    );
    const app = createApp({ ...testDeps(handle.db), boardingPassKeys: () => keys });
    const set = (await (await app.request('/api/boarding-pass/keys')).json()) as unknown;
    const atGate = publicKeysFromJwkSet(set);
    expect([...atGate.keys()]).toEqual(['bp-2026-11', 'bp-2026-05']);

    const before = signBoardingPass(fields, { keyId: 'bp-2026-05', privateKey: retired.privateKey });
    expect(verifyBoardingPass(before, atGate)).toMatchObject({ ok: true, pass: { keyId: 'bp-2026-05' } });
    expect(verifyBoardingPass(signBoardingPass(fields, keys.signer), atGate)).toMatchObject({ ok: true });
    // The development key is no longer published, so its passes no longer pass.
    const dev = signBoardingPass(fields, serverBoardingPassKeys().signer);
    expect(verifyBoardingPass(dev, atGate)).toMatchObject({ ok: false, reason: 'unknown-key' });
  });
});
