import forge from 'node-forge';
import { open, seal } from '../secrets/seal';

/**
 * The school's A1 certificate (an ICP-Brasil PKCS#12 file and its password): read with node-forge, which also opens
 * the legacy encryptions (RC2, 3DES) that Windows exports and OpenSSL 3 no longer opens by default; kept sealed with
 * SECRETARIA_ENCRYPTION_KEY (the file and its password together, bound to their name), never answered, never logged.
 */
export const MAX_CERTIFICATE_BYTES = 64 * 1024;
const SEALED_AS = 'nfse.certificate';

export const NOT_PKCS12 = 'O arquivo não é um certificado A1 (PKCS#12, .pfx ou .p12).';
export const WRONG_PASSWORD = 'A senha não abre este certificado.';
export const NO_KEY = 'O arquivo não tem a chave privada do certificado: exporte o A1 com a chave.';

export class CertificateError extends Error {}

export interface A1 {
  /** PEM of the private key, of the certificate, and of the rest of the chain in the file (for TLS). */
  keyPem: string;
  certPem: string;
  chainPem: string[];
  /** The certificate's CN ("ESCOLA EXEMPLO LTDA:12345678000195" in ICP-Brasil's e-CNPJ). */
  subject: string;
  /** The CNPJ the certificate names (after the CN's colon), or null when it names none. */
  cnpj: string | null;
  notAfter: Date;
}

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, type: string): forge.pkcs12.Bag[] {
  return p12.getBags({ bagType: type })[type] ?? [];
}

/** The file read with its password, or a CertificateError with the office's words. */
export function readA1(file: Buffer, password: string): A1 {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, true, password);
  } catch (error) {
    const text = error instanceof Error ? error.message : '';
    // forge checks the MAC first: a wrong password is named so; anything else is not a PKCS#12 it can read.
    throw new CertificateError(/mac could not be verified|invalid password/i.test(text) ? WRONG_PASSWORD : NOT_PKCS12);
  }
  const keyBag = [...bagsOf(p12, forge.pki.oids.pkcs8ShroudedKeyBag), ...bagsOf(p12, forge.pki.oids.keyBag)].find(
    (b) => b.key,
  );
  const certs = bagsOf(p12, forge.pki.oids.certBag)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));
  if (!keyBag?.key || certs.length === 0) throw new CertificateError(certs.length === 0 ? NOT_PKCS12 : NO_KEY);
  const key = keyBag.key as forge.pki.rsa.PrivateKey;
  // The certificate of the key: the one whose public modulus is the key's (the file may carry the CA chain too).
  const own =
    certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n)) ??
    (() => {
      throw new CertificateError(NO_KEY);
    })();
  const subject = String(own.subject.getField('CN')?.value ?? own.subject.attributes.map((a) => a.value).join(', '));
  const cnpj = /:([0-9A-Z]{12}[0-9]{2})$/.exec(subject)?.[1] ?? null;
  return {
    keyPem: forge.pki.privateKeyToPem(key),
    certPem: forge.pki.certificateToPem(own),
    chainPem: certs.filter((c) => c !== own).map((c) => forge.pki.certificateToPem(c)),
    subject,
    cnpj,
    notAfter: own.validity.notAfter,
  };
}

/** What is stored: the file and its password, sealed together under the certificate's own name. */
export function sealA1(key: Buffer, file: Buffer, password: string): string {
  return seal(key, JSON.stringify({ file: file.toString('base64'), password }), SEALED_AS);
}

/** The stored certificate read back (throws a SealError under another key, a CertificateError if unreadable). */
export function openA1(key: Buffer, sealed: string): A1 {
  const { file, password } = JSON.parse(open(key, sealed, SEALED_AS)) as { file: string; password: string };
  return readA1(Buffer.from(file, 'base64'), password);
}
