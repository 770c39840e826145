/**
 * What a boarding pass's QR code says, before its signature: a fixed binary layout, so the signed pass stays near
 * 120 bytes and the code at QR version 8 or below (decisions/0005). Every field has one valid spelling, so a
 * decoded pass re-encodes to the very bytes that were signed.
 *
 *   size   field
 *   1      version, 1
 *   1+n    key id: n = 6-16 ASCII letters, digits, `.`, `_`, `-` (which key signed it; keys rotate)
 *   1+n    ticket number: n = 1-20 of A-Z, 0-9, `-` (`TK-K7M4QX-2D`, domain/ticket-numbers.ts)
 *   16     sailing id: the UUID's 16 bytes
 *   4      departure: unix seconds, unsigned, big-endian (good until 2106)
 *   1+n    passenger initials: n = 0-3 of A-Z
 *   4      expiry: unix seconds, unsigned, big-endian
 *
 * Lengths are one byte each. Pure: the server signs these bytes, a gate device verifies them.
 */
export const BOARDING_PASS_VERSION = 1;

/**
 * At least 6 characters: with 5, the pass's base45 text would start with a space (version 1 and length 5 make
 * 0x0105, whose first character is " "), which a scanner app or a form that trims its input would silently eat.
 */
export const BOARDING_PASS_KEY_ID_PATTERN = /^[A-Za-z0-9._-]{6,16}$/;
const TICKET_PATTERN = /^[A-Z0-9-]{1,20}$/;
const INITIALS_PATTERN = /^[A-Z]{0,3}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_SECONDS = 0xffffffff;

export interface BoardingPassPayload {
  keyId: string;
  ticketNumber: string;
  /** A UUID; decoded in lower case. */
  sailingId: string;
  /** Whole seconds (the layout keeps no milliseconds). */
  departure: Date;
  /** Up to 3 upper-case letters (passengerInitials). */
  initials: string;
  /** When a gate stops accepting it; whether it has passed is the verifier's call, with its own clock. */
  expiresAt: Date;
}

/** Bytes that are not a boarding pass of this version: what was expected, and where. */
export class MalformedBoardingPass extends Error {
  override name = 'MalformedBoardingPass';
}

/** The signed bytes. A field outside the layout is a caller's mistake: a RangeError naming the field. */
export function encodeBoardingPassPayload(pass: BoardingPassPayload): Uint8Array {
  const bytes: number[] = [BOARDING_PASS_VERSION];
  const text = (value: string, pattern: RegExp, field: string) => {
    if (!pattern.test(value)) throw new RangeError(`${field} "${value}" does not match ${String(pattern)}`);
    bytes.push(value.length, ...Array.from(value, (char) => char.charCodeAt(0)));
  };
  const seconds = (value: Date, field: string) => {
    const ms = value.getTime();
    if (!Number.isInteger(ms / 1000) || ms < 0 || ms / 1000 > MAX_SECONDS)
      throw new RangeError(`${field} must be a whole second between 1970 and 2106, not ${String(ms)} ms`);
    const s = ms / 1000;
    bytes.push((s >>> 24) & 0xff, (s >>> 16) & 0xff, (s >>> 8) & 0xff, s & 0xff);
  };
  text(pass.keyId, BOARDING_PASS_KEY_ID_PATTERN, 'key id');
  text(pass.ticketNumber, TICKET_PATTERN, 'ticket number');
  if (!UUID_PATTERN.test(pass.sailingId))
    throw new RangeError(`sailing id "${pass.sailingId}" is not a UUID`);
  const hex = pass.sailingId.replaceAll('-', '');
  for (let i = 0; i < 32; i += 2) bytes.push(Number.parseInt(hex.slice(i, i + 2), 16));
  seconds(pass.departure, 'departure');
  text(pass.initials, INITIALS_PATTERN, 'initials');
  seconds(pass.expiresAt, 'expiry');
  return Uint8Array.from(bytes);
}

/** The fields of signed bytes; anything else (another version, cut short, bytes left over) is MalformedBoardingPass. */
export function decodeBoardingPassPayload(bytes: Uint8Array): BoardingPassPayload {
  let at = 0;
  const take = (count: number, field: string): Uint8Array => {
    if (at + count > bytes.length)
      throw new MalformedBoardingPass(
        `truncated: ${field} needs ${String(count)} bytes at offset ${String(at)}, ${String(bytes.length - at)} left`,
      );
    const slice = bytes.subarray(at, at + count);
    at += count;
    return slice;
  };
  const text = (pattern: RegExp, field: string): string => {
    const length = take(1, `${field} length`)[0] ?? 0;
    const value = String.fromCharCode(...take(length, field));
    if (!pattern.test(value))
      throw new MalformedBoardingPass(`${field} "${value}" does not match ${String(pattern)}`);
    return value;
  };
  const seconds = (field: string) => {
    const [a = 0, b = 0, c = 0, d = 0] = take(4, field);
    return new Date((a * 2 ** 24 + b * 2 ** 16 + c * 2 ** 8 + d) * 1000);
  };

  const version = take(1, 'version')[0];
  if (version !== BOARDING_PASS_VERSION)
    throw new MalformedBoardingPass(
      `version ${String(version)}: this reader knows version ${String(BOARDING_PASS_VERSION)}`,
    );
  const keyId = text(BOARDING_PASS_KEY_ID_PATTERN, 'key id');
  const ticketNumber = text(TICKET_PATTERN, 'ticket number');
  const sailingId = uuid(take(16, 'sailing id'));
  const departure = seconds('departure');
  const initials = text(INITIALS_PATTERN, 'initials');
  const expiresAt = seconds('expiry');
  if (at !== bytes.length)
    throw new MalformedBoardingPass(`${String(bytes.length - at)} trailing bytes after the expiry`);
  return { keyId, ticketNumber, sailingId, departure, initials, expiresAt };
}

/**
 * A passenger's initials as the gate compares them with the passport: the first Latin letter of each word (accents
 * dropped), the first two and the last word's for longer names. Empty for a name with no Latin letter.
 */
export function passengerInitials(fullName: string): string {
  const letters = fullName
    .normalize('NFD')
    .toUpperCase()
    .split(/\s+/)
    .map((word) => /[A-Z]/.exec(word)?.[0])
    .filter((letter) => letter !== undefined);
  const picked = letters.length > 3 ? [...letters.slice(0, 2), ...letters.slice(-1)] : letters;
  return picked.join('');
}

function uuid(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
