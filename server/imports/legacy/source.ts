import { z } from 'zod';

/** Why a run against the previous system stopped, in words the office can act on (kept in the import's record). */
export class LegacyError extends Error {}

export interface SourceLimits {
  /** Each call's time, headers and body included. */
  callMs: number;
  /** The whole reading of the source. */
  totalMs: number;
  /** The largest JSON answer read. */
  maxJsonBytes: number;
  /** The largest file (a photo, a PDF) read. */
  maxFileBytes: number;
}

export const DEFAULT_LIMITS: SourceLimits = {
  callMs: 30_000,
  totalMs: 30 * 60_000,
  maxJsonBytes: 50 * 1024 * 1024,
  maxFileBytes: 20 * 1024 * 1024,
};

/** How many redirects within the same host are followed (a trailing slash, http → https is another origin: none). */
const MAX_REDIRECTS = 3;

/**
 * The address an administrator typed, as the API root: only http(s), no user or password in it, `/api` added when
 * missing. Answers the message of a 422 when it is not one.
 */
export function apiRoot(typed: string): URL | string {
  let url: URL;
  try {
    url = new URL(typed.trim());
  } catch {
    return 'Informe o endereço do sistema anterior, começando com http:// ou https://.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'O endereço do sistema anterior deve começar com http:// ou https://.';
  if (url.username || url.password) return 'O endereço não pode conter usuário ou senha.';
  url.search = '';
  url.hash = '';
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/api') ? path : `${path}/api`;
  return url;
}

/**
 * A client of the previous system's `/api` (../shared/spec): sign in, then read JSON and files with the token. Every
 * call has its own timeout and the whole reading a cap; answers are read up to a size and never followed to another
 * host. The token and the password stay in this object: errors name the path, never them.
 */
export class LegacySource {
  private token?: string;
  private readonly deadline: number;

  constructor(
    readonly root: URL,
    private readonly limits: SourceLimits = DEFAULT_LIMITS,
    private readonly signal?: AbortSignal,
  ) {
    this.deadline = Date.now() + limits.totalMs;
  }

  get host(): string {
    return this.root.host;
  }

  private urlOf(path: string): URL {
    return new URL(this.root.pathname + path, this.root);
  }

  private async call(target: string | URL, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    let url = typeof target === 'string' ? this.urlOf(target) : target;
    const path = typeof target === 'string' ? target : target.pathname;
    for (let hop = 0; ; hop++) {
      const left = this.deadline - Date.now();
      if (left <= 0) throw new LegacyError('O sistema anterior demorou demais: a importação passou do tempo máximo.');
      const signals = [AbortSignal.timeout(Math.min(this.limits.callMs, left))];
      if (this.signal) signals.push(this.signal);
      const headers: Record<string, string> = { accept: 'application/json' };
      // The contract's scheme; the original client sends the token as stored, the server accepts both forms.
      if (this.token) headers.authorization = `Bearer ${this.token}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetch(url, {
          method: init.method ?? 'GET',
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          redirect: 'manual',
          signal: AbortSignal.any(signals),
        });
      } catch (error) {
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
          throw new LegacyError(`O sistema anterior não respondeu a tempo (${path.split('?')[0]}).`);
        throw new LegacyError(`Não foi possível conectar ao sistema anterior em ${this.root.host}.`);
      }
      if (response.status < 300 || response.status >= 400) return response;
      await response.body?.cancel();
      const location = response.headers.get('location');
      const next = location ? new URL(location, url) : undefined;
      // Only within the same origin: a redirect elsewhere would carry the token (or the password) to another server.
      if (!next || next.origin !== this.root.origin || hop >= MAX_REDIRECTS)
        throw new LegacyError('O sistema anterior redirecionou para outro endereço; a importação foi interrompida.');
      url = next;
    }
  }

  /** The body up to `max` bytes, or a LegacyError: a server may send gigabytes. */
  private async read(response: Response, max: number, path: string): Promise<Buffer> {
    const declared = Number(response.headers.get('content-length') ?? 0);
    const tooBig = () => new LegacyError(`Uma resposta do sistema anterior é grande demais (${path.split('?')[0]}).`);
    if (declared > max) {
      await response.body?.cancel();
      throw tooBig();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    try {
      for (;;) {
        if (!reader) break;
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > max) {
          await reader.cancel();
          throw tooBig();
        }
        chunks.push(Buffer.from(value));
      }
    } catch (error) {
      if (error instanceof LegacyError) throw error;
      throw new LegacyError(`O sistema anterior não respondeu a tempo (${path.split('?')[0]}).`);
    }
    return Buffer.concat(chunks);
  }

  private async jsonOf(response: Response, path: string): Promise<unknown> {
    const body = await this.read(response, this.limits.maxJsonBytes, path);
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw new LegacyError(`O sistema anterior respondeu algo que não é JSON (${path.split('?')[0]}).`);
    }
  }

  async login(email: string, password: string): Promise<void> {
    const response = await this.call('/auth/login', { method: 'POST', body: { email, password } });
    if (response.status === 401 || response.status === 422 || response.status === 403) {
      await response.body?.cancel();
      throw new LegacyError('O sistema anterior recusou o e-mail ou a senha informados.');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new LegacyError(`O sistema anterior respondeu ${response.status} ao login.`);
    }
    const parsed = z
      .object({ access_token: z.string().min(1).max(4096) })
      .safeParse(await this.jsonOf(response, '/auth/login'));
    if (!parsed.success) throw new LegacyError('O login no sistema anterior não devolveu um token.');
    // A client that stored "Bearer <token>" (the contract's quirk): the scheme is added once, here.
    this.token = parsed.data.access_token.replace(/^Bearer\s+/i, '');
  }

  /** A JSON answer checked against `schema`: anything else stops the run before a row is written. */
  async get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const response = await this.call(path);
    if (!response.ok) {
      await response.body?.cancel();
      throw new LegacyError(`O sistema anterior respondeu ${response.status} em ${path.split('?')[0]}.`);
    }
    const parsed = schema.safeParse(await this.jsonOf(response, path));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` (campo ${issue.path.join('.')})` : '';
      throw new LegacyError(`Resposta inesperada do sistema anterior em ${path.split('?')[0]}${where}.`);
    }
    return parsed.data;
  }

  /**
   * Every row of a list: all at once with `page=0&perPage=99999` as the contract's selects ask, and page by page
   * when the server answers fewer rows than its total.
   */
  async all<T>(path: string, row: z.ZodType<T>): Promise<T[]> {
    const sep = path.includes('?') ? '&' : '?';
    const page = z.object({
      data: z.array(row).max(200_000),
      total: z.coerce.number().int().nonnegative().optional(),
      last_page: z.coerce.number().int().nonnegative().max(100_000).optional(),
    });
    const first = await this.get(`${path}${sep}page=0&perPage=99999`, page);
    if (first.total === undefined || first.data.length >= first.total) return first.data;
    const rows: T[] = [];
    for (let n = 1; ; n++) {
      const next = await this.get(`${path}${sep}page=${n}&perPage=100`, page);
      rows.push(...next.data);
      if (next.data.length === 0 || n >= (next.last_page ?? n) || rows.length >= (next.total ?? 0)) return rows;
    }
  }

  /**
   * A file at an address the source gave (a registration's `file_url_contract`): a path under its `/api` as this
   * project answers it (`/exports/student-contract/1/2`), or a whole address on the same server. Null for an
   * address on another server: the token never goes there.
   */
  async fileAt(reference: string): Promise<Buffer | null> {
    let url: URL;
    try {
      url = /^https?:\/\//i.test(reference)
        ? new URL(reference)
        : new URL(
            reference.startsWith(`${this.root.pathname}/`) ? reference : this.root.pathname + reference,
            this.root,
          );
    } catch {
      return null;
    }
    if (url.origin !== this.root.origin) return null;
    return this.file(url);
  }

  /** A file (a photo, a PDF), or null when the source says it has none (404). */
  async file(target: string | URL): Promise<Buffer | null> {
    const path = typeof target === 'string' ? target : target.pathname;
    const response = await this.call(target);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new LegacyError(`O sistema anterior respondeu ${response.status} em ${path.split('?')[0]}.`);
    }
    return this.read(response, this.limits.maxFileBytes, path);
  }
}
