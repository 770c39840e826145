import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's minimum; ~20 ms here). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of no password: verified against when an account is unknown, so both answers take as long. */
let decoy: Promise<string> | undefined;

/**
 * Whether `password` is the account's. An unknown account (`stored` undefined) is checked against a decoy hash,
 * so a login for an address nobody registered takes as long as one with a wrong password.
 */
export async function passwordMatches(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    decoy ??= hash('not any password: a decoy to spend the same time');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
