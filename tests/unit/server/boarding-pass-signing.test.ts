import { createPublicKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { base45Decode, base45Encode } from '../../../src/domain/base45.ts';
import { MAX_PARTY } from '../../../src/domain/passengers.ts';
import { ticketNumber } from '../../../src/domain/ticket-numbers.ts';
import { publicJwk, publicKeysFromJwkSet } from '../../../src/server/boarding-pass/jwk.ts';
import {
  boardingPassJwkSet,
  boardingPassKeys,
  privateKeyFromSeed,
  publicKeysById,
} from '../../../src/server/boarding-pass/keys.ts';
import {
  signBoardingPass,
  verifyBoardingPass,
  type BoardingPassFields,
  type BoardingPassSigner,
} from '../../../src/server/boarding-pass/signing.ts';
import { loadConfig } from '../../../src/server/config.ts';

const fields: BoardingPassFields = {
  ticketNumber: ticketNumber('K7M4QX', MAX_PARTY - 1, 1), // the longest a booking issues
  sailingId: '0f8e2c1a-5b3d-4e6f-8a9b-c0d1e2f3a4b5',
  departure: new Date('2026-12-01T01:30:00Z'),
  initials: 'SNA',
  expiresAt: new Date('2026-12-01T02:30:00Z'),
};
const newSigner = (keyId: string): BoardingPassSigner => ({
  keyId,
  privateKey: generateKeyPairSync('ed25519').privateKey,
});
const keysOf = (...signers: BoardingPassSigner[]) =>
  new Map(signers.map((signer) => [signer.keyId, createPublicKey(signer.privateKey)]));
/** The QR text with one bit of its decoded bytes flipped. */
const flipped = (text: string, bit: number) => {
  const bytes = base45Decode(text);
  bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) ^ (1 << (bit & 7));
  return base45Encode(bytes);
};

