import { describe, expect, it } from 'vitest';
import { fillYear, YEAR_PLACEHOLDER } from '../../resources/text-documents';
import { enrolmentColour } from '../../src/resources/cells';
import { contractFullGrid } from '../../server/grids/full-grid';
import { groupFullGrid, type TemplateRow } from '../../server/grids/queries';

describe('text templates', () => {
  it('replace every [[DATA_ANO]] by the year', () => {
    expect(fillYear(`Concluiu em ${YEAR_PLACEHOLDER}; válido em ${YEAR_PLACEHOLDER}.`, 2026)).toBe(
      'Concluiu em 2026; válido em 2026.',
    );
    expect(fillYear('sem marcador', 2026)).toBe('sem marcador');
    expect(fillYear(YEAR_PLACEHOLDER)).toBe(String(new Date().getFullYear()));
  });
});

describe('enrolment badge colours', () => {
  it('are green up to 25, orange above 25, red above 50', () => {
    expect([0, 25, 26, 50, 51].map(enrolmentColour)).toEqual(['success', 'success', 'warning', 'warning', 'error']);
  });
});

describe('full grid grouping', () => {
  const row = (id: number, discipline: [number, string], stage: number, workload: number): TemplateRow => ({
    id,
    grid_id: 1,
    course_id: 1,
    discipline_id: discipline[0],
    stage_id: stage * 10,
    workload,
    discipline: { id: discipline[0], name: discipline[1] },
    stage: { id: stage * 10, stage },
  });

  it('groups by discipline name, then stage number, with totals', () => {
    const rows = [
      row(1, [2, 'Matemática'], 2, 40),
      row(2, [1, 'Álgebra'], 3, 20),
      row(3, [2, 'Matemática'], 1, 60),
      row(4, [1, 'Álgebra'], 1, 20),
    ];
    const grid = groupFullGrid(rows, 'Curso');
    expect(grid.list.map((d) => d.discipline.name)).toEqual(['Álgebra', 'Matemática']);
    expect(grid.list[1].stages.map((s) => s.stage)).toEqual([1, 2]);
    expect(grid.list[1].workload).toBe(100);
    expect(grid).toMatchObject({ course_name: 'Curso', total_stage: 3, total_workload: 140, stagesNumbers: [1, 2, 3] });
  });

  it('answers an empty grid without a list', () => {
    expect(groupFullGrid([], null)).toEqual({
      list: [],
      course_name: null,
      total_stage: 0,
      total_workload: 0,
      stagesNumbers: [],
    });
  });

  it("answers the route in the original server's shape: keyed by discipline name, columns aligned, {} for a missing stage", () => {
    const rows = [
      row(1, [2, 'Matemática'], 2, 40),
      row(2, [1, 'Álgebra'], 3, 20),
      row(3, [2, 'Matemática'], 1, 60),
      row(4, [1, 'Álgebra'], 1, 20),
    ];
    const grid = contractFullGrid(rows, { course: 'Curso', grid: 'Grade 2026' });
    expect(Object.keys(grid.list)).toEqual(['Álgebra', 'Matemática']);
    expect(grid.list['Álgebra'].map((s) => ('stage_id' in s ? s.stage_id : null))).toEqual([10, null, 30]);
    expect(grid.list['Álgebra'][1]).toEqual({});
    expect(grid.list['Matemática'][0]).toEqual({
      id: 3,
      grid_id: 1,
      course_id: 1,
      stage_id: 10,
      stage_name: 'stage_1',
      stage: 1,
      discipline_id: 2,
      discipline_name: 'Matemática',
      workload: 60,
    });
    expect(grid).toMatchObject({
      grid_name: 'Grade 2026',
      course_name: 'Curso',
      total_stage: 3,
      total_workload: 140,
      stagesNumbers: [1, 2, 3],
    });
    expect(contractFullGrid([], { course: null, grid: null }).list).toEqual({});
  });
});

describe('demo CPFs', () => {
  it('carry valid check digits', async () => {
    const { cpfFrom } = await import('../../server/seed/students');
    expect(cpfFrom('529982247')).toBe('52998224725');
  });

  it('are checked by the same rule the forms and the server use', async () => {
    const { isValidCpf } = await import('../../resources/text');
    expect(['529.982.247-25', '38615492042', '11144477735'].map(isValidCpf)).toEqual([true, true, true]);
    // A wrong first or second check digit, all-equal digits, too short.
    expect(['529.982.247-35', '38615492043', '11111111111', '5299822472'].map(isValidCpf)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
