import https from 'node:https';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { A1 } from './certificate';
import { buildCancellation, buildDps, type DpsIssuer, type TpAmb } from './dps';
import {
  TransientInvoiceError,
  type CancelResult,
  type DpsInput,
  type InvoiceError,
  type InvoiceService,
  type IssueResult,
} from './service';
import { signXml } from './signer';

/**
 * Sefin Nacional's REST API (the national NFS-e), over mutual TLS with the school's A1: the DPS goes signed, gzipped
 * and in base64 inside JSON (`{dpsXmlGZipB64}`), the NFS-e comes back the same way (`chaveAcesso`,
 * `nfseXmlGZipB64`), a refusal as `erros: [{Codigo, Descricao}]`. A timeout, a connection that fails and a 5xx are
 * TransientInvoiceError (the job runner retries); a refusal on the merits is `rejeitada`, shown to the clerk.
 */
export const SEFIN_URLS = {
  producao: 'https://sefin.nfse.gov.br/SefinNacional',
  producao_restrita: 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional',
} as const;

export interface SefinOptions {
  environment: keyof typeof SEFIN_URLS;
  issuer: DpsIssuer;
  a1: A1;
  /** NFSE_SEFIN_URL: another address (a local fake in tests, a proxy an operator runs); default by environment. */
  baseUrl?: string;
  /** Extra CA to trust for the service's TLS (the tests' throwaway CA); the system's otherwise. */
  ca?: string;
  timeoutMs?: number;
  now?: () => Date;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** What the office reads when the service refused the school's certificate: sending again never mends that. */
export const CERTIFICATE_REFUSED =
  'O serviço recusou o certificado digital da escola (vencido, revogado ou de uma autoridade que ele não reconhece): envie um certificado A1 válido e reenvie a nota.';

/**
 * The TLS alerts by which a service refuses the client's certificate in the handshake (OpenSSL's codes, as Node
 * names them). A reset without an alert, a handshake failure over ciphers and our own distrust of the service's
 * certificate are not among them: those stay transient.
 */
const CERTIFICATE_ALERT =
  /^ERR_SSL_(?:SSLV3|TLSV1|TLSV13|SSL\/TLS)_ALERT_(?:BAD_CERTIFICATE|UNSUPPORTED_CERTIFICATE|CERTIFICATE_REVOKED|CERTIFICATE_EXPIRED|CERTIFICATE_UNKNOWN|CERTIFICATE_REQUIRED|UNKNOWN_CA|ACCESS_DENIED)$/;

/** Thrown by a call whose handshake the service refused over the client certificate; answered as a rejection. */
class CertificateRefused extends Error {}

const certificateRefused = () => ({
  outcome: 'rejeitada' as const,
  errors: [{ code: 'CERTIFICADO', message: CERTIFICATE_REFUSED }],
});

const gzipB64 = (xml: string) => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
const gunzipB64 = (text: string) => gunzipSync(Buffer.from(text, 'base64')).toString('utf8');

/** `dhEmi`/`dhEvento` as the layout writes them: the school's local time with its offset (-03:00). */
export function localDateTime(date: Date): string {
  const local = new Date(date.getTime() - 3 * 60 * 60 * 1000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/** The service's errors in our shape, whichever casing and nesting the answer used. */
export function errorsOf(body: Record<string, unknown>, status: number): InvoiceError[] {
  const raw = [...(Array.isArray(body.erros) ? body.erros : []), ...(body.erro ? [body.erro] : [])] as Record<
    string,
    unknown
  >[];
  const errors = raw.map((e) => {
    const detail = e.Complemento ?? e.complemento;
    return {
      code: String(e.Codigo ?? e.codigo ?? 'SEM_CODIGO'),
      message: [e.Descricao ?? e.descricao ?? 'Erro sem descrição.', detail].filter(Boolean).join(' '),
    };
  });
  if (errors.length > 0) return errors;
  // 495/496: a TLS front (nginx) refusing or missing the client certificate.
  const reason =
    status === 401 || status === 403 || status === 495 || status === 496
      ? 'A Sefin Nacional recusou o certificado digital da escola.'
      : 'A Sefin Nacional recusou o pedido sem dizer por quê.';
  return [{ code: `HTTP_${status}`, message: reason }];
}

const tagOf = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];

export function sefinService(options: SefinOptions): InvoiceService {
  const base = (options.baseUrl ?? SEFIN_URLS[options.environment]).replace(/\/+$/, '');
  const tpAmb: TpAmb = options.environment === 'producao' ? 1 : 2;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? (() => new Date());
  // One agent per service: the TLS session with the client certificate is kept between calls.
  const agent = new https.Agent({
    key: options.a1.keyPem,
    cert: [options.a1.certPem, ...options.a1.chainPem].join('\n'),
    ca: options.ca,
    keepAlive: true,
    maxSockets: 4,
  });

  function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const url = new URL(`${base}${path}`);
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const request = https.request(
        url,
        {
          method,
          agent,
          timeout: timeoutMs,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('error', () =>
            reject(new TransientInvoiceError('A resposta da Sefin Nacional foi interrompida.')),
          );
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 500 || status === 429)
              return reject(new TransientInvoiceError(`A Sefin Nacional respondeu ${status}; nova tentativa depois.`));
            let parsed: Record<string, unknown> = {};
            try {
              const text = Buffer.concat(chunks).toString('utf8');
              parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
            } catch {
              // A body that is not JSON (a proxy's error page): the status decides.
            }
            resolve({ status, body: parsed });
          });
        },
      );
      // Never the error's own text in the message: it may name the address and nothing of the certificate leaks.
      request.on('timeout', () =>
        request.destroy(new TransientInvoiceError('A Sefin Nacional não respondeu a tempo; nova tentativa depois.')),
      );
      request.on('error', (error: NodeJS.ErrnoException) =>
        reject(
          error instanceof TransientInvoiceError
            ? error
            : CERTIFICATE_ALERT.test(error.code ?? '')
              ? new CertificateRefused()
              : new TransientInvoiceError('Não foi possível falar com a Sefin Nacional; nova tentativa depois.'),
        ),
      );
      request.end(payload);
    });
  }

  /** The NFS-e an answer carries, or undefined when it carries none. */
  function issuedOf(body: Record<string, unknown>): IssueResult | undefined {
    const key = body.chaveAcesso;
    const gz = body.nfseXmlGZipB64;
    if (typeof key !== 'string' || typeof gz !== 'string') return undefined;
    const xml = gunzipB64(gz);
    const issuedAt = tagOf(xml, 'dhProc') ?? String(body.dataHoraProcessamento ?? now().toISOString());
    return {
      outcome: 'emitida',
      number: tagOf(xml, 'nNFSe') ?? '',
      accessKey: key,
      issuedAt: new Date(issuedAt).toISOString(),
      xml,
      simulated: false,
    };
  }

  /** The NFS-e already issued for this DPS Id (the duplicate check read back), or undefined when there is none. */
  async function alreadyIssued(id: string): Promise<IssueResult | undefined> {
    const found = await call('GET', `/dps/${id}`);
    const key = found.status === 200 ? found.body.chaveAcesso : undefined;
    if (typeof key !== 'string') return undefined;
    const nfse = await call('GET', `/nfse/${key}`);
    return nfse.status === 200 ? issuedOf(nfse.body) : undefined;
  }

  return {
    environment: options.environment,
    async issue(dps: DpsInput): Promise<IssueResult> {
      const { id, xml } = buildDps(options.issuer, dps, tpAmb);
      const signed = signXml(xml, id, options.a1);
      try {
        const answer = await call('POST', '/nfse', { dpsXmlGZipB64: gzipB64(signed) });
        const issued = answer.status < 300 ? issuedOf(answer.body) : undefined;
        if (issued) return issued;
        // Refused: when it is because this DPS was issued before (a retry after a lost answer), that NFS-e is ours.
        const existing = await alreadyIssued(id);
        if (existing) return existing;
        return { outcome: 'rejeitada', errors: errorsOf(answer.body, answer.status) };
      } catch (error) {
        if (error instanceof CertificateRefused) return certificateRefused();
        throw error;
      }
    },
    async cancel(accessKey: string, reason: { code: string; text: string }): Promise<CancelResult> {
      try {
        return await cancelEvent(accessKey, reason);
      } catch (error) {
        if (error instanceof CertificateRefused) return certificateRefused();
        throw error;
      }
    },
  };

  async function cancelEvent(accessKey: string, reason: { code: string; text: string }): Promise<CancelResult> {
    // The key goes into the path: only the layout's 50 characters ever do.
    if (!/^[0-9A-Z]{50}$/.test(accessKey))
      return {
        outcome: 'rejeitada',
        errors: [{ code: 'CHAVE', message: 'A chave de acesso deve ter 50 caracteres.' }],
      };
    const { id, xml } = buildCancellation(options.issuer, accessKey, reason, localDateTime(now()), tpAmb);
    const signed = signXml(xml, id, options.a1);
    const answer = await call('POST', `/nfse/${accessKey}/eventos`, {
      pedidoRegistroEventoXmlGZipB64: gzipB64(signed),
    });
    if (answer.status < 300 && typeof answer.body.eventoXmlGZipB64 === 'string') {
      const event = gunzipB64(answer.body.eventoXmlGZipB64);
      const at = tagOf(event, 'dhProc') ?? String(answer.body.dataHoraProcessamento ?? now().toISOString());
      return { outcome: 'cancelada', cancelledAt: new Date(at).toISOString() };
    }
    return { outcome: 'rejeitada', errors: errorsOf(answer.body, answer.status) };
  }
}
