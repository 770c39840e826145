import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PKPass } from 'passkit-generator';
import { walletImages } from '../../app-icons.ts';
import { translate } from '../../i18n/translate.ts';
import { clientDir } from '../client-dir.ts';
import type { Config } from '../config.ts';
import type { BoardingPassDocument } from '../documents/boarding-pass.ts';
import { assertPassCertificates, type PassCertificates } from './apple-wallet-certificates.ts';
import { log } from '../observability/log.ts';

/**
 * "Add to Apple Wallet" (issue 41, item 5): the boarding pass as a `.pkpass`, the zip Wallet opens on an iPhone. Its
 * `manifest.json` lists each file's SHA-1 and `signature` is a detached PKCS#7 signature of that manifest by the
 * agency's pass type certificate, chained to Apple's WWDR certificate (passkit-generator does the zip and the
 * signature). Configured by `APPLE_WALLET_*` (wallet-settings.ts); whether Wallet accepts it is known only with
 * Apple's certificates (the first deployment), so the tests check its structure and signature with test ones.
 */
export type AppleWalletConfig = PassCertificates & {
  /** The pass certificate's end: from then on no pass is offered (the door answers 503) until it is renewed. */
  expiresAt: Date;
};

/**
 * The Apple Wallet settings, checked (apple-wallet-certificates.ts); undefined unless the first five are set, or
 * when they are wrong: then the error is logged, naming the setting, and the site runs without Apple Wallet rather
 * than not at all (these are built at the first request, and an optional feature must not take the site down).
 */
export function appleWalletFromConfig(config: Config): AppleWalletConfig | undefined {
  const passTypeId = config.APPLE_WALLET_PASS_TYPE_ID;
  const teamId = config.APPLE_WALLET_TEAM_ID;
  const wwdr = config.APPLE_WALLET_WWDR_CERTIFICATE;
  const signerCert = config.APPLE_WALLET_SIGNER_CERTIFICATE;
  const signerKey = config.APPLE_WALLET_SIGNER_KEY;
  if (!passTypeId || !teamId || !wwdr || !signerCert || !signerKey) return undefined;
  const wallet = {
    passTypeId,
    teamId,
    wwdr,
    signerCert,
    signerKey,
    signerKeyPassphrase: config.APPLE_WALLET_SIGNER_KEY_PASSPHRASE,
  };
  try {
    return { ...wallet, expiresAt: assertPassCertificates(wallet) };
  } catch (error) {
    log.error({ err: error }, 'apple wallet: off, its settings are wrong');
    return undefined;
  }
}

/** Whether a pass can be signed now: configured, and its certificate not expired. */
export const appleWalletUsable = (
  wallet: AppleWalletConfig | undefined,
  now: Date,
): wallet is AppleWalletConfig => wallet !== undefined && now < wallet.expiresAt;

export const PKPASS_MEDIA_TYPE = 'application/vnd.apple.pkpass';

/** The brand blue (the favicon's and the Google pass's `#1e5bb8`) and white, as Wallet takes colours. */
const colours = {
  backgroundColor: 'rgb(30, 91, 184)',
  foregroundColor: 'rgb(255, 255, 255)',
  labelColor: 'rgb(214, 228, 247)',
};

/** The pass's `pass.json`: a boat boarding pass whose QR code is the signed pass the gate reads. */
export function appleWalletPassJson(pass: BoardingPassDocument, wallet: AppleWalletConfig) {
  const t = (key: Parameters<typeof translate>[0]) => translate(key, pass.locale);
  const field = (key: string, label: string, value: string) => ({ key, label, value });
  return {
    formatVersion: 1,
    passTypeIdentifier: wallet.passTypeId,
    teamIdentifier: wallet.teamId,
    serialNumber: pass.ticketNumber,
    organizationName: 'Segara Ferry',
    description: translate('boarding_pass_document_title', pass.locale, { ticket: pass.ticketNumber }),
    logoText: 'Segara Ferry',
    ...colours,
    // On the lock screen near its sailing; shown as expired once the ferry has left, as the signed pass is.
    relevantDate: pass.departsAt.toISOString(),
    expirationDate: pass.departsAt.toISOString(),
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: pass.qrText,
        messageEncoding: 'iso-8859-1',
        altText: pass.ticketNumber,
      },
    ],
    boardingPass: {
      transitType: 'PKTransitTypeBoat',
      headerFields: [field('departure', t('trip_departure'), pass.departure)],
      primaryFields: [field('from', t('search_from'), pass.from), field('to', t('search_to'), pass.to)],
      secondaryFields: [
        field('passenger', t('eticket_passenger'), pass.passengerName),
        field('date', t('trip_date'), pass.date),
      ],
      auxiliaryFields: [
        field('check_in_closes', t('trip_check_in_closes'), pass.checkInCloses),
        field('gate_closes', t('trip_gate_closes'), pass.gateCloses),
        field('booking_code', t('booking_code_label'), pass.bookingCode),
      ],
      backFields: [
        field('ticket', t('eticket_ticket_number'), pass.ticketNumber),
        field('operator', t('route_col_operator'), pass.operator),
        field('baggage', t('boarding_pass_baggage'), t('boarding_pass_baggage_allowance')),
        field('gate', t('manage_boarding_pass'), t('boarding_pass_qr_caption')),
      ],
    },
  };
}

/** The pass's pictures by their name in the bundle, read once from the built client (scripts/build-icons.ts). */
const imagesRead = new Map<string, Promise<Record<string, Buffer>>>();
export function walletImagesFrom(client = clientDir()) {
  let read = imagesRead.get(client);
  if (!read) {
    read = Promise.all(
      walletImages.map(async (image) => [image.file, await readFile(join(client, image.src))] as const),
    ).then(Object.fromEntries);
    // A failed read (no build yet) is tried again by the next pass, not remembered.
    read.catch(() => imagesRead.delete(client));
    imagesRead.set(client, read);
  }
  return read;
}

/** The signed `.pkpass` of a checked-in ticket's boarding pass. */
export function appleWalletPass(
  pass: BoardingPassDocument,
  wallet: AppleWalletConfig,
  pictures: Record<string, Buffer>,
): Buffer {
  const { wwdr, signerCert, signerKey, signerKeyPassphrase } = wallet;
  const bundle = new PKPass(
    { ...pictures, 'pass.json': Buffer.from(JSON.stringify(appleWalletPassJson(pass, wallet))) },
    { wwdr, signerCert, signerKey, ...(signerKeyPassphrase ? { signerKeyPassphrase } : {}) },
  );
  return bundle.getAsBuffer();
}
