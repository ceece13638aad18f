import { HttpError, type DataProvider, type GetListParams, type Identifier, type RaRecord } from 'react-admin';
import type { ResourceConfig } from '../resources/types';
import { ApiRequestError, apiRequest } from '../src/api/http';

/** perPage of dropdown loads: the contract answers every row for `page=0&perPage=99999`. */
export const ALL_ROWS = 99999;

interface ListEnvelope {
  data: RaRecord[];
  total: number;
  current_page: number;
  last_page: number;
}

/** Laravel-style `{field: [first, …]}` → react-admin's `{field: 'first'}` (the first message is shown). */
export function flattenErrors(errors: unknown): Record<string, string> {
  const flat: Record<string, string> = {};
  if (!errors || typeof errors !== 'object') return flat;
  for (const [field, value] of Object.entries(errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first !== null) flat[field] = String(first);
  }
  return flat;
}

/** Data with a picked file (`{rawFile}` from react-admin's ImageInput) travels as multipart. */
export function toRequestBody(data: Record<string, unknown>, method?: 'PUT'): Record<string, unknown> | FormData {
  const hasFile = Object.values(data).some(
    (v) => v && typeof v === 'object' && 'rawFile' in v && (v as { rawFile: unknown }).rawFile instanceof File,
  );
  if (!hasFile) return data;
  const form = new FormData();
  if (method) form.append('_method', method);
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object' && 'rawFile' in value && (value as { rawFile: unknown }).rawFile instanceof File)
      form.append(key, (value as { rawFile: File }).rawFile);
    else if (typeof value !== 'object') form.append(key, String(value));
  }
  return form;
}

/** A record answer: a list whose first item is the record, or the record itself (`recordAnswer: 'object'`). */
const recordOf = (answer: RaRecord[] | RaRecord | null): RaRecord | undefined =>
  Array.isArray(answer) ? answer[0] : (answer ?? undefined);

/**
 * The config named by a react-admin resource (its admin path). The configs load when first asked: the back office
 * has them already, the teacher's screens (src/admin/LightApp.tsx) make no generic call on their first load and do
 * not download them for nothing (issue 36).
 */
async function configOf(resource: string): Promise<ResourceConfig> {
  const { resourceByAdminPath } = await import('../resources');
  const config = resourceByAdminPath(resource);
  if (!config) throw new Error(`Recurso desconhecido: ${resource}`);
  return config;
}

/** Turns an API failure into react-admin's HttpError, with 422 field errors under each input. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiRequestError) {
      const body = error.body as { errors?: unknown } | null;
      const errors = body && typeof body === 'object' ? flattenErrors(body.errors) : {};
      throw new HttpError(error.message, error.status, Object.keys(errors).length ? { errors } : body);
    }
    throw error;
  }
}

/**
 * A page of a list (`perPage` of {@link ALL_ROWS}: every row) with its search, order and the field filters the config
 * declares (`list.filters`); any other key of react-admin's filter stays on the screen.
 */
async function list(
  config: ResourceConfig,
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
): Promise<{ data: never[]; total: number }> {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
  const sort = params.sort;
  const filter = (params.filter ?? {}) as Record<string, unknown> & { q?: string };
  const filters: Record<string, string> = {};
  for (const { param } of config.list.filters ?? []) {
    const value = filter[param];
    if (value !== undefined && value !== null && value !== '') filters[param] = String(value);
  }
  const body = await call(() =>
    apiRequest<ListEnvelope>(config.apiPath, {
      query: {
        page: perPage >= ALL_ROWS ? 0 : page,
        perPage,
        search: filter.q?.trim() || undefined,
        sortBy: sort?.field,
        sortDesc: sort ? (sort.order === 'DESC' ? 1 : 0) : undefined,
        ...filters,
      },
    }),
  );
  return { data: body.data as never[], total: body.total };
}

/**
 * react-admin ↔ the `/api` contract. Resource names are the admin paths of the configs
 * (`ensinos`), mapped here to API paths (`/teachings`).
 */
export const crud: DataProvider = {
  async getList(resource, params) {
    return list(await configOf(resource), params);
  },

  async getOne(resource, params) {
    const config = await configOf(resource);
    const answer = await call(() =>
      apiRequest<RaRecord[] | RaRecord>(`${config.apiPath}/${encodeURIComponent(String(params.id))}`),
    );
    return { data: recordOf(answer) as never };
  },

  async getMany(resource, params) {
    const config = await configOf(resource);
    // Few ids at a time (the selected values of reference inputs): one record call each.
    const rows = await Promise.all(
      params.ids.map((id: Identifier) =>
        call(() => apiRequest<RaRecord[] | RaRecord>(`${config.apiPath}/${encodeURIComponent(String(id))}`)).then(
          recordOf,
        ),
      ),
    );
    return { data: rows.filter(Boolean) as never[] };
  },

  /**
   * A record's children (`<ReferenceManyField>`: a team's students): the child list filtered by the parent's id,
   * `target` being one of the child's list filters (`team_id`, `polo_id`).
   */
  async getManyReference(resource, params) {
    const config = await configOf(resource);
    if (!config.list.filters?.some((f) => f.param === params.target))
      throw new Error(`A lista de ${config.labels.plural.toLowerCase()} não se filtra por ${params.target}.`);
    return list(config, { ...params, filter: { ...params.filter, [params.target]: params.id } });
  },

  async create(resource, params) {
    const config = await configOf(resource);
    const body = await call(() =>
      apiRequest<{ data: RaRecord }>(config.apiPath, {
        method: 'POST',
        body: toRequestBody(params.data as Record<string, unknown>),
      }),
    );
    return { data: body.data as never };
  },

  async update(resource, params) {
    const config = await configOf(resource);
    const payload = toRequestBody(params.data as Record<string, unknown>, 'PUT');
    // Files go as multipart POST with `_method=PUT` (the contract's form update).
    const method = payload instanceof FormData ? 'POST' : 'PUT';
    const body = await call(() =>
      apiRequest<{ data: RaRecord }>(`${config.apiPath}/${encodeURIComponent(String(params.id))}`, {
        method,
        body: payload,
      }),
    );
    return { data: body.data as never };
  },

  async updateMany(resource, params) {
    const results = await Promise.all(
      params.ids.map((id) => crud.update(resource, { id, data: params.data, previousData: {} as never })),
    );
    return { data: results.map((r) => r.data.id) };
  },

  async delete(resource, params) {
    const config = await configOf(resource);
    await call(() => apiRequest(`${config.apiPath}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' }));
    return { data: (params.previousData ?? { id: params.id }) as never };
  },

  async deleteMany(resource, params) {
    for (const id of params.ids) await crud.delete(resource, { id });
    return { data: params.ids };
  },
};
