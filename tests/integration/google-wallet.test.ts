import { generateKeyPairSync } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../../src/pages/[...locale]/booking/[id]/boarding-pass/[ticket]/google-wallet.ts';
import { publicKeysById, serverBoardingPassKeys } from '../../src/server/boarding-pass/keys.ts';
import { verifyBoardingPass } from '../../src/server/boarding-pass/signing.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { GOOGLE_WALLET_SAVE_URL } from '../../src/server/wallets/google-wallet.ts';
import { testApp, testDeps } from '../support/app.ts';
import { paidBookingView, ticketNumbersOf } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam: the first sailing of Sunday 22 November is in its check-in window.
const start = new Date('2026-11-21T10:00:00Z');
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const wallet = {
  issuerId: '3388000000022222228',
  serviceAccount: 'wallet@segara-ferry.iam.gserviceaccount.com',
  privateKey,
};

describe.each(testDatabases)('Add to Google Wallet for a boarding pass, on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let api: ReturnType<typeof testApp>;
  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 30));
    api = testApp(handle.db, () => start);
  });
  afterAll(() => drop());

  const open = (deps: AppDeps, id: string, ticket: string) =>
    GET({ params: { id, ticket }, locals: { deps, locale: 'id' } } as never);

  it('sends a checked-in ticket to Google with its signed pass, and nothing else anywhere', async () => {
    const view = await paidBookingView(api, handle.db, { date: '2026-11-22', adults: 2, now: start });
    const [checkedIn = '', notYet = ''] = ticketNumbersOf(view);
    const checkIn = await api.request(`/api/bookings/${view.id}/check-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tickets: [checkedIn] }),
    });
    expect(checkIn.status).toBe(200);
    const deps = testDeps(handle.db, () => start);
    // No issuer configured: no wallet, whatever the ticket.
    expect((await open(deps, view.id, checkedIn)).status).toBe(404);

    const withWallet = { ...deps, googleWallet: wallet };
    const answer = await open(withWallet, view.id, checkedIn);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    const location = answer.headers.get('Location') ?? '';
    expect(location.startsWith(GOOGLE_WALLET_SAVE_URL)).toBe(true);
    const { payload } = await jwtVerify(
      location.slice(GOOGLE_WALLET_SAVE_URL.length),
      await importSPKI(publicKey, 'RS256'),
      { issuer: wallet.serviceAccount, audience: 'google' },
    );
    const [object] = (
      payload.payload as { transitObjects: { ticketNumber: string; barcode: { value: string } }[] }
    ).transitObjects;
    expect(object?.ticketNumber).toBe(checkedIn);
    const verified = verifyBoardingPass(
      object?.barcode.value ?? '',
      publicKeysById(serverBoardingPassKeys()),
    );
    expect(verified.ok && verified.pass.ticketNumber).toBe(checkedIn);

    // A ticket not checked in, a ticket of no booking, a booking that does not exist: not found.
    expect((await open(withWallet, view.id, notYet)).status).toBe(404);
    expect((await open(withWallet, view.id, 'TK-NOPE00-1A')).status).toBe(404);
    expect((await open(withWallet, 'x'.repeat(24), checkedIn)).status).toBe(404);
  });
});
