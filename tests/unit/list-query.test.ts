import { describe, expect, it } from 'vitest';
import { envelope, parseListQuery } from '../../server/http/list-query';

describe('the list convention', () => {
  it('defaults to page 1 of 10 rows with no search', () => {
    expect(parseListQuery({})).toEqual({
      ok: true,
      value: { page: 1, perPage: 10, search: '', sortBy: undefined, sortDesc: undefined },
    });
  });

  it('reads sortDesc as 1/0/true/false and trims the search', () => {
    const parsed = parseListQuery({ page: '0', perPage: '99999', search: '  joão ', sortBy: 'name', sortDesc: '1' });
    expect(parsed).toEqual({
      ok: true,
      value: { page: 0, perPage: 99999, search: 'joão', sortBy: 'name', sortDesc: true },
    });
    expect(parseListQuery({ sortDesc: '0' })).toMatchObject({ value: { sortDesc: false } });
    expect(parseListQuery({ sortDesc: 'true' })).toMatchObject({ value: { sortDesc: true } });
  });

  it('refuses bad numbers with pt-BR messages', () => {
    expect(parseListQuery({ page: 'x', perPage: '0' })).toEqual({
      ok: false,
      errors: { page: ['Página inválida.'], perPage: ['Quantidade por página inválida.'] },
    });
  });

  it('computes last_page, and a single page for page=0', () => {
    const q = { page: 2, perPage: 10, search: '' };
    expect(envelope([{ id: 1 }], 21, q)).toEqual({
      data: [{ id: 1 }],
      current_page: 2,
      last_page: 3,
      per_page: 10,
      total: 21,
    });
    expect(envelope([], 0, q).last_page).toBe(1);
    expect(envelope([], 37, { ...q, page: 0 })).toMatchObject({
      current_page: 1,
      last_page: 1,
      per_page: 37,
      total: 37,
    });
  });
});
