import { sign, verify, type KeyObject } from 'node:crypto';
import { base45Decode, base45Encode, InvalidBase45 } from '../../domain/base45.ts';
import {
  decodeBoardingPassPayload,
  encodeBoardingPassPayload,
  MalformedBoardingPass,
  type BoardingPassPayload,
} from '../../domain/boarding-pass-payload.ts';

/**
 * A boarding pass's QR text: base45(payload || Ed25519 signature of the payload). The payload names the key that
 * signed it, so a gate holding the published keys (GET /api/boarding-pass/keys) verifies a pass offline, and passes
 * signed before a key rotation keep verifying while their key stays published.
 */
export const SIGNATURE_BYTES = 64;
/** The longest QR text a pass can have: QR version 8 at level M holds 224 alphanumeric characters. */
const MAX_PASS_TEXT = 224;

/** The key that signs new passes, and the id the payload names it by. */
export interface BoardingPassSigner {
  keyId: string;
  privateKey: KeyObject;
}

/** What the caller says about a pass; the key id is the signer's. */
export type BoardingPassFields = Omit<BoardingPassPayload, 'keyId'>;

export type BoardingPassVerification =
  | { ok: true; pass: BoardingPassPayload }
  | { ok: false; reason: 'malformed' | 'unknown-key' | 'bad-signature'; message: string };

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
  let pass: BoardingPassPayload;
  let payload: Uint8Array;
  let signature: Uint8Array;
  try {
    // A real pass is under 200 characters (QR version 8 holds 224): anything longer is not decoded at all.
    if (text.length > MAX_PASS_TEXT)
      return malformed(`${String(text.length)} characters: longer than any pass`);
    const bytes = base45Decode(text);
    if (bytes.length <= SIGNATURE_BYTES)
      return malformed(`${String(bytes.length)} bytes: too short for a payload and its signature`);
    payload = bytes.subarray(0, bytes.length - SIGNATURE_BYTES);
    signature = bytes.subarray(bytes.length - SIGNATURE_BYTES);
    // Parsed before the signature is checked, to learn the key id; the parser is strict and allocates little.
    pass = decodeBoardingPassPayload(payload);
  } catch (error) {
    if (error instanceof InvalidBase45 || error instanceof MalformedBoardingPass)
      return malformed(error.message);
    throw error;
  }
  const key = publicKeysById.get(pass.keyId);
  if (key?.asymmetricKeyType !== 'ed25519')
    return { ok: false, reason: 'unknown-key', message: `no Ed25519 public key with id "${pass.keyId}"` };
  if (!verify(null, payload, key, signature))
    return { ok: false, reason: 'bad-signature', message: `not signed by key "${pass.keyId}"` };
  return { ok: true, pass };
}

function malformed(message: string): BoardingPassVerification {
  return { ok: false, reason: 'malformed', message };
}
