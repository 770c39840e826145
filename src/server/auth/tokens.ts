import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new opaque token: 256 random bits, base64url (43 characters). Only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a token or client secret: what the database keeps and looks up by. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether `secret` hashes to `hash`, in constant time. */
export function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(tokenHash(secret), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
