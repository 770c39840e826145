import { base45Decode, InvalidBase45 } from './base45.ts';
import {
  decodeBoardingPassPayload,
  MalformedBoardingPass,
  type BoardingPassPayload,
} from './boarding-pass-payload.ts';

/**
 * A boarding pass's QR text is base45(payload || Ed25519 signature of the payload) (decisions/0005). Reading it is
 * shared by the server (`verifyBoardingPass`, node:crypto) and the gate scanner (WebCrypto, offline): both split the
 * text here and check the signature with their own library.
 */
export const SIGNATURE_BYTES = 64;
/** The longest QR text a pass can have: QR version 8 at level M holds 224 alphanumeric characters. */
export const MAX_PASS_TEXT = 224;

export interface SignedBoardingPass {
  pass: BoardingPassPayload;
  /** The signed bytes and their signature, for the verifier. */
  payload: Uint8Array;
  signature: Uint8Array;
}

/** Why a text is not a signed pass: it is not one at all, or no key of the gate's signed it, or it was altered. */
export type PassRefusal = 'malformed' | 'unknown-key' | 'bad-signature';

/**
 * The pass a QR text carries and the bytes to verify, or why it is not one (`malformed`, with what is wrong). The
 * fields are parsed before the signature is checked, to learn the key id; the parser is strict and allocates little.
 */
export function readSignedPass(
  text: string,
): { ok: true; signed: SignedBoardingPass } | { ok: false; reason: 'malformed'; message: string } {
  const malformed = (message: string) => ({ ok: false as const, reason: 'malformed' as const, message });
  // A real pass is under 200 characters: anything longer is not decoded at all.
  if (text.length > MAX_PASS_TEXT)
    return malformed(`${String(text.length)} characters: longer than any pass`);
  try {
    const bytes = base45Decode(text);
    if (bytes.length <= SIGNATURE_BYTES)
      return malformed(`${String(bytes.length)} bytes: too short for a payload and its signature`);
    const payload = bytes.subarray(0, bytes.length - SIGNATURE_BYTES);
    const signature = bytes.subarray(bytes.length - SIGNATURE_BYTES);
    return { ok: true, signed: { pass: decodeBoardingPassPayload(payload), payload, signature } };
  } catch (error) {
    if (error instanceof InvalidBase45 || error instanceof MalformedBoardingPass)
      return malformed(error.message);
    throw error;
  }
}
