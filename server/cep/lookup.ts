/** An address as the client expects it (ViaCEP's keys, spec §3). */
export interface CepAddress {
  cep: string;
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

export class CepUnavailable extends Error {}

/** One postal-code service: an address, null when the CEP does not exist, or a throw when it fails. */
export interface CepProvider {
  name: string;
  lookup(cep: string): Promise<CepAddress | null>;
}

const TIMEOUT_MS = 3000;

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new CepUnavailable(`${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok) throw new CepUnavailable(`${url}: resposta não é JSON`);
  }
  return { status: response.status, body };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** ViaCEP: `GET /ws/{cep}/json/` answers the address or `{"erro": true}`; 400 for a malformed CEP. */
export function viaCep(baseUrl: string): CepProvider {
  return {
    name: 'ViaCEP',
    async lookup(cep) {
      const { status, body } = await getJson(`${baseUrl.replace(/\/$/, '')}/ws/${cep}/json/`);
      if (status === 400) return null;
      if (status !== 200 || !body || typeof body !== 'object') throw new CepUnavailable(`ViaCEP respondeu ${status}`);
      const b = body as Record<string, unknown>;
      if (b.erro === true || b.erro === 'true') return null;
      return {
        cep,
        logradouro: str(b.logradouro),
        bairro: str(b.bairro),
        localidade: str(b.localidade),
        uf: str(b.uf),
      };
    },
  };
}

/** BrasilAPI: `GET /api/cep/v2/{cep}` answers `{street, neighborhood, city, state}` or 404. */
export function brasilApi(baseUrl: string): CepProvider {
  return {
    name: 'BrasilAPI',
    async lookup(cep) {
      const { status, body } = await getJson(`${baseUrl.replace(/\/$/, '')}/api/cep/v2/${cep}`);
      if (status === 404) return null;
      if (status !== 200 || !body || typeof body !== 'object')
        throw new CepUnavailable(`BrasilAPI respondeu ${status}`);
      const b = body as Record<string, unknown>;
      return { cep, logradouro: str(b.street), bairro: str(b.neighborhood), localidade: str(b.city), uf: str(b.state) };
    },
  };
}

/**
 * Asks each provider in turn until one answers (a failure passes to the next; "not found" is an
 * answer). Answers are cached, so a CEP typed twice costs one call.
 */
export class CepLookup {
  private readonly cache = new Map<string, { value: CepAddress | null; until: number }>();

  constructor(
    private readonly providers: CepProvider[],
    private readonly ttlMs = 24 * 3600_000,
    private readonly maxEntries = 5000,
  ) {}

  async find(cep: string): Promise<CepAddress | null> {
    const cached = this.cache.get(cep);
    if (cached && cached.until > Date.now()) return cached.value;
    let lastError: unknown = new CepUnavailable('nenhum serviço de CEP configurado');
    for (const provider of this.providers) {
      try {
        const value = await provider.lookup(cep);
        if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
        this.cache.set(cep, { value, until: Date.now() + this.ttlMs });
        return value;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError instanceof CepUnavailable ? lastError : new CepUnavailable(String(lastError));
  }
}
