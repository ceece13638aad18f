import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { serverCertificate, type Ca } from './a1';
import { nfseSchema, type SchemaCheck } from './nfse-xsd';

/**
 * A local Sefin Nacional on 127.0.0.1 that speaks its protocol: HTTPS that demands a client certificate from the
 * test's CA (mutual TLS), the DPS as gzip+base64 inside JSON, its XMLDSig checked against the certificate the client
 * presented (not the one inside the XML), the NFS-e answered the same way, a refusal as `erros: [{Codigo,
 * Descricao}]`, the DPS looked up by its Id, and the cancellation event. Every DPS and every event request is first
 * checked against the layout's own XSDs (nfse-xsd.ts: DPS_v1.01.xsd, pedRegEvento_v1.01.xsd), as the service does:
 * one that fails is refused with E1235 "Falha no esquema XML" and libxml2's messages, so every test that issues or
 * cancels through this fake proves our XML valid.
 *
 * `next` decides the next DPS's fate: 'authorise' (the default), 'reject' (or `{ reject: [...] }` with the codes to
 * answer), 'timeout' (never answers), 'error500', 'lose-answer' (issues, then cuts the connection before answering:
 * the retry finds it already issued), 'issue-and-hold' (issues, then holds the answer until the client gives up or
 * dies: a timeout after the fact, or a server killed with the DPS in flight).
 */
export type FakeMode =
  | 'authorise'
  | 'reject'
  | 'timeout'
  | 'error500'
  | 'lose-answer'
  | 'issue-and-hold'
  | { reject: { code: string; message: string }[] };

export interface FakeNfse {
  id: string;
  accessKey: string;
  number: number;
  dps: string;
  cancelled: boolean;
}

