import { createHash } from 'node:crypto';
import http from 'node:http';
import { sql, type RawBuilder } from 'kysely';
import type { TestServer } from './server';

/** Connections kept open between probes, as fetch keeps them (a new one for every probe costs both ends). */
const agent = new http.Agent({ keepAlive: true });

/** One request of the fuzz suite. */
export interface Probe {
  method: string;
  path: string;
  label: string;
  /**
   * Expected to be refused wherever it is sent: such probes are sent apart, so one accepted neighbour does not make
   * them be sent twice.
   */
  refused?: boolean;
  contentType?: string;
  body?: string | FormData;
}

/**
 * Sessions are left out of the digest: every sign-in (the login route is fuzzed too, and some answer
 * 200) adds one, and a sign-out removes one. So are the sign-in failure counters: counting a refused
 * sign-in is their whole purpose. Everything else a refused request must leave alone.
 */
const BOOKKEEPING = new Set(['auth_tokens', 'portal_sessions', 'login_failures']);

async function tablesOf(server: TestServer): Promise<string[]> {
  const rows =
    server.dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          server.db.kysely,
        )
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(server.db.kysely);
  return rows.rows
    .map((r) => r.name)
    .filter((name) => !BOOKKEEPING.has(name))
    .sort();
}

/**
 * A hash of every row of every table but the bookkeeping ones, per table; the database reads them in one round trip.
 */
async function digest(server: TestServer, tables: string[]): Promise<Map<string, string>> {
  const parts = await Promise.all(tables.map((t) => tableText(server, t)));
  const rows = await sql<{ name: string; rows: string | null }>`${sql.join(parts, sql` union all `)}`.execute(
    server.db.kysely,
  );
  return new Map(
    rows.rows.map((row) => [
      row.name,
      createHash('md5')
        .update(row.rows ?? '')
        .digest('hex'),
    ]),
  );
}

const tableTexts = new Map<string, RawBuilder<unknown>>();

/**
 * A query answering a table's name and all its rows as one text, in a stable order (PostgreSQL prints a row itself;
 * SQLite is given its columns).
 */
async function tableText(server: TestServer, table: string): Promise<RawBuilder<unknown>> {
  const key = `${server.dialect}:${table}`;
  if (!tableTexts.has(key)) {
    if (server.dialect === 'postgres') {
      tableTexts.set(
        key,
        sql`select ${sql.lit(table)} as name, string_agg(r::text, '|' order by r::text) as rows from ${sql.table(table)} r`,
      );
    } else {
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(
        server.db.kysely,
      );
      const line = sql.join(
        columns.rows.map((c) => sql`quote(r.${sql.ref(c.name)})`),
        sql` || ',' || `,
      );
      tableTexts.set(
        key,
        sql`select ${sql.lit(table)} as name, (select group_concat(line, '|') from (select ${line} as line from ${sql.table(table)} r order by line)) as rows`,
      );
    }
  }
  return tableTexts.get(key)!;
}

const changed = (before: Map<string, string>, after: Map<string, string>) =>
  [...before.keys()].filter((t) => before.get(t) !== after.get(t));
const refused = (status: number) => status >= 400 && status < 500;

export interface Outcome {
  probe: Probe;
  status: number;
}

/**
 * Sends probes a few at a time and collects what must never happen: a 5xx (or no answer at all), and
 * a refused (4xx) request that changed a row.
 */
export class Fuzzer {
  readonly failures: string[] = [];
  readonly outcomes: Outcome[] = [];
  private tables: string[] = [];
  /**
   * The digest the last attempt ended with, while nothing but this fuzzer's own probes and its session check (a read)
   * has reached the server since: the next attempt starts from it instead of reading every table again.
   */
  private lastDigest: Map<string, string> | null = null;

  constructor(
    private readonly server: TestServer,
    private readonly signIn: () => Promise<string>,
    private token: string,
    private readonly concurrency = 4,
    /** A request that answers 200 while the session lives (a family portal session: `GET /api/portal/me`). */
    private readonly sessionProbe: Probe = { method: 'POST', path: '/api/auth/me', label: 'sessão' },
  ) {}

  async start(): Promise<void> {
    this.tables = await tablesOf(this.server);
  }

