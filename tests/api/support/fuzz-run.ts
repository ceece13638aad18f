import http from 'node:http';
import { sql } from 'kysely';
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
 * Sessions are left out of the watch: every sign-in (the login route is fuzzed too, and some answer 200) adds one,
 * and a sign-out removes one. So are the sign-in failure counters: counting a refused sign-in is their whole purpose.
 * Everything else a refused request must leave alone.
 */
const BOOKKEEPING = new Set(['auth_tokens', 'portal_sessions', 'login_failures']);

/**
 * The fuzz's own log, outside the app's tables: a line per row that a statement inserted, deleted or really changed
 * (an UPDATE to the same values is no change), written by triggers on every watched table. Reading its length before
 * and after a batch replaces hashing every row of every table per batch (on SQLite ~14 ms of CPU per digest once the
 * fuzz has written its rows, against ~0.2 ms for the log's length; ~1,000 batches per database).
 */
const LOG = 'fuzz_changes';

/**
 * SQLite's FTS5 index of a searched table and its shadow tables (server/db/search-ddl.ts): no trigger goes on them,
 * and none is needed, as only the triggers of the table they index write them.
 */
const SQLITE_SEARCH_INDEX = /_fts(_(config|data|docsize|idx|content))?$/;

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
    .filter((name) => !BOOKKEEPING.has(name) && name !== LOG && !SQLITE_SEARCH_INDEX.test(name))
    .sort();
}

/** The log and a trigger on every watched table for each kind of write. */
async function watch(server: TestServer, tables: string[]): Promise<void> {
  const k = server.db.kysely;
  const log = sql.table(LOG);
  if (server.dialect === 'postgres') {
    await sql`create table ${log} (id bigserial primary key, name text not null)`.execute(k);
    await sql`create function fuzz_changed() returns trigger language plpgsql as $$
      begin insert into fuzz_changes (name) values (tg_table_name); return null; end $$`.execute(k);
    for (const table of tables) {
      const t = sql.table(table);
      await sql`create trigger ${sql.ref(`fuzz_${table}_rows`)} after insert or delete on ${t}
        for each row execute function fuzz_changed()`.execute(k);
      await sql`create trigger ${sql.ref(`fuzz_${table}_update`)} after update on ${t}
        for each row when (old.* is distinct from new.*) execute function fuzz_changed()`.execute(k);
      await sql`create trigger ${sql.ref(`fuzz_${table}_truncate`)} after truncate on ${t}
        for each statement execute function fuzz_changed()`.execute(k);
    }
    return;
  }
  await sql`create table ${log} (id integer primary key autoincrement, name text not null)`.execute(k);
  for (const table of tables) {
    const t = sql.table(table);
    const line = sql`insert into ${log} (name) values (${sql.lit(table)})`;
    const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(k);
    const differs = sql.join(
      columns.rows.map((c) => sql`old.${sql.ref(c.name)} is not new.${sql.ref(c.name)}`),
      sql` or `,
    );
    await sql`create trigger ${sql.ref(`fuzz_${table}_insert`)} after insert on ${t} begin ${line}; end`.execute(k);
    await sql`create trigger ${sql.ref(`fuzz_${table}_delete`)} after delete on ${t} begin ${line}; end`.execute(k);
    await sql`create trigger ${sql.ref(`fuzz_${table}_update`)} after update on ${t} when ${differs}
      begin ${line}; end`.execute(k);
  }
}

/** How far the log has grown: its lines and its last id. */
interface Mark {
  lines: number;
  last: number;
}

async function markOf(server: TestServer): Promise<Mark> {
  const { rows } = await sql<{
    lines: string | number;
    last: string | number | null;
  }>`select count(*) as lines, max(id) as last from ${sql.table(LOG)}`.execute(server.db.kysely);
  return { lines: Number(rows[0].lines), last: Number(rows[0].last ?? 0) };
}

/** The tables written since `before` (none when the log has not grown). */
async function changedSince(server: TestServer, before: Mark, after: Mark): Promise<string[]> {
  if (after.lines === before.lines) return [];
  const { rows } = await sql<{
    name: string;
  }>`select distinct name from ${sql.table(LOG)} where id > ${before.last} order by name`.execute(server.db.kysely);
  // A line written with a smaller id than one already read (a transaction that committed late) is named all the same.
  return rows.length ? rows.map((r) => r.name) : ['(tabela não identificada)'];
}

const refused = (status: number) => status >= 400 && status < 500;

/** The servers whose tables are watched already (the staff's and the family's fuzzers share one). */
const watched = new WeakSet<TestServer>();

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
  /**
   * Where the log stood when the last attempt ended, while nothing but this fuzzer's own probes and its session check
   * (a read) has reached the server since: the next attempt starts from it.
   */
  private lastMark: Mark | null = null;

  constructor(
    private readonly server: TestServer,
    private readonly signIn: () => Promise<string>,
    private token: string,
    private readonly concurrency = 4,
    /** A request that answers 200 while the session lives (a family portal session: `GET /api/portal/me`). */
    private readonly sessionProbe: Probe = { method: 'POST', path: '/api/auth/me', label: 'sessão' },
  ) {}

  /** Watches the server's tables; once per server, by the first of its fuzzers. */
  async start(): Promise<void> {
    if (watched.has(this.server)) return;
    watched.add(this.server);
    await watch(this.server, await tablesOf(this.server));
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
    const before = this.lastMark ?? (await markOf(this.server));
    const outcomes = await this.sendAll(probes, tokenFor);
    const after = await markOf(this.server);
    this.lastMark = after;
    return { outcomes, changed: await changedSince(this.server, before, after) };
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

  private flagChanges(name: string, refusedProbes: Probe[], tables: string[]): void {
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
    this.lastMark = null;
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
      this.lastMark = null;
      result = await this.attempt(probes, this.signIn);
    }
    const { outcomes } = result;
    this.outcomes.push(...outcomes);
    this.flagErrors(outcomes);
    const refusedProbes = outcomes.filter((o) => refused(o.status)).map((o) => o.probe);
    if (refusedProbes.length === outcomes.length) return this.flagChanges(name, refusedProbes, result.changed);
    if (refusedProbes.length === 0 || result.changed.length === 0) return;
    // Accepted requests changed rows alongside: the refused ones are sent again on their own.
    const again = await this.attempt(refusedProbes, async () => this.token);
    this.flagErrors(again.outcomes);
    const stillRefused = again.outcomes.filter((o) => refused(o.status)).map((o) => o.probe);
    if (stillRefused.length === again.outcomes.length) return this.flagChanges(name, stillRefused, again.changed);
    for (const probe of stillRefused) {
      const one = await this.attempt([probe], async () => this.token);
      this.flagErrors(one.outcomes);
      if (refused(one.outcomes[0].status)) this.flagChanges(name, [probe], one.changed);
    }
  }
}
