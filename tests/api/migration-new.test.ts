import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceConfig } from '../../resources';
import type { Db } from '../../server/db/connection';
import { migrations } from '../../server/db/migrations';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

/**
 * "Como adicionar um campo", step by step as docs/desenvolvimento/como-adicionar-um-campo.md says it, in a copy of
 * the project (the repository is never written to): the field goes into the copy's resources/polos.ts, the page's own
 * command writes the migration, and a school that already ran every earlier migration and holds the demo's rows is
 * migrated by the copy's code and served with the copy's configs.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MIGRATIONS = path.join('server', 'db', 'migrations');
const exec = promisify(execFile);

const SECTION = fs.readFileSync(path.join(ROOT, 'docs', 'desenvolvimento', 'como-adicionar-um-campo.md'), 'utf8');

/** The number after the last migration this code ships: the only one a school that ran them all accepts. */
const number = (n: number) => String(n).padStart(4, '0');
const LAST = Number(Object.keys(migrations).sort().at(-1)!.slice(0, 4));
const NEXT = number(LAST + 1);

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

/** What `npm run migration:new` needs of the project, in a temporary directory of its own. */
function copyProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-campo-'));
  copies.push(dir);
  for (const part of ['server', 'resources', 'reports', 'package.json', 'tsconfig.json']) {
    fs.cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run migration:new -- …args` in the copy. */
async function migrationNew(dir: string, args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await exec('npm', ['run', '--silent', 'migration:new', '--', ...args], { cwd: dir });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as Run;
    return { code, stdout, stderr };
  }
}

const listing = (dir: string) => fs.readdirSync(path.join(dir, MIGRATIONS)).sort();
const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

/** Adds fields to the copy's polos config; `names` are shown in the list, searched and on the form. */
function addToPolos(dir: string, fields: string[], names: string[]): void {
  const file = path.join(dir, 'resources', 'polos.ts');
  const before = fs.readFileSync(file, 'utf8');
  const quoted = names.map((n) => `'${n}'`).join(', ');
  const after = before
    .replace('    systemFields.createdAt,', `${fields.map((f) => `    ${f},\n`).join('')}    systemFields.createdAt,`)
    .replace("columns: ['id', 'name',", `columns: ['id', 'name', ${quoted},`)
    .replace(/(searchFields: \[[^\]]*)\]/, `$1, ${quoted}]`)
    .replace(/(formFields: \[[^\]]*)\]/, `$1, ${quoted}]`);
  // Each of the four places must have taken the names: a config the edit missed would prove nothing.
  expect(after.split(`'${names[0]}'`).length - before.split(`'${names[0]}'`).length).toBe(4);
  fs.writeFileSync(file, after);
}

/** The copy's code, as `npm start` in the copy would load it. */
async function copyCode(dir: string) {
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  const { resources } = (await load('resources/index.ts')) as { resources: ResourceConfig[] };
  const { migrateToLatest } = (await load('server/db/migrator.ts')) as {
    migrateToLatest: (db: Db) => Promise<string[]>;
  };
  const { missingColumns } = (await load('server/db/schema-check.ts')) as {
    missingColumns: (db: Db, configs: ResourceConfig[]) => Promise<string[]>;
  };
  return { resources, migrateToLatest, missingColumns };
}

/**
 * A server of the copy's configs on a school that ran every migration of the current code and holds the
 * demo's polos and teams; the copy's migrations are then run on it, as the server does when it starts.
 */
async function migratedSchool(dialect: Parameters<typeof startServer>[0], dir: string) {
  const copy = await copyCode(dir);
  const school = {
    applied: [] as string[],
    missing: [] as string[],
    server: undefined as unknown as TestServer,
    token: '',
  };
  school.server = await startServer(dialect, {
    resources: copy.resources,
    prepare: async (db) => {
      const before = await db.kysely
        .selectFrom('polos' as never)
        .select('name' as never)
        .execute();
      expect(before).toHaveLength(3);
      school.applied = await copy.migrateToLatest(db);
      school.missing = await copy.missingColumns(db, copy.resources);
      // What the server refuses to start with (server/main.ts): a migration written but not registered.
      expect(school.missing, 'campos sem coluna depois das migrações').toEqual([]);
    },
  });
  school.token = await school.server.session();
  return school;
}

/**
 * Made once for both databases: a copy of the project with its config edited and the command run on it (each
 * `npm run` is a fresh tsx, and each copy's code is imported anew). Each database then gets a school of its own.
 */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

const docsExample = once(async () => {
  const dir = copyProject();
  // Step 1: the field of the page's example, in the four places it names.
  const field = /fields: \[\.\.\., (\{ name: 'inep_code'.*\})\],/.exec(SECTION)?.[1];
  expect(field, 'o campo do exemplo da documentação').toBeDefined();
  addToPolos(dir, [field!], ['inep_code']);
  // Step 2: the page's command, as written.
  const command = /npm run migration:new -- (.+)/.exec(SECTION)?.[1];
  expect(command, 'o comando da documentação').toBeDefined();
  return { dir, run: await migrationNew(dir, command!.trim().split(/\s+/)) };
});

describeOnDatabases('a field added as the docs teach, on a school that already has data', (dialect) => {
  let dir: string;
  let run: Run;
  let school: Awaited<ReturnType<typeof migratedSchool>>;
  const call = (method: string, route: string, body?: unknown) =>
    school.server.request(method, route, { token: school.token, body });

  beforeAll(async () => {
    ({ dir, run } = await docsExample());
    // Step 3: the school's database, migrated by the copy's code.
    school = await migratedSchool(dialect, dir);
  });
  afterAll(async () => {
    await school?.server.close();
  });

  it('writes the next-numbered migration with the column the docs show, and registers it', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Migração criada: server/db/migrations/${NEXT}_polos_inep_code.ts`);
    expect(listing(dir)).toEqual([...listing(ROOT), `${NEXT}_polos_inep_code.ts`].sort());
    const written = read(dir, path.join(MIGRATIONS, `${NEXT}_polos_inep_code.ts`));
    const shown = /^ {3}(await db\.schema\.alterTable.*)$/m.exec(SECTION)?.[1];
    expect(shown).toBe("await db.schema.alterTable('polos').addColumn('inep_code', 'varchar(8)').execute();");
    expect(written).toContain(shown);
    const index = read(dir, path.join(MIGRATIONS, 'index.ts'));
    expect(index).toContain(`import { polosInepCode } from './${NEXT}_polos_inep_code';`);
    expect(index).toContain(`  '${NEXT}_polos_inep_code': polosInepCode,\n};`);
  });

  it('migrates the school once, keeps its rows, and leaves no field without a column', async () => {
    expect(school.applied).toEqual([`${NEXT}_polos_inep_code`]);
    expect(school.missing).toEqual([]);
    const { body } = await call('GET', '/api/polos?search=castanhal');
    expect(body.data).toEqual([
      expect.objectContaining({ name: 'Polo Castanhal', city: 'Castanhal', inep_code: null }),
    ]);
  });

  it('takes the field through the API: validation, create, update and search', async () => {
    const base = { name: 'Polo Marabá', city: 'Marabá', uf: 'PA' };
    const letters = await call('POST', '/api/polos', { ...base, inep_code: '1505a' });
    expect(letters.status).toBe(422);
    expect(letters.body.errors).toEqual({ inep_code: ['O campo Código INEP deve conter apenas números.'] });
    const long = await call('POST', '/api/polos', { ...base, inep_code: '150550001' });
    expect(long.body.errors).toEqual({ inep_code: ['O campo Código INEP pode ter no máximo 8 dígitos.'] });
    const created = await call('POST', '/api/polos', { ...base, inep_code: '15055000' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...base, inep_code: '15055000' });

    // A polo the school had before the field.
    const [old] = (await call('GET', '/api/polos?search=ananindeua')).body.data;
    const { id, name, city, uf, responsible, address, email, phone } = old;
    const updated = await call('PUT', `/api/polos/${id}`, {
      name,
      city,
      uf,
      responsible,
      address,
      email,
      phone,
      inep_code: '15012345',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // One record answers as a list of one, as the contract has it.
    expect((await call('GET', `/api/polos/${id}`)).body[0]).toMatchObject({
      name: 'Polo Sede Ananindeua',
      inep_code: '15012345',
    });

    const found = await call('GET', '/api/polos?search=15012345');
    expect(found.body.data.map((p: { name: string }) => p.name)).toEqual(['Polo Sede Ananindeua']);
    const list = await call('GET', '/api/polos?sortBy=name&sortDesc=0');
    expect(list.body.data.map((p: { inep_code: string | null }) => p.inep_code)).toEqual([
      null,
      null,
      '15055000',
      '15012345',
    ]);
  });
});

