import { z } from 'zod';
import { fieldErrorsOf } from './errors';
import { INT_MAX } from './ids';

/** The list convention of the contract: `page` (0 = all rows), `perPage`, `search`, `sortBy`, `sortDesc`. */
export interface ListQuery {
  page: number;
  perPage: number;
  search: string;
  sortBy?: string;
  sortDesc?: boolean;
}

const flag = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const querySchema = z.object({
  // Bounded so that the offset, (page - 1) × perPage, stays a whole number both databases take.
  page: z.coerce
    .number({ message: 'Página inválida.' })
    .int('Página inválida.')
    .min(0, 'Página inválida.')
    .max(INT_MAX, 'Página inválida.')
    .default(1),
  perPage: z.coerce
    .number({ message: 'Quantidade por página inválida.' })
    .int('Quantidade por página inválida.')
    .min(1, 'Quantidade por página inválida.')
    .max(INT_MAX, 'Quantidade por página inválida.')
    .default(10),
  search: z.string().max(200, 'A pesquisa pode ter no máximo 200 caracteres.').default(''),
  sortBy: z.string().optional(),
  sortDesc: flag.optional(),
});

export type ListQueryResult = { ok: true; value: ListQuery } | { ok: false; errors: Record<string, string[]> };

export function parseListQuery(raw: unknown): ListQueryResult {
  const parsed = querySchema.safeParse(raw ?? {});
  if (!parsed.success) {
    return { ok: false, errors: fieldErrorsOf(parsed.error.issues) };
  }
  const v = parsed.data;
  return {
    ok: true,
    value: {
      page: v.page,
      perPage: v.perPage,
      search: v.search.trim(),
      sortBy: v.sortBy || undefined,
      sortDesc: v.sortDesc,
    },
  };
}

/** The envelope every list answers with. */
export function envelope<T>(rows: T[], total: number, query: ListQuery) {
  const perPage = query.page === 0 ? Math.max(total, 1) : query.perPage;
  return {
    data: rows,
    current_page: query.page === 0 ? 1 : query.page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}
