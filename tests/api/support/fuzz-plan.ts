import { writableFields, type ResourceConfig } from '../../../resources/types';
import type { RouteInfo } from '../../../server/app';
import type { Probe } from './fuzz-run';
import {
  BAD_IDS,
  BODY_ATTACKS,
  FIELD_VALUES,
  LIST_PARAMS,
  MULTIPART_VALUES,
  QUERY_VALUES,
  type BadValue,
} from './fuzz-values';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Body = { [key: string]: Json };

/** Rows that exist in the seeded data, to fill path parameters with. */
export interface Fixtures {
  /** The smallest id of each table. */
  ids: Record<string, number>;
  registration: { student_id: number; team_id: number };
  document: { folder: string; file_name: string; code: string };
  cep: string;
}

const SENTINEL = '@@fuzz@@';

/** The table a route's `:id` names: its first segment is a resource's path or a table's name. */
function tableOf(url: string, resources: ResourceConfig[]): string {
  const segment = url.split('/')[2] ?? '';
  return resources.find((r) => r.apiPath === `/${segment}`)?.table ?? segment.replace(/-/g, '_');
}

/** The value of a path parameter that names an existing row. */
function goodParam(url: string, param: string, fx: Fixtures, resources: ResourceConfig[]): string {
  switch (param) {
    case 'id':
      return String(fx.ids[tableOf(url, resources)] ?? 1);
    case 'obs':
      return String(fx.ids.observations ?? 1);
    case 'student':
      return String(fx.registration.student_id);
    case 'team':
      return String(fx.registration.team_id);
    case 'folder':
      return fx.document.folder;
    case 'file':
      return fx.document.file_name;
    case 'code':
      return fx.document.code;
    case 'cep':
      return fx.cep;
    case 'guardian_id':
      return String(fx.ids.guardians ?? 1);
    default:
      return String(fx.ids[`${param}s`] ?? 1);
  }
}

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** The route's path with every parameter naming an existing row, except `bad` (one parameter, one value). */
export function fillPath(
  url: string,
  fx: Fixtures,
  resources: ResourceConfig[],
  bad?: { param: string; value: string },
): string {
  return url
    .replace(/:(\w+)/g, (_, param: string) =>
      bad?.param === param ? bad.value : encodeURIComponent(goodParam(url, param, fx, resources)),
    )
    .replace(/\*$/, 'x');
}

/** The resource config a route belongs to, if it is one of the five generated routes. */
export function resourceOf(route: RouteInfo, resources: ResourceConfig[]): ResourceConfig | undefined {
  return resources.find((r) => route.url === `/api${r.apiPath}` || route.url === `/api${r.apiPath}/:id`);
}

/** Every path of a scalar (or empty) value in a body: `name`, `rows.0.grid_id`, `phones.1`. */
function leaves(value: Json, path: string[] = []): string[][] {
  if (Array.isArray(value)) return value.length ? value.flatMap((v, i) => leaves(v, [...path, String(i)])) : [path];
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length ? keys.flatMap((k) => leaves(value[k], [...path, k])) : [path];
  }
  return [path];
}

function withSentinel(base: Body, path: string[]): string {
  const copy = structuredClone(base) as Json;
  let node = copy as { [key: string]: Json };
  for (const key of path.slice(0, -1)) node = node[key] as { [key: string]: Json };
  node[path[path.length - 1]] = SENTINEL;
  return JSON.stringify(copy);
}

const asFormText = (value: Json) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A form with the base's top-level fields as text and `field` set to `value`. */
function form(base: Body, field: string, value: string): FormData {
  const data = new FormData();
  for (const [key, v] of Object.entries(base)) if (key !== field && v !== null) data.append(key, asFormText(v));
  data.append(field, value);
  return data;
}

/** A bad value as a form's field text, when a form can carry it at all. */
function formText(value: BadValue): string | undefined {
  const parsed = JSON.parse(value.json) as unknown;
  return typeof parsed === 'string' || typeof parsed === 'number'
    ? typeof parsed === 'number'
      ? value.json
      : parsed
    : undefined;
}