  /**
   * One probe over node:http on kept-alive connections, sent as `fetch` would send it (the path normalised by URL, a
   * text body marked text/plain, a form as multipart), but without fetch's streams around every answer: tens of
   * thousands of probes run through here on each database.
   */
  private async send(probe: Probe, token: string): Promise<number> {
    const url = new URL(`${this.server.url}${probe.path}`);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    let body: Buffer | undefined;
    if (typeof probe.body === 'string') {
      body = Buffer.from(probe.body);
      headers['content-type'] = 'text/plain;charset=UTF-8';
    } else if (probe.body) {
      const encoded = new Response(probe.body);
      body = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type')!;
    }
    if (probe.contentType) headers['content-type'] = probe.contentType;
    if (body || ['POST', 'PUT', 'PATCH'].includes(probe.method)) headers['content-length'] = String(body?.length ?? 0);
    return new Promise((resolve) => {
      const request = http.request(
        { host: url.hostname, port: url.port, method: probe.method, path: url.pathname + url.search, headers, agent },
        (response) => {
          response.on('error', () => resolve(0));
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.resume();
        },
      );
      request.on('error', () => resolve(0));
      request.end(body);
    });
  }

  private async sendAll(probes: Probe[], tokenFor: () => Promise<string>): Promise<Outcome[]> {
    const outcomes: Outcome[] = new Array(probes.length);
    let next = 0;
    const worker = async () => {
      while (next < probes.length) {
        const i = next++;
        outcomes[i] = { probe: probes[i], status: await this.send(probes[i], await tokenFor()) };
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, probes.length) }, worker));
    return outcomes;
  }

  private async attempt(probes: Probe[], tokenFor: () => Promise<string>) {
    const before = this.lastDigest ?? (await digest(this.server, this.tables));
    const outcomes = await this.sendAll(probes, tokenFor);
    const after = await digest(this.server, this.tables);
    this.lastDigest = after;
    return { outcomes, before, after };
  }

  private async signedIn(): Promise<boolean> {
    return (await this.send(this.sessionProbe, this.token)) === 200;
  }

  private flagErrors(outcomes: Outcome[]): void {
    for (const { probe, status } of outcomes) {
      if (status >= 500 || status === 0)
        this.failures.push(
          `${probe.method} ${probe.path.slice(0, 120)} [${probe.label}] → ${status || 'sem resposta'}`,
        );
    }
  }

  private flagChanges(
    name: string,
    refusedProbes: Probe[],
    before: Map<string, string>,
    after: Map<string, string>,
  ): void {
    const tables = changed(before, after);
    if (tables.length === 0) return;
    const labels = refusedProbes
      .slice(0, 5)
      .map((p) => `${p.method} ${p.path.slice(0, 80)} [${p.label}]`)
      .join('; ');
    this.failures.push(`${name}: pedidos recusados mudaram ${tables.join(', ')} (${refusedProbes.length}: ${labels})`);
  }

  /** One route's probes: those expected to be refused first, then the rest. */
  async run(name: string, probes: Probe[]): Promise<void> {
    // Between two routes the suite itself calls the server (a good body read with GET may log an access): read anew.
    this.lastDigest = null;
    await this.check(
      name,
      probes.filter((p) => p.refused),
    );
    await this.check(
      name,
      probes.filter((p) => !p.refused),
    );
  }

  private async check(name: string, probes: Probe[]): Promise<void> {
    if (probes.length === 0) return;
    let result = await this.attempt(probes, async () => this.token);
    if (!(await this.signedIn())) {
      // The route ended the session (a sign-out): sign in again and give each probe a session of its own.
      this.token = await this.signIn();
      this.lastDigest = null;
      result = await this.attempt(probes, this.signIn);
    }
    const { outcomes } = result;
    this.outcomes.push(...outcomes);
    this.flagErrors(outcomes);
    const refusedProbes = outcomes.filter((o) => refused(o.status)).map((o) => o.probe);
    if (refusedProbes.length === outcomes.length)
      return this.flagChanges(name, refusedProbes, result.before, result.after);
    if (refusedProbes.length === 0 || changed(result.before, result.after).length === 0) return;
    // Accepted requests changed rows alongside: the refused ones are sent again on their own.
    const again = await this.attempt(refusedProbes, async () => this.token);
    this.flagErrors(again.outcomes);
    const stillRefused = again.outcomes.filter((o) => refused(o.status)).map((o) => o.probe);
    if (stillRefused.length === again.outcomes.length)
      return this.flagChanges(name, stillRefused, again.before, again.after);
    for (const probe of stillRefused) {
      const one = await this.attempt([probe], async () => this.token);
      this.flagErrors(one.outcomes);
      if (refused(one.outcomes[0].status)) this.flagChanges(name, [probe], one.before, one.after);
    }
  }
}
