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

/**
 * The ranges no client on the internet has an address in: private (RFC 1918, fc00::/7), loopback, link-local and
 * the shared space of carrier NAT and cluster networks (100.64.0.0/10); IPv6 also in their IPv4-mapped spelling.
 */
const NON_PUBLIC: [string, number, 'ipv4' | 'ipv6'][] = [
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['::ffff:10.0.0.0', 104, 'ipv6'],
  ['::ffff:172.16.0.0', 108, 'ipv6'],
  ['::ffff:192.168.0.0', 112, 'ipv6'],
  ['::ffff:127.0.0.0', 104, 'ipv6'],
  ['::ffff:169.254.0.0', 112, 'ipv6'],
  ['::ffff:100.64.0.0', 106, 'ipv6'],
];
const NON_PUBLIC_BLOCKS = NON_PUBLIC.map(([address, prefix, type]) => {
  const list = new net.BlockList();
  list.addSubnet(address, prefix, type);
  return { list, prefix, type };
});

/** `address/prefix` lies wholly inside one non-public range (its prefix at least as long, its address inside). */
function isNonPublicRange(address: string, prefix: number, version: number): boolean {
  const type = version === 4 ? 'ipv4' : 'ipv6';
  return NON_PUBLIC_BLOCKS.some((b) => b.type === type && prefix >= b.prefix && b.list.check(address, type));
}

type Entry = { ok: true } | { ok: false; publicRange?: string };

/**
 * An address, a CIDR or a range name. A range must be non-public: one that reaches public addresses
 * (`0.0.0.0/1`, `::/0`, a provider's /13) would let any client there pick its own address, and the per-address
 * limits count nothing. A single public address (the one proxy in front, at a public address) is the operator's
 * own machine: accepted, like a hop count.
 */
function checkEntry(value: string): Entry {
  if (RANGE_NAMES.has(value)) return { ok: true };
  const [address, prefix, extra] = value.split('/');
  const version = net.isIP(address);
  if (version === 0 || extra !== undefined) return { ok: false };
  if (prefix === undefined) return { ok: true };
  const bits = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return { ok: false };
  if (Number(prefix) === bits || isNonPublicRange(address, Number(prefix), version)) return { ok: true };
  return { ok: false, publicRange: value };
}

export const TRUST_PROXY_HELP =
  'deve ser false, o número de proxies à frente do servidor (1 para um proxy reverso) ou os endereços/faixas deles separados por vírgula (10.0.0.0/8,127.0.0.1)';

const publicRangeMessage = (range: string) =>
  `a faixa ${range} inclui endereços públicos: qualquer cliente nela escolheria o próprio endereço no X-Forwarded-For, e os limites por endereço deixariam de valer. Use faixas privadas (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 127.0.0.0/8, fc00::/7), o endereço exato de um proxy público ou o número de proxies à frente do servidor (1 para um proxy reverso)`;

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
  if (list.length === 0) return { error: TRUST_PROXY_HELP };
  for (const entry of list.map(checkEntry)) {
    if (entry.ok) continue;
    return { error: entry.publicRange ? publicRangeMessage(entry.publicRange) : TRUST_PROXY_HELP };
  }
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
