import type { BoardingPassPayload } from '../../domain/boarding-pass-payload.ts';
import { readSignedPass, type PassRefusal } from '../../domain/signed-boarding-pass.ts';
import type { PassKey } from '../../stores/gate-scanner.ts';

export type PassCheck = { ok: true; pass: BoardingPassPayload } | { ok: false; reason: PassRefusal };

// Imported once per key: a gate scans a pass every few seconds, always with the same one or two keys.
const imported = new Map<string, Promise<CryptoKey>>();
function cryptoKey({ kty, crv, x }: PassKey): Promise<CryptoKey> {
  let key = imported.get(x);
  if (!key) {
    key = crypto.subtle.importKey('jwk', { kty, crv, x }, { name: 'Ed25519' }, false, ['verify']);
    imported.set(x, key);
  }
  return key;
}

/**
 * Whether one of `keys` signed the pass a QR code says, checked on the phone with WebCrypto's Ed25519, so a gate
 * with no connection still tells a real pass from a forged one. Whether it boards is the gate's rules' (domain/gate).
 */
export async function verifyPassText(text: string, keys: readonly PassKey[]): Promise<PassCheck> {
  const read = readSignedPass(text);
  if (!read.ok) return read;
  const { pass, payload, signature } = read.signed;
  const key = keys.find((candidate) => candidate.kid === pass.keyId);
  if (!key) return { ok: false, reason: 'unknown-key' };
  try {
    const good = await crypto.subtle.verify(
      { name: 'Ed25519' },
      await cryptoKey(key),
      signature.slice(),
      payload.slice(),
    );
    return good ? { ok: true, pass } : { ok: false, reason: 'bad-signature' };
  } catch {
    // A key the browser cannot import (not 32 bytes): nothing it signed can be trusted.
    imported.delete(key.x);
    return { ok: false, reason: 'unknown-key' };
  }
}
