import { describe, expect, it } from 'vitest';
import { base45Encode } from '../../../src/domain/base45.ts';
import {
  decodeBoardingPassPayload,
  encodeBoardingPassPayload,
  MalformedBoardingPass,
  passengerInitials,
  type BoardingPassPayload,
} from '../../../src/domain/boarding-pass-payload.ts';
import { MAX_PARTY } from '../../../src/domain/passengers.ts';
import { ticketNumber } from '../../../src/domain/ticket-numbers.ts';

const pass: BoardingPassPayload = {
  keyId: 'bp-2026-11',
  ticketNumber: ticketNumber('K7M4QX', MAX_PARTY - 1, 1), // TK-K7M4QX-18R, the longest a booking issues
  sailingId: '0f8e2c1a-5b3d-4e6f-8a9b-c0d1e2f3a4b5',
  departure: new Date('2026-12-01T01:30:00Z'),
  initials: 'SNA',
  expiresAt: new Date('2026-12-01T02:30:00Z'),
};
const encode = (changes: Partial<BoardingPassPayload>) => encodeBoardingPassPayload({ ...pass, ...changes });

describe('boarding pass payload layout', () => {
  it('round-trips a pass in 54 bytes, starting with version 1', () => {
    const bytes = encodeBoardingPassPayload(pass);
    expect(pass.ticketNumber).toBe('TK-K7M4QX-18R');
    expect(bytes).toHaveLength(1 + 11 + 14 + 16 + 4 + 4 + 4);
    expect(bytes[0]).toBe(1);
    expect(decodeBoardingPassPayload(bytes)).toEqual(pass);
  });

  it('carries the sailing id as its 16 raw bytes and reads it back in lower case', () => {
    const bytes = encode({ sailingId: '0F8E2C1A-5B3D-4E6F-8A9B-C0D1E2F3A4B5' });
    const at = 1 + 11 + 14;
    expect(Buffer.from(bytes.subarray(at, at + 16)).toString('hex')).toBe('0f8e2c1a5b3d4e6f8a9bc0d1e2f3a4b5');
    expect(decodeBoardingPassPayload(bytes).sailingId).toBe(pass.sailingId);
    for (const id of ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'])
      expect(decodeBoardingPassPayload(encode({ sailingId: id })).sailingId).toBe(id);
  });

  it.each<[string, Partial<BoardingPassPayload>]>([
    ['a 6-character key id', { keyId: 'dev-01' }],
    ['a 16-character key id', { keyId: 'bp.2026_11-abcde' }],
    ['a 1-character ticket number', { ticketNumber: 'T' }],
    ['a 20-character ticket number', { ticketNumber: 'TK-ABCDEFGHJK-123456' }],
    ['no initials', { initials: '' }],
    ['one initial', { initials: 'S' }],
    ['the epoch', { departure: new Date(0), expiresAt: new Date(0) }],
    ['the last second of uint32', { expiresAt: new Date(0xffffffff * 1000) }],
  ])('round-trips %s', (_, changes) => {
    const changed = { ...pass, ...changes };
    expect(decodeBoardingPassPayload(encodeBoardingPassPayload(changed))).toEqual(changed);
  });

  it.each<[string, Partial<BoardingPassPayload>, RegExp]>([
    ['a 5-character key id', { keyId: 'dev-1' }, /key id/],
    ['a 17-character key id', { keyId: 'bp.2026_11-abcdef' }, /key id/],
    ['a key id with a space', { keyId: 'bp 2026 11' }, /key id/],
    ['an empty ticket number', { ticketNumber: '' }, /ticket number/],
    ['a 21-character ticket number', { ticketNumber: 'TK-ABCDEFGHJK-1234567' }, /ticket number/],
    ['a lower-case ticket number', { ticketNumber: 'tk-k7m4qx-1d' }, /ticket number/],
    ['four initials', { initials: 'SNAB' }, /initials/],
    ['lower-case initials', { initials: 'sn' }, /initials/],
    ['accented initials', { initials: 'É' }, /initials/],
    ['a sailing id that is not a UUID', { sailingId: '0f8e2c1a5b3d4e6f8a9bc0d1e2f3a4b5' }, /not a UUID/],
    ['milliseconds', { departure: new Date('2026-12-01T01:30:00.500Z') }, /departure must be a whole second/],
    ['an instant before 1970', { departure: new Date(-1000) }, /departure/],
    ['an instant after uint32', { expiresAt: new Date((0xffffffff + 1) * 1000) }, /expiry/],
  ])('refuses to encode %s', (_, changes, reason) => {
    expect(() => encode(changes)).toThrow(RangeError);
    expect(() => encode(changes)).toThrow(reason);
  });

  it('refuses another version', () => {
    for (const version of [0, 2, 255]) {
      const bytes = encodeBoardingPassPayload(pass);
      bytes[0] = version;
      expect(() => decodeBoardingPassPayload(bytes)).toThrow(
        new MalformedBoardingPass(`version ${String(version)}: this reader knows version 1`),
      );
    }
  });

  it('refuses bytes cut short at every length, saying which field ran out', () => {
    const bytes = encodeBoardingPassPayload(pass);
    for (let length = 0; length < bytes.length; length++)
      expect(() => decodeBoardingPassPayload(bytes.subarray(0, length))).toThrow(/^truncated: /);
    expect(() => decodeBoardingPassPayload(bytes.subarray(0, 30))).toThrow(
      'truncated: sailing id needs 16 bytes at offset 26, 4 left',
    );
  });

  it('refuses trailing bytes', () => {
    const bytes = encodeBoardingPassPayload(pass);
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    expect(() => decodeBoardingPassPayload(longer)).toThrow(
      new MalformedBoardingPass('1 trailing bytes after the expiry'),
    );
  });

  it('refuses a field the encoder would never write', () => {
    const bytes = encodeBoardingPassPayload(pass);
    bytes[1 + 11 + 1] = 'a'.charCodeAt(0); // first character of the ticket number
    expect(() => decodeBoardingPassPayload(bytes)).toThrow(/ticket number "aK-K7M4QX-18R"/);
    const long = encodeBoardingPassPayload(pass);
    long[1 + 11 + 14 + 16 + 4] = 4; // initials length
    expect(() => decodeBoardingPassPayload(long)).toThrow(MalformedBoardingPass);
  });

  it('never makes the QR text start with a space, whatever the key id length allowed', () => {
    for (let length = 6; length <= 16; length++)
      expect(base45Encode(encode({ keyId: 'k'.repeat(length) })).charAt(0)).not.toBe(' ');
    // What the 6-character minimum avoids: version 1 and a 5-character id make 0x0105, written " " first.
    expect(base45Encode(new Uint8Array([1, 5]))).toMatch(/^ /);
  });
});

describe('passenger initials', () => {
  it.each([
    ['Siti Aminah', 'SA'],
    ['Muhammad Rizky Pratama', 'MRP'],
    ['Siti Nur Aisyah binti Ahmad', 'SNA'],
    ['  élodie   dubois ', 'ED'],
    ["Seán O'Brien-Ng", 'SO'],
    ['Budi', 'B'],
    ['李小龙', ''],
    ['Ana 李', 'A'],
  ])('%j -> %j', (name, initials) => {
    expect(passengerInitials(name)).toBe(initials);
    expect(() => encode({ initials: passengerInitials(name) })).not.toThrow();
  });
});
