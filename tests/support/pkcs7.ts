import { createHash, verify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

const { asn1, pki } = forge;
const binary = (bytes: Uint8Array) => Buffer.from(bytes).toString('binary');
const OIDS = { messageDigest: '1.2.840.113549.1.9.4', signingTime: '1.2.840.113549.1.9.5' };

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
