import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { StaffSecurity } from '../use-cases/ports.ts';

/** The issuer an authenticator app shows beside the member's address. */
const ISSUER = 'Segara Ferry staff';

const setUpSignature = (linkSecret: string, setUpId: string) =>
  createHmac('sha256', linkSecret).update(`staff-set-up:${setUpId}`).digest('base64url');

// An alphabet without look-alikes (no 0/O, 1/I/L): bytes past the last whole multiple of its length are skipped, so
// every character is equally likely.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const USABLE = 256 - (256 % ALPHABET.length);
const codeOf = (bytes: Uint8Array, length: number) =>
  [...bytes]
    .filter((byte) => byte < USABLE)
    .slice(0, length)
    .map((byte) => ALPHABET[byte % ALPHABET.length])
    .join('');

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/**
 * The staff console's secrets (otpauth for the second factor): random tokens kept only as their SHA-256, TOTP
 * secrets of 160 bits (RFC 4226's advice) and recovery codes derived from a set-up's random seed, the `otpauth://`
 * address an authenticator app scans, and codes checked one 30-second step either side of now (a phone's clock a
 * little off).
 */
export const staffSecurity: StaffSecurity = {
  newToken() {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: staffSecurity.hashOf(token) };
  },
  hashOf(token) {
    return createHash('sha256').update(token).digest('hex');
  },
  setUpToken(linkSecret, setUpId) {
    return `${setUpId}.${setUpSignature(linkSecret, setUpId)}`;
  },
  setUpIdOf(linkSecret, token) {
    const [setUpId = '', given = ''] = token.trim().split('.');
    if (!/^[\w-]{43}$/.test(setUpId)) return undefined;
    const expected = Buffer.from(setUpSignature(linkSecret, setUpId));
    const offered = Buffer.from(given);
    return expected.length === offered.length && timingSafeEqual(expected, offered) ? setUpId : undefined;
  },
  totpSecretOf(seed) {
    return Secret.fromHex(createHmac('sha256', seed).update('totp').digest('hex').slice(0, 40)).base32;
  },
  totpUri(secret, label) {
    return totpOf(secret, label).toString();
  },
  totpStep(secret, code, now) {
    const token = code.replaceAll(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return undefined;
    const delta = totpOf(secret).validate({ token, timestamp: now.getTime(), window: 1 });
    return delta === null ? undefined : Math.floor(now.getTime() / 30_000) + delta;
  },
  recoveryCodesOf(seed, count) {
    // 10 characters from an HMAC keyed by the set-up's random value, shown as two groups of 5.
    return Array.from({ length: count }, (_, index) => {
      const code = codeOf(
        createHmac('sha512', seed)
          .update(`recovery:${String(index)}`)
          .digest(),
        10,
      );
      return `${code.slice(0, 5)}-${code.slice(5)}`;
    });
  },
  deviceSetUpCode(linkSecret, setUpId) {
    // 8 characters (39 bits) for a person to type on a phone, good for 15 minutes and only to a signed-in agent.
    const code = codeOf(createHmac('sha512', linkSecret).update(`gate-device:${setUpId}`).digest(), 8);
    return `${code.slice(0, 4)}-${code.slice(4)}`;
  },
};
