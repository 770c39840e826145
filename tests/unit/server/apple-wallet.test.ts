import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { walletImages } from '../../../src/app-icons.ts';
import { verifyBoardingPass } from '../../../src/server/boarding-pass/signing.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { Network } from '../../../src/server/network.ts';
import { manageBooking } from '../../../src/server/views/manage-booking.ts';
import { assertPassCertificates } from '../../../src/server/wallets/apple-wallet-certificates.ts';
import {
  appleWalletFromConfig,
  appleWalletPass,
  appleWalletPassJson,
  appleWalletUsable,
} from '../../../src/server/wallets/apple-wallet.ts';
import { before, paidView } from '../../factories/after-sales-view.ts';
import { boardingPassDocument as pass, passKeys } from '../../factories/boarding-pass-document.ts';
import { TEST_PASS_TYPE_ID, TEST_TEAM_ID, testPassCertificates } from '../../factories/pass-certificates.ts';
import { walletPictures } from '../../factories/wallet-pictures.ts';
import { readDetachedSignature, sha1 } from '../../support/pkcs7.ts';

const certificates = testPassCertificates();
// As environment variables often carry PEMs: the line breaks written as \n.
const escaped = (pem: string) => pem.replaceAll('\n', '\\n');
const env = {
  APPLE_WALLET_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
  APPLE_WALLET_TEAM_ID: TEST_TEAM_ID,
  APPLE_WALLET_WWDR_CERTIFICATE: escaped(certificates.wwdr),
  APPLE_WALLET_SIGNER_CERTIFICATE: escaped(certificates.signerCert),
  APPLE_WALLET_SIGNER_KEY: escaped(certificates.signerKey),
};

