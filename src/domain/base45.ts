/**
 * Base45 (RFC 9285): bytes as text in the 45 characters of a QR code's alphanumeric mode, which packs 2 characters
 * into 11 bits. Three characters carry two bytes, so binary data costs 1.5 characters a byte and still takes the
 * dense mode; base64 would push the code into byte mode (8 bits a character) and a larger version.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

/** Text that is not base45: a character outside the alphabet, a dangling character, or a group over its range. */
export class InvalidBase45 extends Error {
  override name = 'InvalidBase45';
}

export function base45Encode(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const n = (bytes[i] ?? 0) * 256 + (bytes[i + 1] ?? 0);
    text +=
      ALPHABET.charAt(n % 45) +
      ALPHABET.charAt(Math.floor(n / 45) % 45) +
      ALPHABET.charAt(Math.floor(n / 2025));
  }
  if (bytes.length % 2 === 1) {
    const n = bytes[bytes.length - 1] ?? 0;
    text += ALPHABET.charAt(n % 45) + ALPHABET.charAt(Math.floor(n / 45));
  }
  return text;
}

export function base45Decode(text: string): Uint8Array {
  if (text.length % 3 === 1)
    throw new InvalidBase45(
      `base45 text of ${String(text.length)} characters: a lone character carries no byte`,
    );
  const values = Array.from(text, (char, at) => {
    const value = ALPHABET.indexOf(char);
    // Lower case is refused too: the RFC's alphabet is upper case only, and one spelling per byte string is simpler.
    if (value < 0) throw new InvalidBase45(`"${char}" at ${String(at)} is not a base45 character`);
    return value;
  });
  const bytes = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 === 2 ? 1 : 0));
  let out = 0;
  for (let at = 0; at < values.length; at += 3) {
    const [c = 0, d = 0, e] = values.slice(at, at + 3);
    if (e === undefined) {
      const n = c + d * 45;
      if (n > 0xff) throw new InvalidBase45(`the final pair at ${String(at)} is ${String(n)}, over one byte`);
      bytes[out++] = n;
    } else {
      const n = c + d * 45 + e * 2025;
      if (n > 0xffff) throw new InvalidBase45(`the group at ${String(at)} is ${String(n)}, over two bytes`);
      bytes[out++] = n >> 8;
      bytes[out++] = n & 0xff;
    }
  }
  return bytes;
}
