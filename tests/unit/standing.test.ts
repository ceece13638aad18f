import { describe, expect, it } from 'vitest';
import { frequencyText, verdictOf } from '../../server/lessons/standing';

const base = { average: 80, graded: 4, stages: 4, passing: 70, frequency: 90, minimum: 75 };

describe('the result of a discipline (grades and attendance)', () => {
  it('fails by attendance under the minimum whatever the average, once every stage is graded', () => {
    expect(verdictOf({ ...base, frequency: 40 })).toBe('REPROVADO POR FALTA');
    expect(verdictOf({ ...base, frequency: 74.9 })).toBe('REPROVADO POR FALTA');
    expect(verdictOf({ ...base, frequency: 75 })).toBe('APROVADO');
    expect(verdictOf({ ...base, average: 60, frequency: 40 })).toBe('REPROVADO POR FALTA');
    expect(verdictOf({ ...base, average: 60 })).toBe('REPROVADO');
  });

  it('stays in course while a stage lacks its grade, and judges on grades alone without recorded lessons', () => {
    expect(verdictOf({ ...base, graded: 3, frequency: 40 })).toBe('EM CURSO');
    expect(verdictOf({ ...base, average: null })).toBe('');
    expect(verdictOf({ ...base, frequency: null })).toBe('APROVADO');
    expect(verdictOf({ ...base, minimum: 95 })).toBe('REPROVADO POR FALTA');
  });

  it('prints a frequency the Brazilian way, or a dash without lessons', () => {
    expect(frequencyText(87.5)).toBe('87,5%');
    expect(frequencyText(100)).toBe('100,0%');
    expect(frequencyText(null)).toBe('—');
  });
});
