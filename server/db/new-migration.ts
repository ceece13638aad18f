import fs from 'node:fs';
import path from 'node:path';
import { columnOf as storedColumn, storedFields, type FieldConfig, type ResourceConfig } from '../../resources/types';

/**
 * `npm run migration:new`: the pieces that write a migration. A migration's name is permanent and must sort
 * after every migration a school already ran (Kysely refuses to start otherwise), so the number is never
 * chosen by hand: it is the next one after every file and every registered name.
 */

/** A config's fields and the table they live in (a resource, or the school settings' form). */
export interface FieldTable {
  name: string;
  table: string;
  fields: FieldConfig[];
}

export class MigrationError extends Error {}

const NAME = /^[a-z][a-z0-9_]{0,59}$/;
const FILE = /^(\d{4})_([a-z0-9_]+)\.ts$/;
// Either quote: a formatter may have rewritten index.ts.
const REGISTERED = /^ {2}['"](\d{4})_([a-z0-9_]+)['"]: (\w+),$/gm;
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'import in instanceof new null return super switch this throw true try typeof var void while with yield let static await'
  ).split(' '),
);

/** Why a name cannot be a migration's, in the words the command prints; undefined when it can. */
export function nameProblem(name: string | undefined): string | undefined {
  if (!name)
    return 'Informe o nome da migração: npm run migration:new -- <nome> [--resource <entidade>] (ex.: npm run migration:new -- polos_inep_code --resource polos).';
  if (/^\d/.test(name))
    return `Nome de migração inválido: "${name}". Não ponha o número: o comando dá o próximo sozinho (ex.: polos_inep_code).`;
  if (!NAME.test(name)) {
    return `Nome de migração inválido: "${name}". Use letras minúsculas sem acento, números e _, começando por uma letra, até 60 caracteres (ex.: polos_inep_code).`;
  }
  // index.ts exports the list itself under that name.
  if (exportName(name) === 'migrations')
    return `Nome de migração inválido: "${name}" é o nome da lista de migrações; diga o que a migração faz.`;
  if (RESERVED.has(exportName(name)))
    return `Nome de migração inválido: "${name}" é uma palavra reservada do JavaScript; acrescente o que a migração faz (ex.: ${name}_polos).`;
  return undefined;
}

/** `polos_inep_code` → `polosInepCode`, the name the migration is exported and registered under. */
export function exportName(name: string): string {
  return name.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/_+$/, '');
}

/** Names already taken, in the folder and in index.ts, with the numbers they use. */
function taken(dir: string, index: string): { numbers: number[]; names: Map<string, string>; exports: Set<string> } {
  const numbers: number[] = [];
  const names = new Map<string, string>();
  const exports = new Set<string>();
  for (const file of fs.readdirSync(dir)) {
    const m = FILE.exec(file);
    if (!m) continue;
    numbers.push(Number(m[1]));
    names.set(m[2], `${m[1]}_${m[2]}`);
  }
  for (const m of index.matchAll(REGISTERED)) {
    numbers.push(Number(m[1]));
    names.set(m[2], `${m[1]}_${m[2]}`);
    exports.add(m[3]);
  }
  return { numbers, names, exports };
}

/** The column type and options of a field's new column, as the existing migrations write them. */
export function columnOf(
  field: FieldConfig,
  tables: FieldTable[],
): { type: string; options: string[]; usesCtx: boolean } {
  const options: string[] = [];
  let type: string;
  let usesCtx = false;
  switch (field.type) {
    case 'integer':
      type = `'integer'`;
      break;
    // Centavos in `<name>_cents`: R$ 1.234,56 is 123456, never a float.
    case 'money':
      type = `'bigint'`;
      break;
    // Calendar dates are text (`YYYY-MM-DD`): no time zone can move them a day.
    case 'date':
      type = `'varchar(10)'`;
      break;
    case 'datetime':
      type = 'timestampType(ctx)';
      usesCtx = true;
      break;
    case 'select': {
      const longest = Math.max(0, ...(field.options ?? []).map((o) => o.value.length));
      type = longest > 0 ? `'varchar(${longest})'` : `'text'`;
      break;
    }
    case 'reference': {
      const target = tables.find((t) => t.name === field.reference?.resource);
      if (!target)
        throw new MigrationError(
          `O campo ${field.name} aponta para a entidade "${field.reference?.resource}", que não existe em resources/.`,
        );
      type = `'integer'`;
      options.push(`references('${target.table}.id')`, `onDelete('restrict')`);
      break;
    }
    case 'textarea':
    case 'image':
      type = `'text'`;
      break;
    default:
      // text, email, digits (kept as text: "0080" stays "0080"), password.
      type = field.maxLength ? `'varchar(${field.maxLength})'` : `'text'`;
  }
  if (field.default !== undefined) {
    // Rows the school already has get the default too, so the column can refuse a null.
    if (field.required === true) options.push('notNull()');
    const value =
      typeof field.default === 'string'
        ? `'${field.default.replace(/[\\']/g, (c) => `\\${c}`)}'`
        : String(field.default);
    options.push(`defaultTo(${value})`);
  }
  return { type, options, usesCtx };
}

/** A config's fields that have no column yet in the schema the migrations build. */
export function missingFields(target: FieldTable, columns: Map<string, Set<string>>): FieldConfig[] {
  const have = columns.get(target.table);
  if (!have) {
    throw new MigrationError(
      `A tabela ${target.table} ainda não existe: crie-a numa migração escrita à mão (npm run migration:new -- <nome>, sem --resource; veja como 0002_master_data.ts cria as tabelas).`,
    );
  }
  return target.fields.filter((f) => !have.has(storedColumn(f)));
}

