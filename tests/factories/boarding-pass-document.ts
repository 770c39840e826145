import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { signBoardingPass } from '../../src/server/boarding-pass/signing.ts';
import type { BoardingPassDocument } from '../../src/server/documents/boarding-pass.ts';

/** A boarding-pass signer of the tests' own, and its public key by key id, as a gate holds it. */
export const passSigner = { keyId: 'bp-2026-11', privateKey: generateKeyPairSync('ed25519').privateKey };
export const passKeys = new Map([[passSigner.keyId, createPublicKey(passSigner.privateKey)]]);

/** Siti's checked-in pass for Sunday 6 December 2026, 08:00 at Batam Centre, in Indonesian: what wallets are made from. */
export const boardingPassDocument: BoardingPassDocument = {
  locale: 'id',
  bookingCode: 'K7M4QX',
  passengerName: 'Siti Rahma Aulia',
  ticketNumber: 'TK-K7M4QX-18R',
  route: 'Batam Centre → HarbourFront',
  from: 'Batam Centre',
  to: 'HarbourFront',
  operator: 'Selat Express',
  date: '6 Desember 2026',
  departure: '08:00 WIB',
  localDeparture: '2026-12-06T08:00',
  departsAt: new Date('2026-12-06T01:00:00Z'),
  checkInCloses: '07:00 WIB',
  gateCloses: '07:30 WIB',
  qrText: signBoardingPass(
    {
      ticketNumber: 'TK-K7M4QX-18R',
      sailingId: '0f8e2c1a-5b3d-4e6f-8a9b-c0d1e2f3a4b5',
      departure: new Date('2026-12-06T01:00:00Z'),
      initials: 'SRA',
      expiresAt: new Date('2026-12-06T01:00:00Z'),
    },
    passSigner,
  ),
  issuedAt: new Date('2026-12-05T03:00:00Z'),
};
