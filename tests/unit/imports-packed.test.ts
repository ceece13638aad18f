import { describe, expect, it } from 'vitest';
import { packSheet, PACKED_SLICE, rowReader, unpack } from '../../server/imports/packed';
import type { ParsedRow } from '../../server/imports/parse';

/** A run reads its chunks out of the packed file (issue 37): any range, across slices, from where it stopped. */
const row = (i: number): ParsedRow => ({
  line: i + 2,
  values: { record: { name: `Aluno ${i + 1}`, cpf: null } },
  names: {},
  valid: i % 7 !== 0,
});

describe('a packed sheet', () => {
  const rows = Array.from({ length: PACKED_SLICE * 2 + 37 }, (_, i) => row(i));
  const packed = packSheet({ rows, problems: [{ line: 2, column: 'CPF', message: 'CPF inválido.' }], warnings: [] });

  it('holds the rows as text, a slice of PACKED_SLICE at a time, and gives them back as they were', () => {
    expect(packed.slices).toHaveLength(3);
    expect(packed.slices.every((s) => typeof s === 'string')).toBe(true);
    expect(packed.total).toBe(rows.length);
    expect(packed.slices.flatMap(unpack)).toEqual(rows);
    expect(packed.problems).toEqual([{ line: 2, column: 'CPF', message: 'CPF inválido.' }]);
  });

  it('reads any range of rows, across slices and past the end, as a resumed run asks for them', () => {
    const read = rowReader(packed);
    expect(read(0, 10)).toEqual(rows.slice(0, 10));
    expect(read(PACKED_SLICE - 3, PACKED_SLICE + 4)).toEqual(rows.slice(PACKED_SLICE - 3, PACKED_SLICE + 4));
    expect(read(PACKED_SLICE * 2 + 30, PACKED_SLICE * 3)).toEqual(rows.slice(PACKED_SLICE * 2 + 30));
    expect(read(rows.length, rows.length + 10)).toEqual([]);
  });
});