const everyType = once(async () => {
  const dir = copyProject();
  addToPolos(
    dir,
    [
      "{ name: 'opened_on', label: 'Inauguração', type: 'date', required: true }",
      "{ name: 'kind', label: 'Tipo', type: 'select', required: true, options: [{ value: 'sede', label: 'Sede' }, { value: 'extensao', label: 'Extensão' }], default: 'sede' }",
      "{ name: 'teaching_id', label: 'Ensino', type: 'reference', reference: { resource: 'teachings', embedAs: 'teaching', labelField: 'name' } }",
      "{ name: 'rooms', label: 'Salas', type: 'integer', min: 0, max: 500 }",
      "{ name: 'mec_code', label: 'Código MEC', type: 'text', maxLength: 12, unique: true, uniqueMessage: 'Código MEC já usado por outro polo.' }",
      "{ name: 'notes', label: 'Notas', type: 'textarea', maxLength: 2000 }",
      "{ name: 'rent', label: 'Aluguel', type: 'money' }",
      // Set by some process of the school, not on the form: a column all the same.
      "{ name: 'checked_at', label: 'Vistoria', type: 'datetime' }",
    ],
    ['opened_on', 'kind', 'teaching_id', 'rooms', 'mec_code', 'notes', 'rent'],
  );
  return { dir, run: await migrationNew(dir, ['polos_details', '--resource', 'polos']) };
});

