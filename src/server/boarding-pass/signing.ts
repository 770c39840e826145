import { sign, verify, type KeyObject } from 'node:crypto';
import { base45Encode } from '../../domain/base45.ts';
import { encodeBoardingPassPayload, type BoardingPassPayload } from '../../domain/boarding-pass-payload.ts';
import { readSignedPass, type PassRefusal } from '../../domain/signed-boarding-pass.ts';

/**
 * A boarding pass's QR text: base45(payload || Ed25519 signature of the payload). The payload names the key that
 * signed it, so a gate holding the published keys (GET /api/boarding-pass/keys) verifies a pass offline, and passes
 * signed before a key rotation keep verifying while their key stays published.
 */

/** The key that signs new passes, and the id the payload names it by. */
export interface BoardingPassSigner {
  keyId: string;
  privateKey: KeyObject;
}

/** What the caller says about a pass; the key id is the signer's. */
export type BoardingPassFields = Omit<BoardingPassPayload, 'keyId'>;

export type BoardingPassVerification =
  { ok: true; pass: BoardingPassPayload } | { ok: false; reason: PassRefusal; message: string };

export function signBoardingPass(fields: BoardingPassFields, signer: BoardingPassSigner): string {
  const payload = encodeBoardingPassPayload({ ...fields, keyId: signer.keyId });
  const signature = sign(null, payload, signer.privateKey);
  const signed = new Uint8Array(payload.length + signature.length);
  signed.set(payload);
  signed.set(signature, payload.length);
  return base45Encode(signed);
}

/**
 * The pass a QR text carries, if one of `publicKeysById` signed it. Whether it has expired is the caller's call
 * (`pass.expiresAt` against its own clock): a gate may want to say "expired" rather than "forged".
 */
export function verifyBoardingPass(
  text: string,
  publicKeysById: ReadonlyMap<string, KeyObject>,
): BoardingPassVerification {
  const read = readSignedPass(text);
  if (!read.ok) return read;
  const { pass, payload, signature } = read.signed;
  const key = publicKeysById.get(pass.keyId);
  if (key?.asymmetricKeyType !== 'ed25519')
    return { ok: false, reason: 'unknown-key', message: `no Ed25519 public key with id "${pass.keyId}"` };
  if (!verify(null, payload, key, signature))
    return { ok: false, reason: 'bad-signature', message: `not signed by key "${pass.keyId}"` };
  return { ok: true, pass };
}
