import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { base45Decode, base45Encode } from '../../../src/domain/base45.ts';
import { gateVerdict } from '../../../src/domain/gate.ts';
import { verifyPassText } from '../../../src/islands/gate-scanner/verify-pass.ts';
import { decodeAtScales, decodeQr, ZXING_SCALES } from '../../../src/islands/gate-scanner/zxing-qr.ts';
import { publicJwk } from '../../../src/server/boarding-pass/jwk.ts';
import {
  signBoardingPass,
  verifyBoardingPass,
  type BoardingPassFields,
} from '../../../src/server/boarding-pass/signing.ts';
import { qrPng } from '../../../src/server/documents/qr.ts';
import {
  boardedHere,
  forgetDevice,
  gateSailingOf,
  gateState,
  keepDevice,
  keepSailing,
  queueMark,
  settleMarks,
  type KeptSailing,
} from '../../../src/stores/gate-scanner.ts';
import { MemoryStorage } from '../../support/memory-storage.ts';

const sailingId = '0f8e2c1a-5b3d-4e6f-8a9b-c0d1e2f3a4b5';
const fields: BoardingPassFields = {
  ticketNumber: 'TK-K7M4QX-1A',
  sailingId,
  departure: new Date('2026-12-01T01:30:00Z'),
  initials: 'RW',
  expiresAt: new Date('2026-12-01T01:30:00Z'),
};
const signer = { keyId: 'bp-2026-11', privateKey: generateKeyPairSync('ed25519').privateKey };
const keys = [publicJwk(signer.keyId, createPublicKey(signer.privateKey))];
const text = signBoardingPass(fields, signer);

