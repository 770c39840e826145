import { z } from 'zod';

/** A PEM given in one environment variable, whose line breaks are often written `\n`: read with real ones. */
const pem = (marker: string) =>
  z
    .string()
    .includes(marker)
    .transform((text) => text.replaceAll('\\n', '\n'));

/**
 * The wallets' settings in the environment (config.ts takes them in): each wallet is offered beside a checked-in
 * boarding pass only when all of its settings are set.
 */
export const walletSettings = {
  /**
   * "Add to Google Wallet" (google-wallet.ts): the issuer id from Google's Pay & Wallet console, the service account
   * that signs the save links, and its PKCS#8 private key (the JSON key file's `private_key`).
   */
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^\d{6,25}$/, 'the digits of the issuer id')
    .optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.email().optional(),
  GOOGLE_WALLET_PRIVATE_KEY: pem('PRIVATE KEY').optional(),
  /**
   * "Add to Apple Wallet" (apple-wallet.ts): the pass type id and team id of Apple's developer account, Apple's WWDR
   * intermediate certificate (G4), the pass type certificate and its private key, and the key's passphrase if any.
   */
  APPLE_WALLET_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[\w.-]+$/, 'a pass type id such as pass.com.segaraferry.boarding')
    .optional(),
  APPLE_WALLET_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'the ten capital letters and digits of the team id')
    .optional(),
  APPLE_WALLET_WWDR_CERTIFICATE: pem('BEGIN CERTIFICATE').optional(),
  APPLE_WALLET_SIGNER_CERTIFICATE: pem('BEGIN CERTIFICATE').optional(),
  APPLE_WALLET_SIGNER_KEY: pem('PRIVATE KEY').optional(),
  APPLE_WALLET_SIGNER_KEY_PASSPHRASE: z.string().min(1).optional(),
};
