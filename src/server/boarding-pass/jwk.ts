import { createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { BOARDING_PASS_KEY_ID_PATTERN } from '../../domain/boarding-pass-payload.ts';

/**
 * Boarding-pass public keys as JWKs (RFC 8037: `OKP`, `Ed25519`, `x` = the 32-byte public key in base64url): the
 * format the keys endpoint publishes and BOARDING_PASS_PREVIOUS_KEYS takes, so retiring a key is copying its entry
 * from one into the other.
 */
export const boardingPassJwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string().regex(/^[\w-]{43}$/, 'x is 32 bytes in base64url (43 characters)'),
  kid: z.string().regex(BOARDING_PASS_KEY_ID_PATTERN, 'kid is 6-16 letters, digits, ".", "_" or "-"'),
  use: z.literal('sig').optional(),
  alg: z.literal('EdDSA').optional(),
  // A private key pasted where public ones go is refused rather than quietly stripped (and half published).
  d: z.never('a private key (d) does not belong here').optional(),
});

export const boardingPassJwkSetSchema = z
  .object({ keys: z.array(boardingPassJwkSchema) })
  .refine((set) => new Set(set.keys.map((key) => key.kid)).size === set.keys.length, 'two keys share a kid');

export type BoardingPassJwk = z.infer<typeof boardingPassJwkSchema>;

/** A public key as the keys endpoint lists it. */
export function publicJwk(kid: string, publicKey: KeyObject): BoardingPassJwk {
  const { x } = publicKey.export({ format: 'jwk' });
  if (publicKey.asymmetricKeyType !== 'ed25519' || !x)
    throw new TypeError(`key ${kid} is not an Ed25519 key`);
  return { kty: 'OKP', crv: 'Ed25519', x, kid, use: 'sig', alg: 'EdDSA' };
}

/** The keys of a JWK set by their ids: what a gate needs to verify passes offline (verifyBoardingPass). */
export function publicKeysFromJwkSet(set: unknown): Map<string, KeyObject> {
  const { keys } = boardingPassJwkSetSchema.parse(set);
  return new Map(
    keys.map(({ kty, crv, x, kid }) => [kid, createPublicKey({ key: { kty, crv, x }, format: 'jwk' })]),
  );
}
