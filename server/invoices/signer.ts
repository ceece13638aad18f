import { SignedXml } from 'xml-crypto';

/**
 * XMLDSig as the national NFS-e asks (the NF-e family's profile): enveloped, RSA-SHA256, SHA-256 digest, inclusive
 * C14N, one reference to the signed element's Id, and the certificate in KeyInfo/X509Data — the Signature as the
 * last child of the root (DPS or pedRegEvento).
 */
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

export function signXml(xml: string, id: string, credentials: { keyPem: string; certPem: string }): string {
  const signer = new SignedXml({
    privateKey: credentials.keyPem,
    publicCert: credentials.certPem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: C14N,
  });
  signer.addReference({
    xpath: `//*[@Id='${id}']`,
    transforms: [ENVELOPED, C14N],
    digestAlgorithm: SHA256,
  });
  signer.computeSignature(xml, { location: { reference: '/*', action: 'append' } });
  return signer.getSignedXml();
}
