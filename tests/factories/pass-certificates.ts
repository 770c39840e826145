import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

const { pki } = forge;
const UID = '0.9.2342.19200300.100.1.1';

interface Subject {
  name: string;
  /** What Apple's pass certificates add: the pass type id (UID) and the team (OU). */
  passTypeId?: string;
  teamId?: string;
}

/** A certificate for `subject` with `publicKeyPem`, signed by `issuer` (itself when it is the root). */
function certificate(
  subject: Subject,
  publicKeyPem: string,
  issuer: { name: string; keyPem: string },
  validity: { from: Date; to: Date },
) {
  const made = pki.createCertificate();
  const ca = subject.name === issuer.name;
  made.publicKey = pki.publicKeyFromPem(publicKeyPem);
  made.serialNumber = ca ? '01' : '02';
  made.validity.notBefore = validity.from;
  made.validity.notAfter = validity.to;
  made.setSubject([
    { name: 'commonName', value: subject.name },
    ...(subject.passTypeId ? [{ type: UID, value: subject.passTypeId }] : []),
    ...(subject.teamId ? [{ shortName: 'OU', value: subject.teamId }] : []),
  ]);
  made.setIssuer([{ name: 'commonName', value: issuer.name }]);
  made.setExtensions([{ name: 'basicConstraints', cA: ca }]);
  made.sign(pki.privateKeyFromPem(issuer.keyPem), forge.md.sha256.create());
  return pki.certificateToPem(made);
}

export const rsaKeyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

export const TEST_PASS_TYPE_ID = 'pass.com.segaraferry.boarding';
export const TEST_TEAM_ID = 'A1B2C3D4E5';

/**
 * Stand-ins for Apple's certificates (PEMs, as the settings take them): a test "WWDR" root and a pass type
 * certificate it issued for TEST_PASS_TYPE_ID and TEST_TEAM_ID, with its key; valid 2026-2036 unless told.
 */
export function testPassCertificates(
  validity = { from: new Date('2026-01-01'), to: new Date('2036-01-01') },
) {
  const root = rsaKeyPair();
  const signer = rsaKeyPair();
  const wwdr = { name: 'Test Worldwide Developer Relations', keyPem: root.privateKey };
  return {
    wwdr: certificate({ name: wwdr.name }, root.publicKey, wwdr, validity),
    signerCert: certificate(
      { name: `Pass Type ID: ${TEST_PASS_TYPE_ID}`, passTypeId: TEST_PASS_TYPE_ID, teamId: TEST_TEAM_ID },
      signer.publicKey,
      wwdr,
      validity,
    ),
    signerKey: signer.privateKey,
  };
}
