/**
 * Booking codes people read aloud and type: 6 characters from an alphabet without 0, O, 1 and I, which are
 * misread on paper and over the phone. 32 symbols, so each random byte gives one symbol without bias (256 / 32).
 */
/** Booking ids are 144 random bits in base64url (24 characters): anything else is not worth a query. */
export const BOOKING_ID_PATTERN = /^[\w-]{24}$/;

export const BOOKING_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const BOOKING_CODE_LENGTH = 6;

/** A code from `BOOKING_CODE_LENGTH` random bytes (the caller owns the randomness, so this stays pure). */
export function bookingCodeFrom(randomBytes: Uint8Array): string {
  if (randomBytes.length < BOOKING_CODE_LENGTH) throw new RangeError('need 6 random bytes');
  return Array.from(randomBytes.subarray(0, BOOKING_CODE_LENGTH), (byte) =>
    BOOKING_CODE_ALPHABET.charAt(byte % BOOKING_CODE_ALPHABET.length),
  ).join('');
}

/** What a person typed, as stored: trimmed, upper case, spaces and dashes dropped; undefined when it cannot be one. */
export function normalizeBookingCode(typed: string): string | undefined {
  const code = typed.trim().toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== BOOKING_CODE_LENGTH) return undefined;
  for (const char of code) if (!BOOKING_CODE_ALPHABET.includes(char)) return undefined;
  return code;
}
