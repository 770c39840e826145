import { importPKCS8, SignJWT } from 'jose';
import { translate } from '../../i18n/translate.ts';
import type { Config } from '../config.ts';
import type { BoardingPassDocument } from '../documents/boarding-pass.ts';

/**
 * "Add to Google Wallet" (issue 41, item 5): a save link carrying a JWT that Google's wallet accepts from this
 * issuer, signed with its service account's key (RS256), holding the boarding pass as a transit object with its
 * class. Google shows the pass, with its QR code, in the phone's wallet; the gate scans it like the site's own.
 * Configured by `GOOGLE_WALLET_*` (config.ts); whether Google accepts it is known only once an issuer account exists
 * (the first deployment), so the tests check its structure and its signature with a test key.
 */
export interface GoogleWalletConfig {
  /** The issuer id Google's Pay & Wallet console gives (digits). */
  issuerId: string;
  /** The service account that signs: the JWT's `iss`. */
  serviceAccount: string;
  /** Its private key, PKCS#8 PEM (the service account's JSON key file's `private_key`). */
  privateKey: string;
}

export function googleWalletFromConfig(config: Config): GoogleWalletConfig | undefined {
  const { GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT, GOOGLE_WALLET_PRIVATE_KEY } = config;
  if (!GOOGLE_WALLET_ISSUER_ID || !GOOGLE_WALLET_SERVICE_ACCOUNT || !GOOGLE_WALLET_PRIVATE_KEY)
    return undefined;
  return {
    issuerId: GOOGLE_WALLET_ISSUER_ID,
    serviceAccount: GOOGLE_WALLET_SERVICE_ACCOUNT,
    privateKey: GOOGLE_WALLET_PRIVATE_KEY,
  };
}

export const GOOGLE_WALLET_SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** One class for every boarding pass of the agency: the issuer's name, the ferry, the logo. */
const CLASS_SUFFIX = 'segara-ferry-boarding';

/** A localized string as Google's wallet objects take it. */
const text = (value: string, locale: string) => ({ defaultValue: { language: locale, value } });

/** Google's ids allow letters, digits, `.`, `_` and `-` after the issuer id. */
const objectId = (issuerId: string, ticketNumber: string) =>
  `${issuerId}.${ticketNumber.replaceAll(/[^\w.-]/g, '_')}`;

/** The JWT's claims: the transit class and the pass as a transit object. */
export function googleWalletClaims(pass: BoardingPassDocument, wallet: GoogleWalletConfig, siteUrl: string) {
  const { locale } = pass;
  const classId = `${wallet.issuerId}.${CLASS_SUFFIX}`;
  // The trip card's own words for the same clocks.
  const labels = {
    code: translate('booking_code_label', locale),
    checkIn: translate('trip_check_in_closes', locale),
    gate: translate('trip_gate_closes', locale),
  };
  return {
    iss: wallet.serviceAccount,
    aud: 'google',
    typ: 'savetowallet',
    origins: [new URL(siteUrl).origin],
    payload: {
      transitClasses: [
        {
          id: classId,
          issuerName: 'Segara Ferry',
          reviewStatus: 'UNDER_REVIEW',
          transitType: 'FERRY',
          logo: { sourceUri: { uri: new URL('/icons/icon-192.png', siteUrl).href } },
          hexBackgroundColor: '#1e5bb8',
        },
      ],
      transitObjects: [
        {
          id: objectId(wallet.issuerId, pass.ticketNumber),
          classId,
          state: 'ACTIVE',
          tripType: 'ONE_WAY',
          passengerType: 'SINGLE_PASSENGER',
          passengerNames: pass.passengerName,
          ticketNumber: pass.ticketNumber,
          ticketLeg: {
            originName: text(pass.from, locale),
            destinationName: text(pass.to, locale),
            // The terminal's own clock, without an offset: Google reads it as the origin's local time.
            departureDateTime: pass.localDeparture,
            transitOperatorName: text(pass.operator, locale),
          },
          barcode: { type: 'QR_CODE', value: pass.qrText, alternateText: pass.ticketNumber },
          textModulesData: [
            { id: 'booking_code', header: labels.code, body: pass.bookingCode },
            { id: 'check_in_closes', header: labels.checkIn, body: pass.checkInCloses },
            { id: 'gate_closes', header: labels.gate, body: pass.gateCloses },
          ],
        },
      ],
    },
  };
}

/** The "Add to Google Wallet" address for a checked-in ticket's pass. */
export async function googleWalletSaveUrl(
  pass: BoardingPassDocument,
  wallet: GoogleWalletConfig,
  siteUrl: string,
  now: Date,
): Promise<string> {
  const key = await importPKCS8(wallet.privateKey, 'RS256');
  const jwt = await new SignJWT(googleWalletClaims(pass, wallet, siteUrl))
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
  return `${GOOGLE_WALLET_SAVE_URL}${jwt}`;
}