describe('Add to Apple Wallet', () => {
  const wallet = appleWalletFromConfig(loadConfig(env));
  if (!wallet) throw new Error('not configured');
  let pictures: Record<string, Buffer>;
  beforeAll(async () => {
    pictures = await walletPictures();
  });

  it('is offered only when the pass type, the team and the three PEMs are all set, and checks their shape', () => {
    expect(appleWalletFromConfig(loadConfig({}))).toBeUndefined();
    expect(appleWalletFromConfig(loadConfig({ ...env, APPLE_WALLET_SIGNER_KEY: undefined }))).toBeUndefined();
    expect(wallet).toMatchObject({ teamId: 'A1B2C3D4E5', signerKey: certificates.signerKey });
    expect(() => loadConfig({ ...env, APPLE_WALLET_TEAM_ID: 'a1b2' })).toThrow(/APPLE_WALLET_TEAM_ID/);
    expect(() => loadConfig({ ...env, APPLE_WALLET_WWDR_CERTIFICATE: 'wwdr.pem' })).toThrow(
      /APPLE_WALLET_WWDR_CERTIFICATE/,
    );
  });

  it("describes a ferry boarding pass in the pass's language, its QR code the signed pass itself", () => {
    const json = appleWalletPassJson(pass, wallet);
    expect(json).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.com.segaraferry.boarding',
      teamIdentifier: 'A1B2C3D4E5',
      serialNumber: 'TK-K7M4QX-18R',
      description: 'Boarding pass TK-K7M4QX-18R',
      relevantDate: '2026-12-06T01:00:00.000Z',
      expirationDate: '2026-12-06T01:00:00.000Z',
      boardingPass: {
        transitType: 'PKTransitTypeBoat',
        headerFields: [{ label: 'Berangkat', value: '08:00 WIB' }],
        primaryFields: [
          { label: 'Dari', value: 'Batam Centre' },
          { label: 'Ke', value: 'HarbourFront' },
        ],
        secondaryFields: [
          { label: 'Penumpang', value: 'Siti Rahma Aulia' },
          { label: 'Tanggal', value: '6 Desember 2026' },
        ],
        auxiliaryFields: [
          { label: 'Check-in ditutup', value: '07:00 WIB' },
          { label: 'Pintu boarding ditutup', value: '07:30 WIB' },
          { label: 'Kode booking', value: 'K7M4QX' },
        ],
      },
    });
    const [barcode] = json.barcodes;
    expect(barcode).toMatchObject({ format: 'PKBarcodeFormatQR', altText: 'TK-K7M4QX-18R' });
    expect(verifyBoardingPass(barcode?.message ?? '', passKeys).ok).toBe(true);
  });

  it('makes a .pkpass whose manifest lists every file by SHA-1, signed by the pass certificate under the WWDR', () => {
    const files = unzipSync(new Uint8Array(appleWalletPass(pass, wallet, pictures)));
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      ['manifest.json', 'pass.json', 'signature', ...walletImages.map((image) => image.file)].sort(),
    );
    const manifest = files['manifest.json'] ?? new Uint8Array();
    const listed = JSON.parse(Buffer.from(manifest).toString()) as Record<string, string>;
    const contents = names.filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(listed).sort()).toEqual(contents);
    for (const name of contents)
      expect(listed[name]).toBe(sha1(files[name] ?? new Uint8Array()).toString('hex'));
    expect(JSON.parse(Buffer.from(files['pass.json'] ?? []).toString())).toEqual(
      JSON.parse(JSON.stringify(appleWalletPassJson(pass, wallet))),
    );

    const signature = readDetachedSignature(files.signature ?? new Uint8Array(), manifest);
    const signer = new X509Certificate(certificates.signerCert);
    const wwdr = new X509Certificate(certificates.wwdr);
    expect(signature.signer?.fingerprint256).toBe(signer.fingerprint256);
    expect(signature.certificates.map((one) => one.fingerprint256)).toContain(wwdr.fingerprint256);
    expect(signer.checkIssued(wwdr) && signer.verify(wwdr.publicKey)).toBe(true);
    expect(signature.digestMatches).toBe(true);
    expect(signature.signedAt).toBeDefined();
    // A signature altered anywhere in its signed part has no signer; nor does it vouch for a manifest changed after.
    const forged = Buffer.from(files.signature ?? []);
    forged[forged.length - 1] = (forged.at(-1) ?? 0) ^ 1;
    expect(readDetachedSignature(forged, manifest).signer).toBeUndefined();
    const altered = Buffer.from(
      Buffer.from(manifest)
        .toString()
        .replace(/"[0-9a-f]{40}"/, `"${'0'.repeat(40)}"`),
    );
    expect(readDetachedSignature(files.signature ?? new Uint8Array(), altered).digestMatches).toBe(false);
  });

  it('turns itself off, naming the setting, for certificates Wallet would refuse, and stops at their expiry', () => {
    const refusal = (changes: Record<string, string>) => () => {
      const config = loadConfig({ ...env, ...changes });
      assertPassCertificates({
        passTypeId: config.APPLE_WALLET_PASS_TYPE_ID ?? '',
        teamId: config.APPLE_WALLET_TEAM_ID ?? '',
        wwdr: config.APPLE_WALLET_WWDR_CERTIFICATE ?? '',
        signerCert: config.APPLE_WALLET_SIGNER_CERTIFICATE ?? '',
        signerKey: config.APPLE_WALLET_SIGNER_KEY ?? '',
        signerKeyPassphrase: config.APPLE_WALLET_SIGNER_KEY_PASSPHRASE,
      });
    };
    const other = testPassCertificates();
    const wrongKey = { APPLE_WALLET_SIGNER_KEY: escaped(other.signerKey) };
    expect(refusal(wrongKey)).toThrow(
      'APPLE_WALLET_SIGNER_KEY is not the key of APPLE_WALLET_SIGNER_CERTIFICATE',
    );
    expect(refusal({ APPLE_WALLET_WWDR_CERTIFICATE: escaped(other.wwdr) })).toThrow(
      'APPLE_WALLET_SIGNER_CERTIFICATE was not issued by APPLE_WALLET_WWDR_CERTIFICATE',
    );
    const garbled = '-----BEGIN CERTIFICATE-----\\nAAAA\\n-----END CERTIFICATE-----';
    expect(refusal({ APPLE_WALLET_WWDR_CERTIFICATE: garbled })).toThrow(
      'APPLE_WALLET_WWDR_CERTIFICATE is not a PEM certificate',
    );
    expect(refusal({ APPLE_WALLET_PASS_TYPE_ID: 'pass.com.other.ferry' })).toThrow(
      `APPLE_WALLET_PASS_TYPE_ID is pass.com.other.ferry, the certificate's is ${TEST_PASS_TYPE_ID}`,
    );
    expect(refusal({ APPLE_WALLET_TEAM_ID: 'Z9Y8X7W6V5' })).toThrow(/APPLE_WALLET_TEAM_ID is Z9Y8X7W6V5/);
    expect(refusal({ APPLE_WALLET_SIGNER_KEY_PASSPHRASE: 'not-encrypted-but-fine' })).not.toThrow();
    const ellipticKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const ellipticPem = ellipticKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(refusal({ APPLE_WALLET_SIGNER_KEY: escaped(ellipticPem) })).toThrow(
      'APPLE_WALLET_SIGNER_KEY is not an RSA key',
    );
    // The site keeps running: wrong settings leave Apple Wallet off (and logged), never a failing request.
    expect(appleWalletFromConfig(loadConfig({ ...env, ...wrongKey }))).toBeUndefined();
    // The certificate's end (the test one's: 1 January 2036) ends the offer, without a restart.
    expect(wallet.expiresAt.toISOString()).toBe('2036-01-01T00:00:00.000Z');
    expect(appleWalletUsable(wallet, new Date('2035-12-31T23:59:59Z'))).toBe(true);
    expect(appleWalletUsable(wallet, new Date('2036-01-01T00:00:00Z'))).toBe(false);
    expect(appleWalletUsable(undefined, new Date('2026-11-28T00:00:00Z'))).toBe(false);
  });

  it("is offered on Manage booking beside a checked-in ticket's boarding pass, when configured", () => {
    const view = paidView({ oneWay: true, adult: { status: 'checked_in' } });
    const actions = manageBooking(view, new Network(), before(300), 'en', { google: false, apple: true })
      .sailings[0]?.tickets[0]?.actions;
    expect(actions?.map((action) => [action.task, action.href, action.label])).toEqual([
      ['boarding_pass', '/booking/bk_1/boarding-pass/A0.pdf', 'Boarding pass'],
      ['apple_wallet', '/booking/bk_1/boarding-pass/A0.pkpass', 'Add to Apple Wallet'],
    ]);
  });
});
