import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';

export interface PassCertificates {
  passTypeId: string;
  teamId: string;
  wwdr: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string | undefined;
}

/** A PEM read as a certificate, or an error naming the setting that holds it. */
function certificateOf(pem: string, setting: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw new Error(`${setting} is not a PEM certificate`);
  }
}

/** One attribute of the certificate's subject, unescaped (node's legacy object has one key per attribute). */
function subjectField(certificate: X509Certificate, name: string): string | undefined {
  const value = (certificate.toLegacyObject().subject as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * What makes Wallet refuse every pass without a word to the traveller, named by its setting: a key that is not the
 * certificate's or not RSA (passkit-generator signs with node-forge, which takes RSA keys only), a pass certificate
 * not issued by the WWDR given (the usual mistake: another generation of Apple's WWDR than the one that issued it,
 * G4 today), or one made for another pass type or team (Apple's pass certificates name both, as UID and OU).
 * Expiry is not among them: a certificate expires while the server runs, so this returns when it does (Wallet
 * refuses passes signed after it; Apple's last a year) and the door checks it at each pass.
 */
export function assertPassCertificates(wallet: PassCertificates): Date {
  const certificate = certificateOf(wallet.signerCert, 'APPLE_WALLET_SIGNER_CERTIFICATE');
  const wwdr = certificateOf(wallet.wwdr, 'APPLE_WALLET_WWDR_CERTIFICATE');
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: wallet.signerKey, passphrase: wallet.signerKeyPassphrase });
  } catch {
    throw new Error(
      'APPLE_WALLET_SIGNER_KEY cannot be read (or APPLE_WALLET_SIGNER_KEY_PASSPHRASE is wrong)',
    );
  }
  const spki = (publicKey: KeyObject) => publicKey.export({ type: 'spki', format: 'der' });
  if (key.asymmetricKeyType !== 'rsa') throw new Error('APPLE_WALLET_SIGNER_KEY is not an RSA key');
  if (!spki(createPublicKey(key)).equals(spki(certificate.publicKey)))
    throw new Error('APPLE_WALLET_SIGNER_KEY is not the key of APPLE_WALLET_SIGNER_CERTIFICATE');
  if (!certificate.checkIssued(wwdr) || !certificate.verify(wwdr.publicKey))
    throw new Error('APPLE_WALLET_SIGNER_CERTIFICATE was not issued by APPLE_WALLET_WWDR_CERTIFICATE');
  const uid = subjectField(certificate, 'UID');
  if (uid !== undefined && uid !== wallet.passTypeId)
    throw new Error(`APPLE_WALLET_PASS_TYPE_ID is ${wallet.passTypeId}, the certificate's is ${uid}`);
  const team = subjectField(certificate, 'OU');
  if (team !== undefined && team !== wallet.teamId)
    throw new Error(`APPLE_WALLET_TEAM_ID is ${wallet.teamId}, the certificate's is ${team}`);
  return new Date(Date.parse(certificate.validTo) || 0);
}
