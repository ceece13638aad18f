import { describe, expect, it } from 'vitest';
import { attendanceRefusal } from '../../server/reports/completion-check';

describe('the refusal of a completion statement for a student failed by attendance', () => {
  it('names each discipline with its frequency and the minimum, or refuses nothing', () => {
    expect(attendanceRefusal([], 75)).toBeNull();
    expect(attendanceRefusal([{ name: 'Matemática', frequency: 60 }], 75)).toBe(
      'O aluno foi reprovado por falta em Matemática (60,0%, mínimo 75%).',
    );
    expect(
      attendanceRefusal(
        [
          { name: 'Física', frequency: 70.5 },
          { name: 'História', frequency: 33.3 },
          { name: 'Matemática', frequency: 0 },
        ],
        80,
      ),
    ).toBe('O aluno foi reprovado por falta em Física (70,5%), História (33,3%) e Matemática (0,0%), mínimo 80%.');
  });
});
