import {
  rsaKeyPair,
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
  testPassCertificates,
} from '../factories/pass-certificates.ts';

/**
 * Both wallets configured with test keys, as the browser tests' server runs: Manage booking offers them, and the
 * built server answers their doors (a Google save link, an Apple `.pkpass`) that no real wallet would accept.
 */
export function testWalletSettings(): Record<string, string> {
  const apple = testPassCertificates();
  const google = rsaKeyPair();
  return {
    GOOGLE_WALLET_ISSUER_ID: '3388000000022222228',
    GOOGLE_WALLET_SERVICE_ACCOUNT: 'wallet@segara-e2e.iam.gserviceaccount.com',
    GOOGLE_WALLET_PRIVATE_KEY: google.privateKey,
    APPLE_WALLET_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
    APPLE_WALLET_TEAM_ID: TEST_TEAM_ID,
    APPLE_WALLET_WWDR_CERTIFICATE: apple.wwdr,
    APPLE_WALLET_SIGNER_CERTIFICATE: apple.signerCert,
    APPLE_WALLET_SIGNER_KEY: apple.signerKey,
  };
}