describeOnDatabases('each field type gets its column, on both databases', (dialect) => {
  let dir: string;
  let run: Run;
  let school: Awaited<ReturnType<typeof migratedSchool>>;
  const call = (method: string, route: string, body?: unknown) =>
    school.server.request(method, route, { token: school.token, body });

  beforeAll(async () => {
    ({ dir, run } = await everyType());
    school = await migratedSchool(dialect, dir);
  });
  afterAll(async () => {
    await school?.server.close();
  });

  it('writes each column from its field and serves them all', async () => {
    expect(run.code, run.stderr).toBe(0);
    const written = read(dir, path.join(MIGRATIONS, `${NEXT}_polos_details.ts`));
    for (const line of [
      "addColumn('opened_on', 'varchar(10)')",
      "addColumn('kind', 'varchar(8)', (c) => c.notNull().defaultTo('sede'))",
      "addColumn('teaching_id', 'integer', (c) => c.references('teachings.id').onDelete('restrict'))",
      "addColumn('rooms', 'integer')",
      "addColumn('mec_code', 'varchar(12)')",
      "createIndex('polos_mec_code_unique').on('polos').column('mec_code').unique()",
      "addColumn('notes', 'text')",
      "addColumn('checked_at', timestampType(ctx))",
      // An amount lives in centavos, in `<name>_cents`.
      "addColumn('rent_cents', 'bigint')",
    ]) {
      // Whatever the line breaks of a long statement.
      expect(written.replace(/\s+/g, '')).toContain(line.replace(/\s+/g, ''));
    }
    expect(school.applied).toEqual([`${NEXT}_polos_details`]);
    expect(school.missing).toEqual([]);

    // The rows the school had take the default.
    const old = (await call('GET', '/api/polos?search=castanhal')).body.data[0];
    expect(old).toMatchObject({ name: 'Polo Castanhal', kind: 'sede', opened_on: null, rooms: null, checked_at: null });

    const body = {
      name: 'Polo Marabá',
      city: 'Marabá',
      uf: 'PA',
      opened_on: '15/03/2024',
      kind: 'extensao',
      teaching_id: 2,
      rooms: 12,
      mec_code: 'MEC-1',
      notes: 'Perto do rio.',
      rent: '1.250,50',
    };
    const created = await call('POST', '/api/polos', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      ...body,
      opened_on: '2024-03-15',
      teaching: { id: 2, name: 'Ensino Médio' },
      rent: 1250.5,
      rent_cents: 125050,
    });
    const again = await call('POST', '/api/polos', { ...body, name: 'Polo Tucuruí' });
    expect(again).toMatchObject({
      status: 422,
      body: { errors: { mec_code: ['Código MEC já usado por outro polo.'] } },
    });
    const dangling = await call('POST', '/api/polos', { ...body, mec_code: 'MEC-2', teaching_id: 999 });
    expect(dangling.status).toBe(422);
    expect((await call('GET', '/api/polos?search=mec-1')).body.total).toBe(1);
  });
});