export interface FakeSefin {
  url: string;
  /** The CA the client must trust for this server. */
  caPem: string;
  next: FakeMode[];
  issued: Map<string, FakeNfse>;
  /** Every request: method, path and the CN of the client certificate it came with. */
  requests: { method: string; path: string; clientCn: string }[];
  /** Every signature check the fake made, and its result. */
  signatureChecks: boolean[];
  /** Every schema check (DPS or event request), in order: whether it passed and libxml2's messages. */
  schemaChecks: (SchemaCheck & { document: 'DPS' | 'pedRegEvento' })[];
  /** Every DPS posted (its Id), in order, before its fate was decided: the retries of one DPS carry the same Id. */
  received: string[];
  /** Every cancellation event received: the NFS-e's access key and the reason's code (cMotivo). */
  events: { accessKey: string; reason: string }[];
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const stamp = () => ({
  tipoAmbiente: 2,
  versaoAplicativo: 'FakeSefin_1.0',
  dataHoraProcessamento: '2026-03-10T10:00:05-03:00',
});

const refusal = (codigo: string, descricao: string) => ({
  ...stamp(),
  erros: [{ Codigo: codigo, Descricao: descricao }],
});

/** Whether the XML's only signature verifies with `certPem`, references `id` and carries that certificate. */
function signedBy(xml: string, id: string, certPem: string): boolean {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const signatures = doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature');
  if (signatures.length !== 1) return false;
  const verifier = new SignedXml({ publicCert: certPem, getCertFromKeyInfo: () => null });
  verifier.loadSignature(signatures[0]);
  try {
    if (!verifier.checkSignature(xml)) return false;
  } catch {
    return false;
  }
  const uri = verifier.getReferences()[0]?.uri;
  const inXml = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(xml)?.[1];
  const presented = certPem.replace(/-----[^-]+-----|\s/g, '');
  return uri === `#${id}` && inXml === presented;
}

/** The service's answer to XML its schema refuses: one error per message of the validator, under E1235. */
const schemaRefusal = (check: SchemaCheck) => ({
  ...stamp(),
  erros: check.errors.map((message) => ({
    Codigo: 'E1235',
    Descricao: 'Falha no esquema XML.',
    Complemento: message.replace(/\{http:\/\/www\.sped\.fazenda\.gov\.br\/nfse\}/g, ''),
  })),
});

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';

export async function startFakeSefin(ca: Ca): Promise<FakeSefin> {
  // The validator's first call compiles libxml2's WebAssembly (about a second on a loaded machine): done here, so
  // that it never eats into the time the client under test allows for an answer.
  await nfseSchema.dps('<DPS/>');
  const tls = serverCertificate(ca);
  const held: ServerResponse[] = [];
  let numbers = 0;
  const fake = {
    next: [],
    issued: new Map(),
    requests: [],
    signatureChecks: [],
    schemaChecks: [],
    received: [],
    events: [],
  } as unknown as FakeSefin;

  const nfseXml = (n: FakeNfse) =>
    `<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infNFSe Id="NFS${n.accessKey}">` +
    `<nNFSe>${n.number}</nNFSe><dhProc>2026-03-10T10:00:05-03:00</dhProc>${n.dps}</infNFSe></NFSe>`;
  const issuedAnswer = (n: FakeNfse) => ({
    ...stamp(),
    idDps: n.id,
    chaveAcesso: n.accessKey,
    nfseXmlGZipB64: gzipSync(nfseXml(n)).toString('base64'),
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const socket = req.socket as TLSSocket;
    const peer = socket.getPeerCertificate();
    const certPem = `-----BEGIN CERTIFICATE-----\n${peer.raw.toString('base64')}\n-----END CERTIFICATE-----\n`;
    const path = (req.url ?? '').replace(/^\/SefinNacional/, '');
    fake.requests.push({ method: req.method ?? '', path, clientCn: String(peer.subject?.CN ?? '') });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>) : {};

    if (req.method === 'POST' && path === '/nfse') {
      const mode = fake.next.shift() ?? 'authorise';
      let xml: string;
      try {
        xml = gunzipSync(Buffer.from(body.dpsXmlGZipB64 ?? '', 'base64')).toString('utf8');
      } catch {
        return json(res, 400, refusal('E1225', 'Falha ao descompactar XML Zip B64.'));
      }
      const id = /<infDPS Id="([^"]+)"/.exec(xml)?.[1] ?? '';
      fake.received.push(id);
      if (mode === 'timeout') return void held.push(res);
      if (mode === 'error500') return json(res, 500, { message: 'Erro interno.' });
      const schema = await nfseSchema.dps(xml);
      fake.schemaChecks.push({ document: 'DPS', ...schema });
      if (!schema.valid) return json(res, 400, schemaRefusal(schema));
      const valid = signedBy(xml, id, certPem);
      fake.signatureChecks.push(valid);
      if (!valid) return json(res, 400, refusal('E0714', 'Assinatura digital inválida.'));
      if (fake.issued.has(id))
        return json(res, 400, refusal('E0014', 'Conjunto de Série e Número da DPS já utilizado para o prestador.'));
      if (typeof mode === 'object')
        return json(res, 400, {
          ...stamp(),
          erros: mode.reject.map((e) => ({ Codigo: e.code, Descricao: e.message })),
        });
      if (mode === 'reject')
        return json(
          res,
          400,
          refusal(
            'E0310',
            'O código de tributação nacional informado não existe conforme a lista de serviços nacional.',
          ),
        );
      numbers += 1;
      const accessKey = `${tag(xml, 'cLocEmi')}22${tag(xml, 'CNPJ').padStart(14, '0')}${String(numbers).padStart(13, '0')}2603${String(numbers).padStart(9, '0')}7`;
      const issued: FakeNfse = {
        id,
        accessKey,
        number: numbers,
        dps: xml.replace(/^<\?xml[^>]*>/, ''),
        cancelled: false,
      };
      fake.issued.set(id, issued);
      if (mode === 'lose-answer') return void socket.destroy();
      if (mode === 'issue-and-hold') return void held.push(res);
      return json(res, 201, issuedAnswer(issued));
    }
    const dps = /^\/dps\/([A-Z0-9]+)$/.exec(path);
    if (req.method === 'GET' && dps) {
      const found = fake.issued.get(dps[1]);
      return found
        ? json(res, 200, { ...stamp(), idDps: found.id, chaveAcesso: found.accessKey })
        : json(res, 404, { ...stamp(), erro: { codigo: 'E2220', descricao: 'DPS não encontrada.' } });
    }
    const nfse = /^\/nfse\/([0-9A-Z]{50})$/.exec(path);
    const byKey = (key: string) => [...fake.issued.values()].find((n) => n.accessKey === key);
    if (req.method === 'GET' && nfse) {
      const found = byKey(nfse[1]);
      return found
        ? json(res, 200, issuedAnswer(found))
        : json(res, 404, { ...stamp(), erro: { codigo: 'E2406', descricao: 'NFS-e não encontrada.' } });
    }
    const events = /^\/nfse\/([0-9A-Z]{50})\/eventos$/.exec(path);
    if (req.method === 'POST' && events) {
      const xml = gunzipSync(Buffer.from(body.pedidoRegistroEventoXmlGZipB64 ?? '', 'base64')).toString('utf8');
      const id = /<infPedReg Id="([^"]+)"/.exec(xml)?.[1] ?? '';
      const schema = await nfseSchema.cancellation(xml);
      fake.schemaChecks.push({ document: 'pedRegEvento', ...schema });
      if (!schema.valid) return json(res, 400, schemaRefusal(schema));
      const valid = signedBy(xml, id, certPem);
      fake.signatureChecks.push(valid);
      if (!valid) return json(res, 400, refusal('E0714', 'Assinatura digital inválida.'));
      const found = byKey(events[1]);
      if (!found || tag(xml, 'chNFSe') !== events[1])
        return json(res, 400, refusal('E0840', 'A NFS-e indicada no evento não existe.'));
      fake.events.push({ accessKey: events[1], reason: tag(xml, 'cMotivo') });
      if (found.cancelled) return json(res, 400, refusal('E0841', 'A NFS-e já está cancelada.'));
      found.cancelled = true;
      const event = `<evento xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infEvento><dhProc>2026-03-11T09:00:00-03:00</dhProc>${xml}</infEvento></evento>`;
      return json(res, 201, { ...stamp(), eventoXmlGZipB64: gzipSync(event).toString('base64') });
    }
    return json(res, 404, { message: 'Não encontrado.' });
  }

  const server = https.createServer(
    { key: tls.keyPem, cert: tls.certPem, ca: [ca.certPem], requestCert: true, rejectUnauthorized: true },
    (req, res) => void handle(req, res).catch(() => json(res, 500, { message: 'Erro no fake.' })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/SefinNacional`;
  fake.caPem = ca.certPem;
  fake.close = async () => {
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/** Whether this machine has the OpenSSL command line (for startTlsFront). */
export const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

/**
 * The service's TLS front when it checks the client certificate in the handshake itself, as a gateway does: it
 * answers a certificate it does not accept (another CA, expired) with a TLS alert. Node's own server cannot send
 * those (it drops the connection after the handshake instead), so this is OpenSSL's `s_server`, trusting `clientCa`.
 */
export async function startTlsFront(serverCa: Ca, clientCa: Ca): Promise<{ url: string; close(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-tls-front-'));
  const tls = serverCertificate(serverCa);
  const file = (name: string, text: string) => (fs.writeFileSync(path.join(dir, name), text), path.join(dir, name));
  const args = ['s_server', '-accept', '127.0.0.1:0', '-www', '-Verify', '1', '-verify_return_error'];
  args.push('-cert', file('cert.pem', tls.certPem), '-key', file('key.pem', tls.keyPem));
  args.push('-CAfile', file('ca.pem', clientCa.certPem));
  const child = spawn('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  const port = await new Promise<string>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const found = /ACCEPT .*:(\d+)/.exec(output)?.[1];
      if (found) resolve(found);
      else if (Date.now() - started > 10_000) reject(new Error(`openssl s_server não iniciou: ${output}`));
      if (found || Date.now() - started > 10_000) clearInterval(timer);
    }, 20);
  });
  return {
    url: `https://127.0.0.1:${port}/SefinNacional`,
    close() {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
