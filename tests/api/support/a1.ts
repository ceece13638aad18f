import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * Throwaway certificates for the NFS-e tests: a CA made here, an A1 (PKCS#12 with an ICP-Brasil-like CN "NAME:CNPJ")
 * it signs, and a server certificate for the fake Sefin on 127.0.0.1. Keys from Node's crypto (fast), certificates
 * and the PKCS#12 by node-forge.
 */
export interface Issued {
  keyPem: string;
  certPem: string;
}

const newKey = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

function certificate(
  subject: forge.pki.CertificateField[],
  publicPem: string,
  issuer: { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey } | null,
  signer: forge.pki.rsa.PrivateKey,
  options: { notBefore?: Date; notAfter?: Date; extensions: object[] },
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicPem);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * 24 * 3600 * 1000);
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions(options.extensions);
  cert.sign(signer, forge.md.sha256.create());
  return cert;
}

export interface Ca extends Issued {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
}

export function makeCa(name = 'AC de Teste da Secretaria'): Ca {
  const pair = newKey();
  const key = forge.pki.privateKeyFromPem(pair.privateKey);
  const cert = certificate([{ name: 'commonName', value: name }], pair.publicKey, null, key, {
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true },
    ],
  });
  return { cert, key, keyPem: pair.privateKey, certPem: forge.pki.certificateToPem(cert) };
}

/** The fake service's TLS certificate, for 127.0.0.1. */
export function serverCertificate(ca: Ca): Issued {
  const pair = newKey();
  const cert = certificate([{ name: 'commonName', value: '127.0.0.1' }], pair.publicKey, ca, ca.key, {
    extensions: [
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { keyPem: pair.privateKey, certPem: forge.pki.certificateToPem(cert) };
}

export interface A1File extends Issued {
  pfx: Buffer;
  notAfter: Date;
}

/** An e-CNPJ A1 as a PKCS#12 file (3DES, as Windows exports them) with its CA in the chain. */
export function makeA1(
  ca: Ca,
  options: { name?: string; cnpj?: string; password?: string; notAfter?: Date } = {},
): A1File {
  const pair = newKey();
  const cn = `${options.name ?? 'ESCOLA EXEMPLO LTDA'}:${options.cnpj ?? '12ABC34501DE35'}`;
  // Whole seconds: a certificate's validity has no milliseconds.
  const notAfter = new Date(
    Math.floor((options.notAfter ?? new Date(Date.now() + 365 * 24 * 3600 * 1000)).getTime() / 1000) * 1000,
  );
  const cert = certificate([{ name: 'commonName', value: cn }], pair.publicKey, ca, ca.key, {
    notAfter,
    extensions: [
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
      { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
    ],
  });
  const key = forge.pki.privateKeyFromPem(pair.privateKey);
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert, ca.cert], options.password ?? 'senha-do-a1', {
    algorithm: '3des',
  });
  return {
    pfx: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    keyPem: pair.privateKey,
    certPem: forge.pki.certificateToPem(cert),
    notAfter: cert.validity.notAfter,
  };
}
