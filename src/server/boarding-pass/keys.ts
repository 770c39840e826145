import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { developmentBoardingPassKeyAllowed, loadConfig, type Config } from '../config.ts';
import { publicJwk, publicKeysFromJwkSet, type BoardingPassJwk } from './jwk.ts';
import type { BoardingPassSigner } from './signing.ts';

/**
 * The development key pair: checked in so `npm start` and the tests sign and verify passes with no setup. Its
 * private half is public, so anyone can forge its passes: production never uses it (assertBoardingPassKeyGiven).
 */
export const DEVELOPMENT_KEY_ID = 'dev-01';
const DEVELOPMENT_ONLY_SEED = 'u4x4Pv-6iRNZZYl7seS2QEnsdpC7F3ekkhMB9G_3EOs';

/** RFC 8410's PKCS#8 header for an Ed25519 key: node:crypto imports a bare 32-byte seed only wrapped in it. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The key that signs new passes, and every public key a gate should accept (the current one first). */
export interface BoardingPassKeys {
  signer: BoardingPassSigner;
  published: { kid: string; publicKey: KeyObject }[];
}

/** An Ed25519 private key from base64url of its 32-byte seed (BOARDING_PASS_PRIVATE_KEY's form). */
export function privateKeyFromSeed(seed: string): KeyObject {
  const bytes = Buffer.from(seed, 'base64url');
  if (bytes.length !== 32) throw new RangeError('an Ed25519 seed is 32 bytes');
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, bytes]),
    format: 'der',
    type: 'pkcs8',
  });
}

type KeyConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'PAYMENT_GATEWAY'
  | 'ALLOW_SANDBOX_GATEWAY'
  | 'BOARDING_PASS_KEY_ID'
  | 'BOARDING_PASS_PRIVATE_KEY'
  | 'BOARDING_PASS_PREVIOUS_KEYS'
>;

/** The configured keys; without one, the development key where it is allowed, else an error saying what to set. */
export function boardingPassKeys(config: KeyConfig): BoardingPassKeys {
  let signer: BoardingPassSigner;
  if (config.BOARDING_PASS_KEY_ID && config.BOARDING_PASS_PRIVATE_KEY)
    signer = {
      keyId: config.BOARDING_PASS_KEY_ID,
      privateKey: privateKeyFromSeed(config.BOARDING_PASS_PRIVATE_KEY),
    };
  else if (developmentBoardingPassKeyAllowed(config))
    signer = { keyId: DEVELOPMENT_KEY_ID, privateKey: privateKeyFromSeed(DEVELOPMENT_ONLY_SEED) };
  else throw new Error('BOARDING_PASS_KEY_ID and BOARDING_PASS_PRIVATE_KEY are not set');
  const previous = publicKeysFromJwkSet(config.BOARDING_PASS_PREVIOUS_KEYS ?? { keys: [] });
  if (previous.has(signer.keyId))
    throw new Error(`BOARDING_PASS_PREVIOUS_KEYS lists the signing key's id "${signer.keyId}" again`);
  return {
    signer,
    published: [
      { kid: signer.keyId, publicKey: createPublicKey(signer.privateKey) },
      ...Array.from(previous, ([kid, publicKey]) => ({ kid, publicKey })),
    ],
  };
}

/** The published keys by id: what verifyBoardingPass takes. */
export function publicKeysById(keys: BoardingPassKeys): Map<string, KeyObject> {
  return new Map(keys.published.map(({ kid, publicKey }) => [kid, publicKey]));
}

/** The JWK set GET /api/boarding-pass/keys answers. */
export function boardingPassJwkSet(keys: BoardingPassKeys): { keys: BoardingPassJwk[] } {
  return { keys: keys.published.map(({ kid, publicKey }) => publicJwk(kid, publicKey)) };
}

let configured: BoardingPassKeys | undefined;

/** This process's keys, from its environment, read once: the signer check-in uses and the set the API publishes. */
export function serverBoardingPassKeys(): BoardingPassKeys {
  configured ??= boardingPassKeys(loadConfig());
  return configured;
}
