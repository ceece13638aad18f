import {
  HttpError,
  type CreateParams,
  type DataProvider,
  type DeleteManyParams,
  type DeleteParams,
  type GetListParams,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type UpdateManyParams,
  type UpdateParams,
} from 'react-admin';
import { customMethods } from '../../dataProvider/custom';
import { resourceByAdminPath } from '../../resources';
import { foldText } from '../../resources/text';

/** Rows per react-admin resource name (the admin path: `ensinos`). */
export type MemoryData = Record<string, readonly RaRecord[]>;

export interface MemoryDataProviderOptions {
  /** Milliseconds every call waits, to show loading states. */
  delay?: number;
  /** Ids whose deletion is refused with a 409, as the server does for rows still referenced. */
  undeletable?: Record<string, readonly Identifier[]>;
}

export const REFUSED_DELETE_MESSAGE = 'Este registro não pode ser apagado: há outros registros que dependem dele.';

function compare(a: unknown, b: unknown): number {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'pt-BR', { sensitivity: 'base', numeric: true });
}

/** Fields matched by `filter.q`: the config's search fields, or every string field of the row. */
function searchFieldsOf(resource: string, row: RaRecord): string[] {
  return resourceByAdminPath(resource)?.searchFields ?? Object.keys(row).filter((k) => typeof row[k] === 'string');
}

function matches(resource: string, row: RaRecord, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (value === undefined || value === null || value === '') return true;
    if (key === 'q') {
      const needle = foldText(String(value).trim());
      return searchFieldsOf(resource, row).some(
        (f) => row[f] !== null && row[f] !== undefined && foldText(String(row[f])).includes(needle),
      );
    }
    return String(row[key]) === String(value);
  });
}

function uniqueViolations(
  resource: string,
  rows: readonly RaRecord[],
  data: Record<string, unknown>,
  id?: Identifier,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of resourceByAdminPath(resource)?.fields ?? []) {
    const value = data[field.name];
    if (!field.unique || typeof value !== 'string') continue;
    const taken = rows.some(
      (r) => r.id !== id && typeof r[field.name] === 'string' && foldText(String(r[field.name])) === foldText(value),
    );
    if (taken) errors[field.name] = field.uniqueMessage ?? 'Valor já utilizado.';
  }
  return errors;
}

/**
 * An in-memory react-admin DataProvider for stories and component tests. Each call answers from a
 * private copy of `seed`, so stories never share changes. Search (`filter.q`) is case- and
 * accent-insensitive over the config's `searchFields`, like the server's. The bespoke screens' custom methods
 * (dataProvider/custom.ts) are the real ones, over `fetch`, which a story or test stubs as it needs.
 */
export function createMemoryDataProvider(seed: MemoryData = {}, options: MemoryDataProviderOptions = {}): DataProvider {
  const tables = new Map<string, RaRecord[]>(
    Object.entries(seed).map(([name, rows]) => [name, structuredClone([...rows])]),
  );
  const table = (resource: string): RaRecord[] => {
    let rows = tables.get(resource);
    if (!rows) {
      rows = [];
      tables.set(resource, rows);
    }
    return rows;
  };
  const wait = () =>
    options.delay ? new Promise<void>((resolve) => setTimeout(resolve, options.delay)) : Promise.resolve();
  const find = (resource: string, id: Identifier): RaRecord => {
    const row = table(resource).find((r) => String(r.id) === String(id));
    if (!row) throw new HttpError('Registro não encontrado.', 404);
    return row;
  };
  const list = (resource: string, params: GetListParams) => {
    const filtered = table(resource).filter((row) =>
      matches(resource, row, (params.filter ?? {}) as Record<string, unknown>),
    );
    const sort = params.sort;
    if (sort?.field) {
      const sign = sort.order === 'DESC' ? -1 : 1;
      filtered.sort((a, b) => sign * compare(a[sort.field], b[sort.field]));
    }
    const { page, perPage } = params.pagination ?? { page: 1, perPage: filtered.length || 1 };
    const start = (page - 1) * perPage;
    return { data: structuredClone(filtered.slice(start, start + perPage)), total: filtered.length };
  };
  const update = (resource: string, id: Identifier, data: Record<string, unknown>): RaRecord => {
    const row = find(resource, id);
    const errors = uniqueViolations(resource, table(resource), data, row.id);
    if (Object.keys(errors).length) throw new HttpError('Verifique os campos destacados.', 422, { errors });
    Object.assign(row, data, { id: row.id, updated_at: new Date().toISOString() });
    return structuredClone(row);
  };
  const remove = (resource: string, id: Identifier): RaRecord => {
    if ((options.undeletable?.[resource] ?? []).some((u) => String(u) === String(id)))
      throw new HttpError(REFUSED_DELETE_MESSAGE, 409);
    const rows = table(resource);
    const row = find(resource, id);
    rows.splice(rows.indexOf(row), 1);
    return row;
  };

  return {
    ...customMethods,
    async getList<RecordType extends RaRecord>(resource: string, params: GetListParams) {
      await wait();
      const { data, total } = list(resource, params);
      return { data: data as RecordType[], total };
    },
    async getOne<RecordType extends RaRecord>(resource: string, params: GetOneParams<RecordType>) {
      await wait();
      return { data: structuredClone(find(resource, params.id)) as RecordType };
    },
    async getMany<RecordType extends RaRecord>(resource: string, params: GetManyParams<RecordType>) {
      await wait();
      const ids = params.ids.map(String);
      return { data: structuredClone(table(resource).filter((r) => ids.includes(String(r.id)))) as RecordType[] };
    },
    async getManyReference<RecordType extends RaRecord>(resource: string, params: GetManyReferenceParams) {
      await wait();
      const { data, total } = list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
      return { data: data as RecordType[], total };
    },
    async create<
      RecordType extends Omit<RaRecord, 'id'>,
      ResultRecordType extends RaRecord = RecordType & { id: Identifier },
    >(resource: string, params: CreateParams) {
      await wait();
      const rows = table(resource);
      const data = (params.data ?? {}) as Record<string, unknown>;
      const errors = uniqueViolations(resource, rows, data);
      if (Object.keys(errors).length) throw new HttpError('Verifique os campos destacados.', 422, { errors });
      const now = new Date().toISOString();
      const id = rows.reduce((max, r) => (typeof r.id === 'number' && r.id > max ? r.id : max), 0) + 1;
      const row: RaRecord = { ...data, id, created_at: now, updated_at: now };
      rows.push(row);
      return { data: structuredClone(row) as ResultRecordType };
    },
    async update<RecordType extends RaRecord>(resource: string, params: UpdateParams) {
      await wait();
      return { data: update(resource, params.id, (params.data ?? {}) as Record<string, unknown>) as RecordType };
    },
    async updateMany(resource: string, params: UpdateManyParams) {
      await wait();
      for (const id of params.ids) update(resource, id, (params.data ?? {}) as Record<string, unknown>);
      return { data: params.ids };
    },
    async delete<RecordType extends RaRecord>(resource: string, params: DeleteParams<RecordType>) {
      await wait();
      return { data: remove(resource, params.id) as RecordType };
    },
    async deleteMany<RecordType extends RaRecord>(resource: string, params: DeleteManyParams<RecordType>) {
      await wait();
      for (const id of params.ids) remove(resource, id);
      return { data: params.ids };
    },
  };
}
