import { describe, expect, it } from 'vitest';
import { base45Decode, base45Encode, InvalidBase45 } from '../../../src/domain/base45.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('base45 (RFC 9285)', () => {
  it.each([
    ['AB', 'BB8'],
    ['Hello!!', '%69 VD92EX0'],
    ['base-45', 'UJCLQE7W581'],
    ['ietf!', 'QED8WEX0'],
    ['', ''],
  ])('encodes %j as the RFC does: %j', (bytes, text) => {
    expect(base45Encode(utf8(bytes))).toBe(text);
    expect(new TextDecoder().decode(base45Decode(text))).toBe(bytes);
  });

  it('round-trips every byte value, alone and in pairs at both ends of the range', () => {
    for (let byte = 0; byte < 256; byte++) {
      const bytes = new Uint8Array([byte, 255 - byte, byte]);
      expect(base45Decode(base45Encode(bytes))).toEqual(bytes);
    }
    expect(base45Encode(new Uint8Array([0xff, 0xff]))).toBe('FGW');
    expect(base45Encode(new Uint8Array([0xff]))).toBe('U5');
  });

  it.each([
    ['GGW', /over two bytes/], // 65536: one past the largest pair
    ['V6', /over one byte/], // 256 in a final pair
    ['BB8A', /lone character/],
    ['A', /lone character/],
    ['bb8', /"b" at 0/], // lower case is not in the alphabet
    ['BB#', /"#" at 2/],
  ])('refuses %j', (text, reason) => {
    expect(() => base45Decode(text)).toThrow(InvalidBase45);
    expect(() => base45Decode(text)).toThrow(reason);
  });
});
