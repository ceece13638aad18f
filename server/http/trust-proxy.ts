import net from 'node:net';

/**
 * Which forwarding proxies the server believes about the client's address (`X-Forwarded-For`):
 * none, the nearest `hops` of them, or those at these addresses/CIDRs. Never "everyone": a client
 * would then choose its own address, one per request, and every per-address limit (failed sign-ins,
 * password reset, the public pages) would count nothing.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(value: string): boolean {
  if (RANGE_NAMES.has(value)) return true;
  const [address, prefix, extra] = value.split('/');
  const version = net.isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export const TRUST_PROXY_HELP =
  'deve ser false, o número de proxies à frente do servidor (1 para um proxy reverso) ou os endereços/faixas deles separados por vírgula (10.0.0.0/8,127.0.0.1)';

/** TRUST_PROXY's text as a TrustProxy, or a message saying what it should be. */
export function parseTrustProxy(raw: string): { value: TrustProxy } | { error: string } {
  const text = raw.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return { value: false };
  if (text === 'true') {
    return {
      error: `não aceita true (acreditaria em qualquer X-Forwarded-For, e os limites por endereço deixariam de valer): ${TRUST_PROXY_HELP}`,
    };
  }
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? { value: Number(text) } : { error: TRUST_PROXY_HELP };
  const list = text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.length === 0 || !list.every(isAddressOrRange)) return { error: TRUST_PROXY_HELP };
  return { value: list };
}

/**
 * Fastify's option for a TrustProxy. A hop count is a function (the nearest `hops` addresses are the
 * proxies): Fastify turns a bare number into "trust nobody", since it cannot tell a direct client from
 * a proxy; that is the operator's promise when they give a count (see docs/operacao/proxy.md).
 */
export function fastifyTrustProxy(
  trust: TrustProxy | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust ?? false;
}