describe('signed boarding passes', () => {
  const current = newSigner('bp-2026-11');

  it('verifies what it signed, with the public key alone', () => {
    const text = signBoardingPass(fields, current);
    expect(verifyBoardingPass(text, keysOf(current))).toEqual({
      ok: true,
      pass: { ...fields, keyId: 'bp-2026-11' },
    });
    // Ed25519 is deterministic: checking in twice prints the very same code.
    expect(signBoardingPass(fields, current)).toBe(text);
  });

  it('keeps a realistic pass at QR version 8 or below (error correction M), in the alphanumeric mode', () => {
    const text = signBoardingPass(fields, current);
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect(text).toHaveLength(177); // 54 payload + 64 signature bytes, 3 characters per 2 bytes
    expect(qr.version).toBe(7);
    expect(qr.segments.map((segment) => segment.mode.id)).toEqual(['Alphanumeric']);
    // Even the largest layout (16-character key id, 20-character ticket) stays within version 8.
    const largest = signBoardingPass(
      { ...fields, ticketNumber: 'TK-ABCDEFGHJK-123456' },
      newSigner('k'.repeat(16)),
    );
    expect(QRCode.create(largest, { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(8);
  });

  it('refuses a pass with any single bit of its payload flipped', () => {
    const text = signBoardingPass(fields, current);
    const payloadBits = (base45Decode(text).length - 64) * 8;
    for (let bit = 0; bit < payloadBits; bit++)
      expect(verifyBoardingPass(flipped(text, bit), keysOf(current)).ok, `bit ${String(bit)}`).toBe(false);
    // A changed departure (its lowest bit, byte 45) still parses: only the signature gives it away.
    expect(verifyBoardingPass(flipped(text, 45 * 8), keysOf(current))).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a changed signature, and a pass signed by another key under the same id', () => {
    const text = signBoardingPass(fields, current);
    const last = base45Decode(text).length * 8 - 1;
    expect(verifyBoardingPass(flipped(text, last), keysOf(current))).toMatchObject({
      reason: 'bad-signature',
    });
    const impostor = signBoardingPass(fields, newSigner('bp-2026-11'));
    expect(verifyBoardingPass(impostor, keysOf(current))).toMatchObject({ reason: 'bad-signature' });
  });

  it('refuses a pass whose key id it does not know', () => {
    const text = signBoardingPass(fields, newSigner('bp-2030-01'));
    expect(verifyBoardingPass(text, keysOf(current))).toEqual({
      ok: false,
      reason: 'unknown-key',
      message: 'no Ed25519 public key with id "bp-2030-01"',
    });
  });

  it.each([
    ['not base45', 'bp pass?', /not a base45 character/],
    ['too short for a signature', base45Encode(new Uint8Array(64)), /too short/],
    ['a payload of another version', base45Encode(new Uint8Array(80).fill(2)), /version 2/],
  ])('calls %s malformed', (_, text, message) => {
    const result = verifyBoardingPass(text, keysOf(current));
    expect(result).toMatchObject({ ok: false, reason: 'malformed' });
    expect(!result.ok && result.message).toMatch(message);
  });

  it('verifies a pass signed before a rotation with the published JWK set alone', () => {
    const retired = generateKeyPairSync('ed25519');
    const oldPass = signBoardingPass(fields, { keyId: 'bp-2026-05', privateKey: retired.privateKey });
    const seed = current.privateKey.export({ format: 'jwk' }).d ?? '';
    const keys = boardingPassKeys(
      loadConfig({
        NODE_ENV: 'production',
        BOARDING_PASS_KEY_ID: 'bp-2026-11',
        BOARDING_PASS_PRIVATE_KEY: seed,
        BOARDING_PASS_PREVIOUS_KEYS: JSON.stringify({ keys: [publicJwk('bp-2026-05', retired.publicKey)] }),
      }),
    );
    // As a gate gets it: JSON, then each JWK back into a key.
    const published = JSON.parse(JSON.stringify(boardingPassJwkSet(keys))) as {
      keys: (JsonWebKey & { kid: string })[];
    };
    expect(published.keys.map((jwk) => jwk.kid)).toEqual(['bp-2026-11', 'bp-2026-05']);
    const atGate = new Map(
      published.keys.map((jwk) => [jwk.kid, createPublicKey({ key: jwk, format: 'jwk' })]),
    );
    expect(verifyBoardingPass(oldPass, atGate)).toMatchObject({ ok: true, pass: { keyId: 'bp-2026-05' } });
    const newPass = signBoardingPass(fields, keys.signer);
    expect(verifyBoardingPass(newPass, atGate)).toMatchObject({ ok: true, pass: { keyId: 'bp-2026-11' } });
    // The configured seed is the signer's key.
    expect(publicKeysById(keys).get('bp-2026-11')?.equals(createPublicKey(current.privateKey))).toBe(true);
    expect(keys.signer.privateKey.equals(privateKeyFromSeed(seed))).toBe(true);
  });

  it('reads JWK sets strictly: Ed25519 public keys with distinct ids', () => {
    const jwk = publicJwk('bp-2026-11', createPublicKey(current.privateKey));
    expect(publicKeysFromJwkSet({ keys: [jwk] }).size).toBe(1);
    expect(() => publicKeysFromJwkSet({ keys: [jwk, jwk] })).toThrow(/two keys share a kid/);
    expect(() => publicKeysFromJwkSet({ keys: [{ ...jwk, d: 'secret' }] })).toThrow(/private key/);
    expect(() => publicKeysFromJwkSet({ keys: [{ ...jwk, crv: 'X25519' }] })).toThrow();
    expect(() => publicKeysFromJwkSet([jwk])).toThrow();
  });
});

describe('a QR text longer than any pass', () => {
  it('is refused as malformed without being decoded', () => {
    const signer = newSigner('bp-2026-11');
    const result = verifyBoardingPass('A'.repeat(10_000), keysOf(signer));
    expect(result).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
