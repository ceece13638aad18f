import { describe, expect, it } from 'vitest';
import { fieldSchema } from '../../server/crud/validation';
import { idSchema, INT_MAX } from '../../server/http/ids';

describe('integers and ids are bounded by their column type (PostgreSQL integer)', () => {
  it('an integer field without bounds of its own refuses what the column cannot hold, naming the bound', () => {
    const rooms = fieldSchema({ name: 'rooms', label: 'Salas', type: 'integer' }, 'create');
    expect(rooms.safeParse(INT_MAX)).toMatchObject({ success: true, data: 2147483647 });
    expect(rooms.safeParse(-2147483648)).toMatchObject({ success: true });
    expect(rooms.safeParse(2147483648).error?.issues.map((i) => i.message)).toEqual([
      'O campo Salas deve ser no máximo 2147483647.',
    ]);
    expect(rooms.safeParse('-2147483649').error?.issues.map((i) => i.message)).toEqual([
      'O campo Salas deve ser no mínimo -2147483648.',
    ]);
  });

  it('a reference is an id: a positive integer the column holds, never an array or a boolean', () => {
    const teaching = fieldSchema(
      {
        name: 'teaching_id',
        label: 'Ensino',
        type: 'reference',
        reference: { resource: 'teachings', embedAs: 'teaching', labelField: 'name' },
      },
      'create',
    );
    expect(teaching.safeParse('7')).toMatchObject({ success: true, data: 7 });
    for (const bad of [2147483648, '2147483648', 0, -1, 1.5, '1e3', [7], true, { id: 7 }]) {
      expect(
        teaching.safeParse(bad).error?.issues.map((i) => i.message),
        JSON.stringify(bad),
      ).toEqual(['Selecione um(a) Ensino válido(a).']);
    }
  });

  it('the shared id schema of bespoke routes answers its own message', () => {
    const student = idSchema('Selecione o aluno.');
    expect(student.safeParse(12)).toMatchObject({ success: true, data: 12 });
    expect(student.safeParse(' 12')).toMatchObject({ success: true, data: 12 });
    for (const bad of [INT_MAX + 1, '', null, undefined, [12], false, 'doze', 12.5]) {
      expect(
        student.safeParse(bad).error?.issues.map((i) => i.message),
        String(bad),
      ).toEqual(['Selecione o aluno.']);
    }
  });
});