/**
 * Bad values in each field (every leaf of the base body and every named field), then bad bodies as a
 * whole. `formsOnly`: a route that only forms use (the generated `POST /{resource}/{id}` with
 * `_method=PUT`, which runs the same update as `PUT /{resource}/{id}`) gets the values as form text.
 */
export function bodyProbes(method: string, path: string, base: Body, fields: string[], formsOnly = false): Probe[] {
  const probes: Probe[] = [];
  const json = 'application/json';
  const paths = leaves(base).filter((p) => p.length > 0);
  for (const field of fields) if (!paths.some((p) => p.length === 1 && p[0] === field)) paths.push([field]);
  for (const leaf of paths) {
    const name = leaf.join('.');
    const text = withSentinel(base, leaf);
    if (formsOnly && leaf.length === 1) {
      for (const value of [...FIELD_VALUES, ...MULTIPART_VALUES]) {
        const sent = formText(value);
        if (sent !== undefined)
          probes.push({
            method,
            path,
            label: `${name} = ${value.label} (multipart)`,
            refused: value.refused,
            body: form(base, name, sent),
          });
      }
      continue;
    }
    for (const value of FIELD_VALUES) {
      probes.push({
        method,
        path,
        label: `${name} = ${value.label}`,
        refused: value.refused,
        contentType: json,
        body: text.replace(JSON.stringify(SENTINEL), () => value.json),
      });
    }
    if (leaf.length === 1) {
      for (const value of MULTIPART_VALUES)
        probes.push({
          method,
          path,
          label: `${name} = ${value.label} (multipart)`,
          refused: value.refused,
          body: form(base, name, JSON.parse(value.json) as string),
        });
      // Duplicate keys: JSON.parse keeps the last one, which must be validated like any other.
      probes.push({
        method,
        path,
        label: `${name} repetido`,
        refused: true,
        contentType: json,
        body: text.replace(JSON.stringify(SENTINEL), '"ok"').replace(/\}$/, `,${JSON.stringify(name)}:{"x":[1]}}`),
      });
    }
  }
  for (const attack of BODY_ATTACKS)
    probes.push({
      method,
      path,
      label: attack.label,
      refused: !attack.accepted,
      contentType: attack.contentType,
      body: attack.body,
    });
  return probes;
}

/** A bad value in each path parameter in turn, the others naming existing rows. */
export function idProbes(route: RouteInfo, fx: Fixtures, resources: ResourceConfig[], body?: Body): Probe[] {
  return paramsOf(route.url).flatMap((param) =>
    BAD_IDS.map((value) => ({
      method: route.method,
      path: fillPath(route.url, fx, resources, { param, value }),
      label: `:${param} = ${value.slice(0, 20)}`,
      refused: true,
      ...(body ? { contentType: 'application/json', body: JSON.stringify(body) } : {}),
    })),
  );
}

/** Each list parameter with each bad value, and in the shapes a query string can give a name (`page[]`, `page[a]`). */
export function listProbes(route: RouteInfo, fx: Fixtures, resources: ResourceConfig[]): Probe[] {
  const path = fillPath(route.url, fx, resources);
  const probes: Probe[] = [];
  // A list's field filters (issue 36) are list parameters too.
  const filters = (resourceOf(route, resources)?.list.filters ?? []).map((f) => f.param);
  for (const param of [...LIST_PARAMS, ...filters]) {
    for (const value of QUERY_VALUES)
      probes.push({ method: route.method, path: `${path}?${param}=${value}`, label: `${param}=${value.slice(0, 20)}` });
    for (const shape of [`${param}[]=1&${param}[a]=2&${param}`, `${param}=1&${param}=x&${param}=`]) {
      probes.push({ method: route.method, path: `${path}?${shape}`, label: shape });
    }
  }
  return probes;
}

/** Field names of a resource route, from its config. */
export function configFields(config: ResourceConfig): string[] {
  return writableFields(config).map((f) => f.name);
}
