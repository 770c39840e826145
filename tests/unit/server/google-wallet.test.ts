import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyBoardingPass } from '../../../src/server/boarding-pass/signing.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { before, paidView } from '../../factories/after-sales-view.ts';
import { boardingPassDocument, passKeys } from '../../factories/boarding-pass-document.ts';
import { Network } from '../../../src/server/network.ts';
import { manageBooking } from '../../../src/server/views/manage-booking.ts';
import {
  GOOGLE_WALLET_SAVE_URL,
  googleWalletFromConfig,
  googleWalletSaveUrl,
} from '../../../src/server/wallets/google-wallet.ts';

// A test service account's key, as Google's console would hand one over (PKCS#8 PEM), and the public half to check.
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const pass = boardingPassDocument;

describe('Add to Google Wallet', () => {
  const env = {
    GOOGLE_WALLET_ISSUER_ID: '3388000000022222228',
    GOOGLE_WALLET_SERVICE_ACCOUNT: 'wallet@segara-ferry.iam.gserviceaccount.com',
    // As an environment variable often carries it: the line breaks written as \n.
    GOOGLE_WALLET_PRIVATE_KEY: privateKey.replaceAll('\n', '\\n'),
  };

  it('is offered only when the issuer, the service account and its key are all set', () => {
    expect(googleWalletFromConfig(loadConfig({}))).toBeUndefined();
    expect(
      googleWalletFromConfig(loadConfig({ ...env, GOOGLE_WALLET_PRIVATE_KEY: undefined })),
    ).toBeUndefined();
    expect(googleWalletFromConfig(loadConfig(env))?.privateKey).toBe(privateKey);
  });

  it("signs a save link Google's wallet can check: the ferry pass, its QR code and its terminal's clock", async () => {
    const wallet = googleWalletFromConfig(loadConfig(env));
    if (!wallet) throw new Error('not configured');
    const url = await googleWalletSaveUrl(
      pass,
      wallet,
      'https://segaraferry.co.id',
      new Date('2026-12-05T03:00:00Z'),
    );
    expect(url.startsWith(GOOGLE_WALLET_SAVE_URL)).toBe(true);
    const jwt = url.slice(GOOGLE_WALLET_SAVE_URL.length);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'RS256', typ: 'JWT' });
    const { payload } = await jwtVerify(jwt, await importSPKI(publicKey, 'RS256'), {
      issuer: env.GOOGLE_WALLET_SERVICE_ACCOUNT,
      audience: 'google',
    });
    expect(payload).toMatchObject({
      typ: 'savetowallet',
      origins: ['https://segaraferry.co.id'],
      iat: 1796439600,
    });
    const claims = payload.payload as {
      transitClasses: { id: string; transitType: string; logo: { sourceUri: { uri: string } } }[];
      transitObjects: Record<string, unknown>[];
    };
    const [transitClass] = claims.transitClasses;
    expect(transitClass).toMatchObject({
      id: '3388000000022222228.segara-ferry-boarding',
      transitType: 'FERRY',
      logo: { sourceUri: { uri: 'https://segaraferry.co.id/icons/icon-192.png' } },
    });
    const [object] = claims.transitObjects;
    expect(object).toMatchObject({
      id: '3388000000022222228.TK-K7M4QX-18R',
      classId: transitClass?.id,
      passengerNames: 'Siti Rahma Aulia',
      ticketLeg: {
        originName: { defaultValue: { language: 'id', value: 'Batam Centre' } },
        destinationName: { defaultValue: { language: 'id', value: 'HarbourFront' } },
        departureDateTime: '2026-12-06T08:00',
      },
      textModulesData: [
        { header: 'Kode booking', body: 'K7M4QX' },
        { header: 'Check-in ditutup', body: '07:00 WIB' },
        { header: 'Pintu boarding ditutup', body: '07:30 WIB' },
      ],
    });
    // The wallet's QR code is the signed pass itself: a gate verifies it as it verifies the site's.
    const barcode = object?.barcode as { type: string; value: string };
    expect(barcode.type).toBe('QR_CODE');
    expect(verifyBoardingPass(barcode.value, passKeys).ok).toBe(true);
  });

  it('refuses a key that is not an RSA private key in PKCS#8', async () => {
    const wallet = { issuerId: '3388000000022222228', serviceAccount: 'a@b.co', privateKey: 'nope' };
    await expect(
      googleWalletSaveUrl(pass, wallet, 'https://segaraferry.co.id', new Date()),
    ).rejects.toThrow();
  });

  it("is offered on Manage booking beside a checked-in ticket's boarding pass, when configured", () => {
    const view = paidView({ oneWay: true, adult: { status: 'checked_in' } });
    const actions = (wallets?: { google: boolean; apple: boolean }) =>
      manageBooking(view, new Network(), before(300), 'id', wallets).sailings[0]?.tickets[0]?.actions;
    expect(actions()?.map((action) => action.task)).toEqual(['boarding_pass']);
    expect(
      actions({ google: true, apple: false })?.map((action) => [action.task, action.href, action.label]),
    ).toEqual([
      ['boarding_pass', '/id/booking/bk_1/boarding-pass/A0.pdf', 'Boarding pass'],
      ['google_wallet', '/id/booking/bk_1/boarding-pass/A0/google-wallet', 'Tambahkan ke Google Wallet'],
    ]);
  });
});