describe('npm run migration:new refuses what would break a school', () => {
  // Each run is a fresh `npm run` with tsx, which takes seconds on a busy machine.
  it('refuses a bad name in Portuguese and writes nothing', { timeout: 120_000 }, async () => {
    const dir = copyProject();
    const index = read(dir, path.join(MIGRATIONS, 'index.ts'));
    // Refusals write nothing, so they may run side by side.
    const [numbered, spaced, none, unknown] = await Promise.all([
      migrationNew(dir, ['0003_polos_inep_code', '--resource', 'polos']),
      migrationNew(dir, ['Código INEP']),
      migrationNew(dir, []),
      migrationNew(dir, ['x_y', '--resource', 'escolas']),
    ]);
    expect(numbered.code).toBe(1);
    expect(numbered.stderr).toContain(
      'Nome de migração inválido: "0003_polos_inep_code". Não ponha o número: o comando dá o próximo sozinho',
    );
    expect(spaced.code).toBe(1);
    expect(spaced.stderr).toContain(
      'Nome de migração inválido: "Código INEP". Use letras minúsculas sem acento, números e _',
    );
    expect(none.stderr).toContain('Informe o nome da migração: npm run migration:new -- <nome>');
    expect(unknown.stderr).toContain('Entidade desconhecida: "escolas". Use uma de: students, teachings');
    expect(listing(dir)).toEqual(listing(ROOT));
    expect(read(dir, path.join(MIGRATIONS, 'index.ts'))).toBe(index);
  });

  it(
    'never reuses a number or a name, and says so when a resource has nothing to add',
    { timeout: 120_000 },
    async () => {
      const dir = copyProject();
      // A migration file of another branch, not registered here yet: its number is taken all the same.
      fs.writeFileSync(path.join(dir, MIGRATIONS, `${NEXT}_other_branch.ts`), 'export {};\n');
      const nothing = await migrationNew(dir, ['polos_nothing', '--resource', 'polos']);
      expect(nothing.code, nothing.stderr).toBe(0);
      expect(nothing.stdout).toContain('Nada a escrever: todo campo de polos já tem coluna nas migrações.');
      expect(listing(dir)).toEqual([...listing(ROOT), `${NEXT}_other_branch.ts`].sort());

      const first = await migrationNew(dir, ['first_change']);
      expect(first.stdout).toContain(`Migração criada: server/db/migrations/${number(LAST + 2)}_first_change.ts`);
      // Nothing to add anywhere: an empty migration that refuses to run until it is written.
      expect(read(dir, path.join(MIGRATIONS, `${number(LAST + 2)}_first_change.ts`))).toContain(
        "throw new Error('A migração first_change ainda está vazia",
      );
      const twice = await migrationNew(dir, ['first_change']);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toContain(`Já existe a migração ${number(LAST + 2)}_first_change: escolha outro nome`);
      // The next one waits until the empty one is written: the columns it adds depend on it.
      const early = await migrationNew(dir, ['second_change']);
      expect(early.code).toBe(1);
      expect(early.stderr).toContain(
        'As migrações registradas não rodam num banco vazio, então não sei que colunas já existem: A migração first_change ainda está vazia',
      );
      const firstFile = path.join(dir, MIGRATIONS, `${number(LAST + 2)}_first_change.ts`);
      fs.writeFileSync(firstFile, fs.readFileSync(firstFile, 'utf8').replace(/throw new Error\(.*\);/, '// written'));
      const second = await migrationNew(dir, ['second_change']);
      expect(second.code, second.stderr).toBe(0);
      const entries = [...read(dir, path.join(MIGRATIONS, 'index.ts')).matchAll(/^ {2}'(\d{4}_\w+)': \w+,$/gm)].map(
        (m) => m[1],
      );
      expect(entries).toEqual([
        ...Object.keys(migrations),
        `${number(LAST + 2)}_first_change`,
        `${number(LAST + 3)}_second_change`,
      ]);
    },
  );
});
