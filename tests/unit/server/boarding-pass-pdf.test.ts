import { generateKeyPairSync } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import type { PDFNumber } from 'pdf-lib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { base45Decode, base45Encode } from '../../../src/domain/base45.ts';
import { publicJwk, publicKeysFromJwkSet } from '../../../src/server/boarding-pass/jwk.ts';
import { signBoardingPass, verifyBoardingPass } from '../../../src/server/boarding-pass/signing.ts';
import {
  boardingPassFields,
  renderBoardingPassPdf,
  type BoardingPassDocument,
} from '../../../src/server/documents/boarding-pass.ts';

const signer = { keyId: 'bp-2026-11', privateKey: generateKeyPairSync('ed25519').privateKey };
/** What the gate has: the key set published at /api/boarding-pass/keys, and nothing else. */
const published = JSON.parse(
  JSON.stringify({ keys: [publicJwk(signer.keyId, signer.privateKey)] }),
) as unknown;

const fields = {
  ticketNumber: 'TK-K7M4QX-18R',
  sailingId: '0f8e2c1a-5b3d-4e6f-8a9b-c0d1e2f3a4b5',
  departure: new Date('2026-12-06T01:00:00Z'),
  initials: 'SRA',
  expiresAt: new Date('2026-12-06T02:00:00Z'),
};
const pass = (qrText: string, locale: 'en' | 'id' = 'en'): BoardingPassDocument => ({
  locale,
  bookingCode: 'K7M4QX',
  passengerName: 'Siti Rahma Aulia',
  ticketNumber: fields.ticketNumber,
  route: 'Batam Centre → HarbourFront',
  from: 'Batam Centre',
  to: 'HarbourFront',
  localDeparture: '2026-12-06T08:00',
  departsAt: new Date('2026-12-06T08:00:00+07:00'),
  operator: 'Selat Express',
  date: locale === 'en' ? '6 December 2026' : '6 Desember 2026',
  departure: '08:00 WIB',
  checkInCloses: '07:00 WIB',
  gateCloses: '07:30 WIB',
  qrText,
  issuedAt: new Date('2026-12-05T03:00:00Z'),
});

/** Every image in the PDF, decoded from its Flate stream back to RGBA pixels (pdf-lib stores PNGs that way). */
async function imagesOf(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  const found: { width: number; height: number; rgba: Uint8ClampedArray }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image'))
      continue;
    const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const pixels = inflateSync(object.contents);
    const channels = pixels.length / (width * height); // 1 (grey) or 3 (RGB)
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const grey = pixels[i * channels] ?? 0;
      rgba.set(
        channels === 1
          ? [grey, grey, grey, 255]
          : [grey, pixels[i * 3 + 1] ?? 0, pixels[i * 3 + 2] ?? 0, 255],
        i * 4,
      );
    }
    found.push({ width, height, rgba });
  }
  return found;
}

describe('the boarding pass PDF', () => {
  it('carries a QR code that anyone at the gate verifies with the published keys alone', async () => {
    const text = signBoardingPass(fields, signer);
    const pdf = await renderBoardingPassPdf(pass(text));
    const [image] = await imagesOf(pdf);
    if (!image) throw new Error('the PDF has no image');
    const read = jsQR(image.rgba, image.width, image.height);
    expect(read?.data).toBe(text);

    const verified = verifyBoardingPass(read?.data ?? '', publicKeysFromJwkSet(published));
    expect(verified).toEqual({ ok: true, pass: { ...fields, keyId: signer.keyId } });
  });

  it('refuses the same pass with one bit of its payload changed', async () => {
    const bytes = base45Decode(signBoardingPass(fields, signer));
    bytes[20] = (bytes[20] ?? 0) ^ 1; // inside the ticket number
    const pdf = await renderBoardingPassPdf(pass(base45Encode(bytes)));
    const [image] = await imagesOf(pdf);
    const read = image && jsQR(image.rgba, image.width, image.height);
    expect(verifyBoardingPass(read?.data ?? '', publicKeysFromJwkSet(published)).ok).toBe(false);
  });

  it('says what the gate needs in the booking language: deadlines, baggage, ticket and name, on one page', async () => {
    for (const locale of ['en', 'id'] as const) {
      const document = pass(signBoardingPass(fields, signer), locale);
      const lines = boardingPassFields(document).map((field) => `${field.label}: ${field.value}`);
      expect(lines).toEqual(
        expect.arrayContaining(
          locale === 'en'
            ? [
                'Passenger: Siti Rahma Aulia',
                'Ticket number: TK-K7M4QX-18R',
                'Check-in closes: 07:00 WIB',
                'Boarding gate closes: 07:30 WIB',
                'Baggage: 20 kg free per ticket',
              ]
            : [
                'Penumpang: Siti Rahma Aulia',
                'Kode booking: K7M4QX',
                'Check-in ditutup: 07:00 WIB',
                'Pintu boarding ditutup: 07:30 WIB',
                'Bagasi: Gratis 20 kg per tiket',
              ],
        ),
      );
      const pdf = await PDFDocument.load(await renderBoardingPassPdf(document));
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getTitle()).toBe('Boarding pass TK-K7M4QX-18R');
    }
  });
});
