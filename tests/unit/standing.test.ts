import { describe, expect, it } from 'vitest';
import { annualAverage, finalOf, frequencyText, needsMakeup, overallOf, verdictOf } from '../../resources/standing';

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

describe('the final make-up and the class council (issue 38)', () => {
  const under = { ...base, average: 50, passing: 60, makeupRule: 'capped' as const };

  it('is in make-up while the team is open and no make-up grade was recorded, failed once it closes', () => {
    expect(verdictOf({ ...under, makeupOpen: true })).toBe('EM RECUPERAÇÃO');
    expect(verdictOf({ ...under, makeupOpen: false })).toBe('REPROVADO');
    expect(needsMakeup(under)).toBe(true);
    expect(needsMakeup({ ...under, average: 60 })).toBe(false);
    expect(needsMakeup({ ...under, frequency: 50 })).toBe(false);
    expect(needsMakeup({ ...under, graded: 3 })).toBe(false);
  });

  it('without a final make-up in the settings, under the average fails at once (as before)', () => {
    expect(verdictOf({ ...under, makeupRule: 'none', makeupOpen: true })).toBe('REPROVADO');
    expect(verdictOf({ ...under, makeupRule: undefined, makeup: 90 })).toBe('REPROVADO');
    expect(needsMakeup({ ...under, makeupRule: 'none' })).toBe(false);
  });

  it('passes after the make-up when it reaches the average, capped at the passing average or up to itself', () => {
    expect(verdictOf({ ...under, makeup: 80, makeupOpen: true })).toBe('APROVADO APÓS RECUPERAÇÃO');
    expect(finalOf({ ...under, makeup: 80 })).toBe(60);
    expect(finalOf({ ...under, makeupRule: 'grade', makeup: 80 })).toBe(80);
    // A lower make-up never lowers the average.
    expect(finalOf({ ...under, makeup: 30 })).toBe(50);
    expect(verdictOf({ ...under, makeup: 55, makeupOpen: true })).toBe('REPROVADO');
  });

  it('lets the council approve what the numbers fail, but never under the minimum attendance', () => {
    expect(verdictOf({ ...under, makeup: 40, council: true })).toBe('APROVADO PELO CONSELHO');
    expect(verdictOf({ ...under, makeupOpen: true, council: true })).toBe('APROVADO PELO CONSELHO');
    expect(verdictOf({ ...under, council: true, frequency: 50 })).toBe('REPROVADO POR FALTA');
    expect(verdictOf({ ...base, council: true })).toBe('APROVADO');
  });
});

describe('the annual average', () => {
  it('is arithmetic by default, or weighted by stage number (absent weights count 1)', () => {
    expect(annualAverage([60, 70, 80, 90], [1, 2, 3, 4])).toBe(75);
    expect(
      annualAverage([60, 70, 80, 90], [1, 2, 3, 4], { mode: 'weighted', weights: { 1: 1, 2: 1, 3: 2, 4: 2 } }),
    ).toBe(78);
    expect(annualAverage([60, undefined, 80], [1, 2, 3], { mode: 'weighted', weights: { 3: 3 } })).toBe(75);
    expect(annualAverage([undefined, undefined], [1, 2])).toBeNull();
  });
});

describe("the student's overall result", () => {
  const d = (name: string, verdict: Parameters<typeof overallOf>[0][number]['verdict']) => ({ name, verdict });
  const strict = { allowed: 0, dependencia: false };

  it('fails in more disciplines than the school allows, else promotes', () => {
    expect(overallOf([d('Matemática', 'APROVADO'), d('História', 'REPROVADO')], strict).verdict).toBe('REPROVADO');
    expect(overallOf([d('Matemática', 'APROVADO'), d('História', 'APROVADO PELO CONSELHO')], strict)).toEqual({
      verdict: 'APROVADO',
      dependencias: [],
    });
    expect(overallOf([d('Matemática', 'APROVADO APÓS RECUPERAÇÃO')], strict).verdict).toBe('APROVADO');
    expect(
      overallOf([d('Matemática', 'REPROVADO POR FALTA'), d('Física', 'REPROVADO POR FALTA')], strict).verdict,
    ).toBe('REPROVADO POR FALTA');
  });

  it('carries the failed disciplines in dependência where the school allows it', () => {
    const list = [d('Matemática', 'REPROVADO'), d('História', 'APROVADO'), d('Física', 'REPROVADO')];
    expect(overallOf(list, { allowed: 2, dependencia: true })).toEqual({
      verdict: 'APROVADO',
      dependencias: ['Matemática', 'Física'],
    });
    expect(overallOf(list, { allowed: 2, dependencia: false }).dependencias).toEqual([]);
    expect(overallOf(list, { allowed: 1, dependencia: true }).verdict).toBe('REPROVADO');
  });

  it('stays open while a discipline is in course or in make-up', () => {
    expect(overallOf([d('Matemática', 'EM CURSO'), d('História', 'APROVADO')], strict).verdict).toBe('EM CURSO');
    expect(overallOf([d('Matemática', 'EM RECUPERAÇÃO')], strict).verdict).toBe('EM RECUPERAÇÃO');
    expect(overallOf([], strict).verdict).toBe('');
  });
});