describe("the gate phone's own check of a pass (WebCrypto Ed25519, no connection)", () => {
  it('agrees with the server on a pass it signed, and on one altered anywhere', async () => {
    expect(await verifyPassText(text, keys)).toEqual({ ok: true, pass: { ...fields, keyId: signer.keyId } });
    const bytes = base45Decode(text);
    // The departure's last byte (after version, key id, ticket and sailing: 41 bytes), a byte of the signature.
    for (const at of [44, bytes.length - 1]) {
      const altered = bytes.slice();
      altered[at] = (altered[at] ?? 0) ^ 1;
      const forged = base45Encode(altered);
      expect(await verifyPassText(forged, keys)).toEqual({ ok: false, reason: 'bad-signature' });
      expect(
        verifyBoardingPass(forged, new Map([[signer.keyId, createPublicKey(signer.privateKey)]])).ok,
      ).toBe(false);
    }
  });

  it('refuses a pass of a key it was not given, and text that is no pass', async () => {
    const other = { keyId: 'bp-2027-01', privateKey: generateKeyPairSync('ed25519').privateKey };
    expect(await verifyPassText(signBoardingPass(fields, other), keys)).toEqual({
      ok: false,
      reason: 'unknown-key',
    });
    expect(await verifyPassText('SEGARA|K7M4QX|E-1', keys)).toMatchObject({ ok: false, reason: 'malformed' });
    expect(await verifyPassText('A'.repeat(300), keys)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

describe("ZXing's reader, for phones without BarcodeDetector", () => {
  /** The pass's PNG as the browser's canvas would hand it over at each of the reader's sizes. */
  async function pixelsAtScales(png: Uint8Array) {
    const { width } = await sharp(png).metadata();
    const images = new Map<number, ImageData>();
    for (const scale of ZXING_SCALES) {
      const { data, info } = await sharp(png)
        .resize(Math.round(width * scale), undefined, { kernel: 'linear' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      images.set(scale, {
        width: info.width,
        height: info.height,
        data: new Uint8ClampedArray(data),
      } as ImageData);
    }
    return images;
  }

  // A fixed key and fixed sailings: the same 40 passes every run, so the test says the same thing every time.
  const fixedSigner = {
    keyId: 'bp-2026-11',
    privateKey: createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.alloc(32, 7)]),
      format: 'der',
      type: 'pkcs8',
    }),
  };

  it('reads every pass at one of its sizes, where full size alone misses some, and nothing from a blank picture', async () => {
    let missedAtFullSize = 0;
    for (let pass = 0; pass < 40; pass += 1) {
      const sailing = `0f8e2c1a-5b3d-4e6f-8a9b-c0d1e2f3a4${pass.toString(16).padStart(2, '0')}`;
      const signed = signBoardingPass(
        { ...fields, ticketNumber: `TK-K7M4QX-${String(pass)}A`, sailingId: sailing },
        fixedSigner,
      );
      const images = await pixelsAtScales(await qrPng(signed));
      const fullSize = images.get(1);
      if (!fullSize || decodeQr(fullSize) !== signed) missedAtFullSize += 1;
      expect(decodeAtScales((scale) => images.get(scale))).toBe(signed);
    }
    // What the sizes are for: ZXing's port misses some of these 8 px-a-module codes at full size.
    expect(missedAtFullSize).toBeGreaterThan(0);
    const blank = { width: 64, height: 64, data: new Uint8ClampedArray(64 * 64 * 4).fill(255) };
    expect(decodeAtScales(() => blank as ImageData)).toBeUndefined();
  });
});

describe('what a gate phone keeps', () => {
  const sailing: KeptSailing = {
    id: sailingId,
    cancelled: false,
    from: { en: 'Batam Centre', id: 'Batam Centre' },
    to: { en: 'HarbourFront', id: 'HarbourFront' },
    operator: 'Sindo Ferry',
    departure: { at: fields.departure.toISOString(), date: '2026-12-01', time: '08:30', zone: 'WIB' },
    manifest: [{ ticketNumber: fields.ticketNumber, initials: 'RW', boarded: false }],
    revoked: [{ ticketNumber: 'TK-K7M4QX-2A', reason: 'delayed', departure: '2026-12-01T01:00:00Z' }],
    keys: { keys },
    readAt: '2026-12-01T00:30:00Z',
  };
  const before = new Date('2026-12-01T01:00:00Z');
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
  });

  it('boards a ticket once between uploads, and lets go of the boardings the server answered', () => {
    keepDevice({ id: 'd1', name: 'Gate 2', token: 't'.repeat(43) });
    keepSailing(sailing);
    const kept = gateState();
    const pass = { ...fields, keyId: signer.keyId };
    expect(gateVerdict(pass, gateSailingOf(sailing), boardedHere(kept, sailingId), before)).toEqual({
      ok: true,
    });
    const mark = { nonce: crypto.randomUUID(), sailingId, ticketNumber: fields.ticketNumber, scannedAt: '' };
    queueMark(mark);
    expect(gateVerdict(pass, gateSailingOf(sailing), boardedHere(gateState(), sailingId), before)).toEqual({
      ok: false,
      reason: 'already-boarded',
    });
    // The list read again keeps the queue; an answer for another nonce settles nothing.
    keepSailing({ ...sailing, readAt: '2026-12-01T00:45:00Z' });
    const other = { ticketNumber: 'TK-K7M4QX-3A', aboard: true };
    expect(settleMarks(new Map([[crypto.randomUUID(), other]])).queue).toEqual([mark]);
    // Answered boarded: out of the queue and boarded in the kept list in one write, so with the list not read again
    // (no connection after the upload) the same pass is still "already boarded".
    const settled = settleMarks(new Map([[mark.nonce, { ticketNumber: fields.ticketNumber, aboard: true }]]));
    expect(settled.queue).toEqual([]);
    expect(settled.sailing?.manifest.find((row) => row.ticketNumber === fields.ticketNumber)?.boarded).toBe(
      true,
    );
    const after = gateState();
    if (!after.sailing) throw new Error('the sailing was not kept');
    expect(gateVerdict(pass, gateSailingOf(after.sailing), boardedHere(after, sailingId), before)).toEqual({
      ok: false,
      reason: 'already-boarded',
    });
    expect(after.device?.name).toBe('Gate 2');
    expect(after.sailing.readAt).toBe('2026-12-01T00:45:00Z');
  });

  it('refuses a pass a delay superseded, by the departure it signed', () => {
    const superseded = {
      ...fields,
      ticketNumber: 'TK-K7M4QX-2A',
      departure: new Date('2026-12-01T01:00:00Z'),
    };
    const moved = {
      ...sailing,
      manifest: [...sailing.manifest, { ticketNumber: 'TK-K7M4QX-2A', initials: 'BS', boarded: false }],
    };
    expect(
      gateVerdict({ ...superseded, keyId: signer.keyId }, gateSailingOf(moved), new Set(), before),
    ).toEqual({ ok: false, reason: 'delayed' });
  });

  it('forgets the token and sailing of a revoked device but not its unsent boardings, and survives bad storage', () => {
    keepDevice({ id: 'd1', name: 'Gate 2', token: 't'.repeat(43) });
    keepSailing(sailing);
    const mark = { nonce: crypto.randomUUID(), sailingId, ticketNumber: fields.ticketNumber, scannedAt: '' };
    queueMark(mark);
    expect(forgetDevice()).toEqual({ queue: [mark] });
    expect(gateState()).toEqual({ queue: [mark] });
    localStorage.setItem('segara.gate.v1', '{not json');
    expect(gateState()).toEqual({ queue: [] });
  });
});
