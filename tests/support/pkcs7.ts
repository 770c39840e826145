import { createHash, generateKeyPairSync, verify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

const { asn1, pki } = forge;
const binary = (bytes: Uint8Array) => Buffer.from(bytes).toString('binary');
const OIDS = { messageDigest: '1.2.840.113549.1.9.4', signingTime: '1.2.840.113549.1.9.5' };

/** A certificate for `name` with `publicKeyPem`, signed by `issuer` (itself when it is the root). */
function certificate(
  name: string,
  publicKeyPem: string,
  issuer: { name: string; keyPem: string },
  ca: boolean,
) {
  const made = pki.createCertificate();
  made.publicKey = pki.publicKeyFromPem(publicKeyPem);
  made.serialNumber = ca ? '01' : '02';
  made.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  made.validity.notAfter = new Date('2036-01-01T00:00:00Z');
  made.setSubject([{ name: 'commonName', value: name }]);
  made.setIssuer([{ name: 'commonName', value: issuer.name }]);
  made.setExtensions([{ name: 'basicConstraints', cA: ca }]);
  made.sign(pki.privateKeyFromPem(issuer.keyPem), forge.md.sha256.create());
  return pki.certificateToPem(made);
}

const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/**
 * Stand-ins for Apple's certificates: a test "WWDR" root and a pass type certificate it issued, with its key (PEMs,
 * as the settings take them).
 */
export function testPassCertificates() {
  const root = rsa();
  const signer = rsa();
  const wwdrName = 'Test Worldwide Developer Relations';
  return {
    wwdr: certificate(wwdrName, root.publicKey, { name: wwdrName, keyPem: root.privateKey }, true),
    signerCert: certificate(
      'Pass Type ID: pass.com.segaraferry.boarding',
      signer.publicKey,
      { name: wwdrName, keyPem: root.privateKey },
      false,
    ),
    signerKey: signer.privateKey,
  };
}

/**
 * A detached PKCS#7 signature (a `.pkpass`'s `signature`) read and checked with node's own crypto: the certificates
 * it carries, the one whose key signed its attributes, and whether the digest it signed is that of `content`.
 */
export function readDetachedSignature(signature: Uint8Array, content: Uint8Array) {
  const message = forge.pkcs7.messageFromAsn1(
    asn1.fromDer(binary(signature)),
  ) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { signerInfos: forge.asn1.Asn1[] };
  };
  const certificates = message.certificates.map((one) => new X509Certificate(pki.certificateToPem(one)));
  // SignerInfo: version, issuer and serial, digest algorithm, [0] signed attributes, signature algorithm, signature.
  const fields = (message.rawCapture.signerInfos[0]?.value ?? []) as forge.asn1.Asn1[];
  const [attributes, , signed] = fields.slice(3) as [forge.asn1.Asn1, forge.asn1.Asn1, forge.asn1.Asn1];
  const attributeList = attributes.value as forge.asn1.Asn1[];
  const valueOf = (oid: string) => {
    const found = attributeList.find((attribute) => {
      const [type] = attribute.value as forge.asn1.Asn1[];
      return asn1.derToOid(type?.value as string) === oid;
    });
    const [, values] = (found?.value ?? []) as forge.asn1.Asn1[];
    return (values?.value as forge.asn1.Asn1[] | undefined)?.[0]?.value as string | undefined;
  };
  // The attributes are signed as a DER SET, and sent tagged [0] instead.
  const signedBytes = Buffer.from(
    asn1.toDer(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, attributeList)).getBytes(),
    'binary',
  );
  const signer = certificates.find((one) =>
    verify('sha1', signedBytes, one.publicKey, Buffer.from(signed.value as string, 'binary')),
  );
  const digest = valueOf(OIDS.messageDigest);
  return {
    certificates,
    signer,
    digestMatches: digest !== undefined && Buffer.from(digest, 'binary').equals(sha1(content)),
    signedAt: valueOf(OIDS.signingTime),
  };
}

export const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest();
