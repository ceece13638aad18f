import http from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../../resources';
import type { RouteInfo } from '../../../server/app';
import { TokenStore } from '../../../server/auth/tokens';
import { portalSessions } from '../../../server/portal/sessions';
import { dynamic, type DialectName } from '../../../server/db/connection';
import { seedGuardians, seedStudents } from '../../../server/seed/students';
import {
  bodyProbes,
  configFields,
  fillPath,
  idProbes,
  listProbes,
  resourceOf,
  type Body,
  type Fixtures,
} from './fuzz-plan';
import { FUZZER, GENERIC_BODY, knownBodies } from './fuzz-bodies';
import { Fuzzer, type Probe } from './fuzz-run';
import { startServer, type TestServer } from './server';

/**
 * Every route the app registers, with bad values in every field and parameter: never a 5xx, and no
 * refused request changes a row. Routes join by being registered; nothing here lists them.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const vapid = webpush.generateVAPIDKeys();

/** A stand-in for the postal-code services: one CEP exists, every other does not. */
async function fakeCep(): Promise<{ url: string; close: () => Promise<unknown> }> {
  const server = http.createServer((req, res) => {
    const known = req.url === '/ws/66010000/json/';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        known
          ? { cep: '66010-000', logradouro: 'Rua Fuzz', bairro: 'Centro', localidade: 'Belém', uf: 'PA' }
          : { erro: true },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

/**
 * The fuzz on one database: tests/api/fuzz.test.ts runs it on SQLite and tests/api/fuzz-postgres.test.ts on
 * PostgreSQL, two files so that the API run's two workers can take one each.
 */
export function fuzzSuite(dialect: DialectName): void {
  // In steps, never shuffled: writes, then reads, then deletes (which remove the rows the others use), and
  // last the check that every registered route was fuzzed by one of them.
  describe(`fuzz: no bad input answers 5xx or changes a row [${dialect}]`, { shuffle: false }, () => {
    let server: TestServer;
    let cep: Awaited<ReturnType<typeof fakeCep>>;
    let fuzzer: Fuzzer;
    let portalFuzzer: Fuzzer;
    let fx: Fixtures;
    let bodies: Record<string, Body>;
    const covered = new Set<string>();

    beforeAll(async () => {
      cep = await fakeCep();
      server = await startServer(dialect, {
        cep: { viaCepUrl: cep.url, brasilApiUrl: cep.url },
        payments: { sandbox: true },
        // Web Push on, so its routes get past "not enabled" to their validation.
        push: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:fuzz@escola.test' },
        prepare: async (db) => {
          const teams = await dynamic(db).selectFrom('teams').select('id').orderBy('id').execute();
          await seedStudents(dynamic(db), teams.map((t) => Number(t.id)).slice(0, 2), new Date());
          await seedGuardians(dynamic(db), new Date());
        },
      });
      const admin = await server.login();
      const call = (method: string, path: string, body?: unknown) =>
        server.request(method, path, { token: admin, body });
      // The fuzz signs in as a user of its own: changing or deleting the first user never signs it out.
      const created = await call('POST', '/api/users', FUZZER);
      expect(created.status).toBe(201);
      const k = dynamic(server.db);
      const registration = await k
        .selectFrom('registrations')
        .select(['student_id', 'team_id'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const student = Number(registration.student_id);
      expect(
        (await call('POST', `/api/students/${student}/observations`, { observation: 'Primeira observação.' })).status,
      ).toBe(201);
      expect(
        (
          await call('POST', '/api/books', {
            student_id: student,
            registration_number: '1',
            book_number: '1',
            page_number: '1',
          })
        ).status,
      ).toBe(201);
      const key = await server.storage.put('documents', 'pdf', PDF);
      const now = new Date().toISOString();
      const document = {
        student_id: student,
        type: 'CERTIFICATE',
        code: 'CERT_FUZZ_000001',
        folder: 'certificate',
        file_name: key.slice('documents/'.length),
        created_at: now,
        updated_at: now,
      };
      await k.insertInto('documents').values(document).execute();
      // A payment plan (issue 27): the generated routes of payment-plans start from a stored one.
      await k
        .insertInto('payment_plans')
        .values({
          name: 'Mensalidade 2027 — Ensino Fundamental',
          service_type_id: Number((await k.selectFrom('service_types').select('id').executeTakeFirstOrThrow()).id),
          payment_type_id: Number((await k.selectFrom('payment_types').select('id').executeTakeFirstOrThrow()).id),
          instalments: 12,
          value_cents: 125000,
          due_day: 10,
          first_month: '2027-02',
          created_at: now,
          updated_at: now,
        })
        .execute();
      // The captcha secret is made on first use: made now, so that a refused public request does not look like a
      // change.
      expect((await call('GET', '/api/captcha/challenge')).status).toBe(200);

      const ids: Record<string, number> = {};
      for (const table of [
        'students',
        'teams',
        'grids',
        'grid_templates',
        'disciplines',
        'stages',
        'books',
        'registrations',
        'documents',
        'observations',
        'users',
        'outbox',
        ...resources.map((r) => r.table),
      ]) {
        const row = await k
          .selectFrom(table)
          .select((eb) => eb.fn.min('id').as('id'))
          .executeTakeFirst();
        if (row?.id != null) ids[table] = Number(row.id);
      }
      fx = {
        ids,
        registration: { student_id: student, team_id: Number(registration.team_id) },
        document,
        cep: '66010000',
      };
      const otherTeam = (
        await k
          .selectFrom('teams')
          .select('id')
          .where('id', '!=', registration.team_id)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
      bodies = knownBodies(fx, Number(otherTeam));

      // Sessions of the fuzz user straight from the session store: a sign-in through the route costs a password hash.
      const sessions = new TokenStore(server.db, 1);
      const signIn = () => sessions.issue(created.body.data.id);
      fuzzer = new Fuzzer(server, signIn, await signIn());
      session = signIn;
      await fuzzer.start();
      // The family portal's routes with a portal session: the guardian of the enrolled student, with an account.
      const guardian = await k
        .selectFrom('student_guardians')
        .select('guardian_id')
        .where('student_id', '=', student)
        .executeTakeFirstOrThrow();
      const account = await k
        .insertInto('portal_accounts')
        .values({
          guardian_id: guardian.guardian_id,
          email: 'familia.fuzz@exemplo.com',
          invited_at: now,
          activated_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const portal = portalSessions(server.db, 1);
      const portalSignIn = () => portal.issue(Number(account.id));
      portalFuzzer = new Fuzzer(server, portalSignIn, await portalSignIn(), 4, {
        method: 'GET',
        path: '/api/portal/me',
        label: 'sessão do portal',
      });
      portalSession = portalSignIn;
      await portalFuzzer.start();
    });
    afterAll(async () => {
      await server?.close();
      await cep?.close();
    });

    /**
     * The body a write route starts from: a stored record for the generated routes, a known body, what GET answers on
     * the same path, or a generic one.
     */
    async function baseBody(route: RouteInfo, token: string): Promise<{ base: Body; fields: string[] }> {
      const config = resourceOf(route, resources);
      if (config) {
        const answer = (await server.request('GET', `/api${config.apiPath}/${fx.ids[config.table]}`, { token })).body;
        // A list whose first item is the record; the record itself where the config says (`recordAnswer`).
        const record = (Array.isArray(answer) ? answer[0] : answer) as Body;
        const fields = configFields(config);
        const base = Object.fromEntries(
          fields.filter((f) => record[f] !== undefined && typeof record[f] !== 'object').map((f) => [f, record[f]]),
        );
        return { base: route.url.endsWith('/:id') ? { ...base, _method: 'PUT' } : base, fields };
      }
      const known = bodies[`${route.method} ${route.url}`];
      if (known) return { base: known, fields: [] };
      if (server.app.apiRoutes.some((r) => r.method === 'GET' && r.url === route.url)) {
        const answer = (await server.request('GET', fillPath(route.url, fx, resources), { token })).body;
        const data = (Array.isArray(answer) ? answer[0] : answer?.data) as Body | undefined;
        if (data && typeof data === 'object') return { base: data, fields: [] };
      }
      return { base: GENERIC_BODY, fields: [] };
    }

    let session: () => Promise<string>;
    let portalSession: () => Promise<string>;
    /** The session and the fuzzer of a route: the staff's, or the family portal's for a portal route. */
    const sessionOf = (route: RouteInfo) => (route.portal ? portalSession() : session());
    const fuzzerOf = (route: RouteInfo) => (route.portal ? portalFuzzer : fuzzer);
    const name = (route: RouteInfo) => `${route.method} ${route.url}`;

    async function fuzzWrite(route: RouteInfo): Promise<void> {
      const { base, fields } = await baseBody(route, await sessionOf(route));
      const path = fillPath(route.url, fx, resources);
      const formsOnly =
        route.method === 'POST' && route.url.endsWith('/:id') && resourceOf(route, resources) !== undefined;
      const probes: Probe[] = [
        ...bodyProbes(route.method, path, base, fields, formsOnly),
        ...idProbes(route, fx, resources, base),
      ];
      await fuzzerOf(route).run(name(route), probes);
      covered.add(name(route));
    }

    async function fuzzRead(route: RouteInfo): Promise<void> {
      await fuzzerOf(route).run(name(route), [...listProbes(route, fx, resources), ...idProbes(route, fx, resources)]);
      covered.add(name(route));
    }

    const reads = () => server.app.apiRoutes.filter((r) => !['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    const writes = () => server.app.apiRoutes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    // The family portal's deletes first: the staff's (a guardian's portal access) revoke the fuzzed family's account,
    // after which no portal session opens and every portal probe would only meet a 401.
    const deletes = () =>
      server.app.apiRoutes
        .filter((r) => r.method === 'DELETE')
        .sort((a, b) => Number(Boolean(b.portal)) - Number(Boolean(a.portal)));

    it('writes (POST, PUT, PATCH): bad values in every field, bad bodies, bad ids', { timeout: 240_000 }, async () => {
      for (const route of writes()) await fuzzWrite(route);
      expect([...fuzzer.failures, ...portalFuzzer.failures]).toEqual([]);
    });

    it('reads: bad list parameters and bad ids on every GET route', { timeout: 240_000 }, async () => {
      // GET routes that remove something (a legacy of the contract) run after the others, so the rest still find their
      // rows.
      const ordered = [...reads()].sort(
        (a, b) => Number(/remove|delete/.test(a.url)) - Number(/remove|delete/.test(b.url)),
      );
      for (const route of ordered) await fuzzRead(route);
      expect([...fuzzer.failures, ...portalFuzzer.failures]).toEqual([]);
    });

    it('deletes, last: bad ids and bad bodies, then the existing rows', { timeout: 240_000 }, async () => {
      for (const route of deletes()) {
        const path = fillPath(route.url, fx, resources);
        const attacks = bodyProbes('DELETE', path, {}, []);
        await fuzzerOf(route).run(name(route), [...idProbes(route, fx, resources), ...attacks]);
        covered.add(name(route));
      }
      expect([...fuzzer.failures, ...portalFuzzer.failures]).toEqual([]);
    });

    it('skipped no route and fuzzed each private one while signed in', () => {
      expect([...covered].sort()).toEqual(server.app.apiRoutes.map(name).sort());
      // The paths each fuzzer's probes reached while signed in (not a 401), by method; each route's pattern is made
      // once and tried on its method's paths only, not made again for each of tens of thousands of probes (that
      // took ~7 s of CPU per database).
      const reached = new Map<Fuzzer, Map<string, string[]>>();
      for (const f of [fuzzer, portalFuzzer]) {
        const byMethod = new Map<string, string[]>();
        for (const o of f.outcomes) {
          if (o.status === 401) continue;
          const paths = byMethod.get(o.probe.method) ?? [];
          byMethod.set(o.probe.method, paths);
          paths.push(o.probe.path);
        }
        reached.set(f, byMethod);
      }
      for (const route of server.app.apiRoutes.filter((r) => !r.public)) {
        const instance = pathPattern(route.url);
        const answered = (reached.get(fuzzerOf(route))!.get(route.method) ?? []).filter((p) => instance.test(p));
        expect(answered.length, name(route)).toBeGreaterThan(0);
      }
    });
  });
}

/** What a probe's path matches when it is an instance of a route's pattern. */
function pathPattern(url: string): RegExp {
  return new RegExp(`^${url.replace(/:\w+/g, '[^/]+').replace(/\*$/, '.*')}(\\?.*)?$`);
}
