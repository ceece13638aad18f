import type { FastifyInstance } from 'fastify';
import { municipalityLabel, searchMunicipalities } from '../../resources/municipalities';
import { UF_OPTIONS } from '../../resources/types';
import { validationError } from '../http/errors';
import { envelope, parseListQuery } from '../http/list-query';

const UFS = UF_OPTIONS.map((o) => o.value);
const BAD_UF = 'UF inválida: use a sigla do estado, como PA.';

/**
 * `GET /municipalities?search=&uf=`: the IBGE municipalities (resources/municipalities.ts) for the census's searchable
 * selects, by name ("belem pa") or by code, paged as every list; each row is `{id, code, name, uf, label}` with the
 * code as its id. Static data held in memory: no database read.
 */
export function registerMunicipalityRoutes(app: FastifyInstance): void {
  app.get('/municipalities', { config: { access: 'signed-in' } }, async (request) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const query = parseListQuery(raw);
    if (!query.ok) throw validationError(query.errors);
    const uf = typeof raw.uf === 'string' ? raw.uf.trim().toUpperCase() : '';
    if (raw.uf !== undefined && (typeof raw.uf !== 'string' || (uf !== '' && !UFS.includes(uf))))
      throw validationError({ uf: [BAD_UF] });
    const found = searchMunicipalities(query.value.search, uf || undefined);
    const { page, perPage } = query.value;
    const rows = page === 0 ? found : found.slice((page - 1) * perPage, page * perPage);
    return envelope(
      rows.map((m) => ({ id: m.code, ...m, label: municipalityLabel(m) })),
      found.length,
      query.value,
    );
  });
}