/** The fields of a resource config stored in its own columns, as the server checks them at start. */
export function fieldTable(config: ResourceConfig): FieldTable {
  return { name: config.name, table: config.table, fields: storedFields(config) };
}

/** `await db.schema.<calls>.execute();`, one call a line when it would pass 120 characters (as the formatter does). */
function statement(...calls: string[]): string {
  const line = `    await db.schema.${calls.join('.')}.execute();`;
  return line.length <= 120
    ? line
    : ['    await db.schema', ...[...calls, 'execute();'].map((c) => `      .${c}`)].join('\n');
}

/** The text of a migration adding `additions`' columns, or of an empty one to write by hand. */
export function migrationSource(
  name: string,
  additions: { target: FieldTable; fields: FieldConfig[] }[],
  tables: FieldTable[],
): string {
  const id = exportName(name);
  if (additions.length === 0) {
    return `import type { AppMigration } from './helpers';

/** TODO: what this migration changes, and why (see the other migrations). */
export const ${id}: AppMigration = {
  // Write the change as up(db: Kysely<unknown>, ctx: MigrationContext), the same on SQLite and PostgreSQL (helpers.ts
  // has each dialect's idioms). Until then it refuses to run: an empty migration, once run, is never run again.
  async up() {
    throw new Error('A migração ${name} ainda está vazia: escreva-a antes de iniciar o servidor.');
  },
};
`;
  }
  const lines: string[] = [];
  let usesCtx = false;
  for (const { target, fields } of additions) {
    for (const field of fields) {
      const column = columnOf(field, tables);
      usesCtx ||= column.usesCtx;
      if (field.required === true && field.default === undefined) {
        lines.push(`    // Required on the forms, but the rows already there have no value: the column takes a null.`);
      }
      const builder = column.options.length ? `, (c) => c.${column.options.join('.')}` : '';
      const name = storedColumn(field);
      lines.push(statement(`alterTable('${target.table}')`, `addColumn('${name}', ${column.type}${builder})`));
      // SQLite cannot add a UNIQUE column: a unique index does the same on both databases.
      if (field.unique) {
        lines.push(
          statement(
            `createIndex('${target.table}_${name}_unique')`,
            `on('${target.table}')`,
            `column('${name}')`,
            'unique()',
          ),
        );
      }
    }
  }
  const described = additions
    .map(({ target, fields }) => ` * ${target.table}: ${fields.map((f) => f.name).join(', ')}.`)
    .join('\n');
  const imports = usesCtx
    ? `import { timestampType, type AppMigration, type MigrationContext } from './helpers';`
    : `import type { AppMigration } from './helpers';`;
  return `import type { Kysely } from 'kysely';
${imports}

/**
 * Columns of the fields added to the configs, written by \`npm run migration:new\`:
${described}
 */
export const ${id}: AppMigration = {
  async up(db: Kysely<unknown>${usesCtx ? ', ctx: MigrationContext' : ''}) {
${lines.join('\n')}
  },
};
`;
}

/** index.ts with the migration imported and listed last, so the migrator finds it. */
export function registered(index: string, full: string, id: string): string {
  const lines = index.split('\n');
  const lastImport = lines.findLastIndex((l) => /^import \{ \w+ \} from (['"])\.\/\d{4}_[a-z0-9_]+\1;?$/.test(l));
  const lastEntry = lines.findLastIndex((l) => /^ {2}(['"])\d{4}_[a-z0-9_]+\1: \w+,$/.test(l));
  if (lastImport < 0 || lastEntry < lastImport)
    throw new MigrationError('Não achei em server/db/migrations/index.ts onde registrar a migração: registre-a à mão.');
  // In the quotes and semicolons index.ts already uses.
  const q = lines[lastEntry].trim()[0];
  const end = lines[lastImport].endsWith(';') ? ';' : '';
  lines.splice(lastEntry + 1, 0, `  ${q}${full}${q}: ${id},`);
  lines.splice(lastImport + 1, 0, `import { ${id} } from ${q}./${full}${q}${end}`);
  return lines.join('\n');
}

/**
 * The full name (`<next number>_<name>`) a new migration gets in `dir`; refused when the name is not one or is
 * taken. The number follows every file and every registered name: another branch's file counts too.
 */
export function nextMigration(dir: string, name: string | undefined): string {
  const problem = nameProblem(name);
  if (problem || !name) throw new MigrationError(problem);
  const { numbers, names, exports } = taken(dir, fs.readFileSync(path.join(dir, 'index.ts'), 'utf8'));
  const same = names.get(name) ?? (exports.has(exportName(name)) ? exportName(name) : undefined);
  if (same)
    throw new MigrationError(`Já existe a migração ${same}: escolha outro nome (um nome de migração é para sempre).`);
  return `${String(Math.max(0, ...numbers) + 1).padStart(4, '0')}_${name}`;
}

/**
 * Writes the migration `full` in `dir` and registers it in `dir/index.ts`. Nothing is written when index.ts
 * cannot be read as expected.
 */
export function writeMigration(dir: string, full: string, source: string): void {
  const indexFile = path.join(dir, 'index.ts');
  const updated = registered(fs.readFileSync(indexFile, 'utf8'), full, exportName(full.slice(5)));
  // 'wx': never over a file that appeared meanwhile.
  fs.writeFileSync(path.join(dir, `${full}.ts`), source, { flag: 'wx' });
  fs.writeFileSync(indexFile, updated);
}
