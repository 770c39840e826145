import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { GET as openPkpass } from '../../src/pages/[...locale]/booking/[id]/boarding-pass/[ticket].pkpass.ts';
import { GET } from '../../src/pages/[...locale]/booking/[id]/boarding-pass/[ticket]/google-wallet.ts';
import { walletImages } from '../../src/app-icons.ts';
import { PKPASS_MEDIA_TYPE } from '../../src/server/wallets/apple-wallet.ts';
import { TEST_PASS_TYPE_ID, TEST_TEAM_ID, testPassCertificates } from '../factories/pass-certificates.ts';
import { walletPictures } from '../factories/wallet-pictures.ts';
import { readDetachedSignature } from '../support/pkcs7.ts';
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

const appleWallet = {
  passTypeId: TEST_PASS_TYPE_ID,
  teamId: TEST_TEAM_ID,
  ...testPassCertificates(),
  expiresAt: new Date('2036-01-01T00:00:00Z'),
};

/** The built client's wallet pictures, where the server reads them (CLIENT_DIR), for this file only. */
async function clientWithWalletPictures() {
  const client = await mkdtemp(join(tmpdir(), 'segara-client-'));
  await mkdir(join(client, 'icons'));
  const pictures = await walletPictures();
  for (const image of walletImages) await writeFile(join(client, image.src), pictures[image.file] ?? '');
  return client;
}

describe.each(testDatabases)('Wallets for a boarding pass, on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let api: ReturnType<typeof testApp>;
  let client: string;
  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 30));
    client = await clientWithWalletPictures();
    process.env.CLIENT_DIR = client;
    api = testApp(handle.db, () => start);
  });
  afterAll(async () => {
    delete process.env.CLIENT_DIR;
    await rm(client, { recursive: true, force: true });
    await drop();
  });

  /** A paid booking for two on Sunday's first sailing, the first traveller checked in. */
  async function twoTravellersOneCheckedIn() {
    const view = await paidBookingView(api, handle.db, { date: '2026-11-22', adults: 2, now: start });
    const [checkedIn = '', notYet = ''] = ticketNumbersOf(view);
    const checkIn = await api.request(`/api/bookings/${view.id}/check-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tickets: [checkedIn] }),
    });
    expect(checkIn.status).toBe(200);
    return { view, checkedIn, notYet };
  }

  const open = (deps: AppDeps, id: string, ticket: string) =>
    GET({ params: { id, ticket }, locals: { deps, locale: 'id' } } as never);

  it('sends a checked-in ticket to Google with its signed pass, and nothing else anywhere', async () => {
    const { view, checkedIn, notYet } = await twoTravellersOneCheckedIn();
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
  it('hands a checked-in ticket to Apple Wallet as a signed .pkpass, and nothing else anywhere', async () => {
    const { view, checkedIn, notYet } = await twoTravellersOneCheckedIn();
    const deps = testDeps(handle.db, () => start);
    const pkpass = (withDeps: AppDeps, ticket: string) =>
      openPkpass({ params: { id: view.id, ticket }, locals: { deps: withDeps, locale: 'id' } } as never);
    // No certificates configured: no pass, whatever the ticket.
    expect((await pkpass(deps, checkedIn)).status).toBe(404);

    const withWallet = { ...deps, appleWallet };
    const answer = await pkpass(withWallet, checkedIn);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe(PKPASS_MEDIA_TYPE);
    expect(answer.headers.get('Content-Disposition')).toBe(
      `attachment; filename="boarding-pass-${checkedIn}.pkpass"`,
    );
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['icon.png', 'logo@3x.png', 'signature']));
    const passJson = JSON.parse(Buffer.from(files['pass.json'] ?? []).toString()) as {
      serialNumber: string;
      barcodes: { message: string }[];
      boardingPass: { secondaryFields: { label: string }[] };
    };
    expect(passJson.serialNumber).toBe(checkedIn);
    expect(passJson.boardingPass.secondaryFields[0]?.label).toBe('Penumpang');
    const verified = verifyBoardingPass(
      passJson.barcodes[0]?.message ?? '',
      publicKeysById(serverBoardingPassKeys()),
    );
    expect(verified.ok && verified.pass.ticketNumber).toBe(checkedIn);
    const signature = readDetachedSignature(
      files.signature ?? new Uint8Array(),
      files['manifest.json'] ?? new Uint8Array(),
    );
    expect(signature.digestMatches).toBe(true);
    expect(signature.signer?.fingerprint256).toBe(new X509Certificate(appleWallet.signerCert).fingerprint256);

    expect((await pkpass(withWallet, notYet)).status).toBe(404);
    // Past the pass certificate's end, or without the build's pictures: unavailable, said in the reader's language.
    const expired = { ...withWallet, appleWallet: { ...appleWallet, expiresAt: start } };
    const unavailable = await pkpass(expired, checkedIn);
    expect(unavailable.status).toBe(503);
    expect(await unavailable.text()).toBe(
      'Apple Wallet sedang tidak dapat digunakan. Untuk sementara, gunakan boarding pass PDF.',
    );
    process.env.CLIENT_DIR = await mkdtemp(join(tmpdir(), 'segara-unbuilt-'));
    expect((await pkpass(withWallet, checkedIn)).status).toBe(503);
    await rm(process.env.CLIENT_DIR, { recursive: true, force: true });
    process.env.CLIENT_DIR = client;
    expect((await pkpass(withWallet, 'TK-NOPE00-1A')).status).toBe(404);
  });
});
