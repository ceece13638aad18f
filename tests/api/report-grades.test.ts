import { beforeAll, expect, it } from 'vitest';
import { slotsOf, type Slot } from '../support/full-grid';
import { serverPerFile } from './support/per-test';
import { download, readWorkbook, savedName, sheetRows } from './support/reports';
import { describeOnDatabases } from './support/server';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DISCIPLINES = ['Biologia', 'Física', 'Geografia', 'História', 'Língua Portuguesa', 'Matemática'];

describeOnDatabases('grade reports: class diary and annual performance', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;
  const ids: Record<string, number> = {};
  let math: Slot;
  let history: Slot;

  // Team 1 (Turma Médio 2026 A: six disciplines, three stages) with three students and some grades.
  beforeAll(async () => {
    for (const name of ['Zélia Prado', 'Ana Beatriz Conceição', 'bruno araújo']) {
      ids[name] = (await call('POST', '/api/students', { name })).body.data.id;
      expect((await call('POST', '/api/registrations', { student_id: ids[name], team_id: 1 })).status).toBe(201);
    }
    const grid = slotsOf((await call('GET', '/api/grids/1/get-full-grid')).body);
    math = grid.find((d) => d.discipline.name === 'Matemática')!;
    history = grid.find((d) => d.discipline.name === 'História')!;
    const cell = (student: string, slot: Slot, stage: number, grade: string) => ({
      student_id: ids[student],
      stage_id: slot.stages[stage].id,
      discipline_id: slot.discipline.id,
      team_id: 1,
      grade,
    });
    const saved = await call('POST', '/api/grades', {
      grades: [
        cell('Ana Beatriz Conceição', math, 0, '7.5'),
        cell('Ana Beatriz Conceição', math, 1, '6.5'),
        cell('Ana Beatriz Conceição', math, 2, '8'),
        cell('bruno araújo', math, 0, '5'),
        cell('bruno araújo', math, 1, '4'),
        cell('bruno araújo', math, 2, '6'),
        cell('bruno araújo', history, 0, '9.5'),
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  const headerIndex = (rows: unknown[][]) => rows.findIndex((r) => r[0] === 'Nº');

  // The class diary's lessons, absences and frequency: tests/api/report-class-diary.test.ts.
  it('still makes a diary, with one sheet that says so, for a team whose grid has no disciplines yet', async () => {
    const grid = await call('POST', '/api/grids', { name: 'Grade vazia', course_id: 1 });
    expect(grid.status, JSON.stringify(grid.body)).toBe(201);
    const team = await call('POST', '/api/teams', {
      name: 'Turma sem grade',
      start_date: '2027-02-01',
      end_date: '2027-12-15',
      polo_id: 1,
      grid_id: grid.body.data.id,
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const file = await download(shared, `/api/exports/class-diary?team_id=${team.body.data.id}`);
    expect(file.status, file.content.toString()).toBe(200);
    const workbook = await readWorkbook(file.content);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Diário', 'Conteúdo ministrado']);
    const rows = sheetRows(workbook.worksheets[0]);
    expect(rows[3][0]).toMatch(/^ANO: 2027/);
    expect(rows.some((r) => r[1] === 'A grade desta turma não tem disciplinas.')).toBe(true);
  });

  it('answers 404 for a team that does not exist and 422 without a team', async () => {
    const missing = await download(shared, '/api/exports/class-diary?team_id=999999');
    expect(missing.status).toBe(404);
    expect(missing.json?.message).toBe('Turma não encontrada.');
    const none = await download(shared, '/api/exports/class-diary');
    expect(none.status).toBe(422);
    expect(none.json?.errors?.team_id).toEqual(['O campo Turma é obrigatório.']);
  });

  it('makes the annual performance: per discipline the stage grades, RESULTADO, FREQUÊNCIA and the final result, low averages in red', async () => {
    const file = await download(shared, '/api/exports/annual-performance-report/1');
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe(XLSX);
    expect(savedName(file.disposition)).toBe('relatorio_de_desempenho_anual.xlsx');
    const sheet = (await readWorkbook(file.content)).worksheets[0];
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, fitToWidth: 1 });
    const rows = sheetRows(sheet);
    expect(rows[1][0]).toBe('RELATÓRIO DE DESEMPENHO ANUAL');
    expect(rows.slice(2, 7).map((r) => r[0])).toEqual([
      'Turma: Turma Médio 2026 A',
      'Curso: Ensino Médio Regular',
      'Ano: 2026',
      'Média para aprovação: 6,0',
      'Frequência mínima para aprovação: 75%',
    ]);
    const header = headerIndex(rows);
    expect(rows[header]).toEqual([
      'Nº',
      'ALUNO',
      'DISCIPLINA',
      '1ª ETAPA',
      '2ª ETAPA',
      '3ª ETAPA',
      'RESULTADO',
      'FALTAS',
      'FREQUÊNCIA',
      'RESULTADO FINAL',
    ]);
    const body = rows.slice(header + 1);
    expect(body).toHaveLength(3 * DISCIPLINES.length);
    expect(body.slice(0, 6).map((r) => r[2])).toEqual(DISCIPLINES);

    const line = (student: string, discipline: string) =>
      body.findIndex((r) => r[1] === student && r[2] === discipline);
    const anaMath = line('ANA BEATRIZ CONCEIÇÃO', 'Matemática');
    const brunoMath = line('BRUNO ARAÚJO', 'Matemática');
    const brunoHistory = line('BRUNO ARAÚJO', 'História');
    // No lesson recorded: no absences nor frequency to print ("—"), the grades alone decide.
    expect(body[anaMath]).toEqual([1, 'ANA BEATRIZ CONCEIÇÃO', 'Matemática', 7.5, 6.5, 8, 7.3, '—', '—', 'APROVADO']);
    expect(body[brunoMath]).toEqual([2, 'BRUNO ARAÚJO', 'Matemática', 5, 4, 6, 5, '—', '—', 'REPROVADO']);
    expect(body[brunoHistory].slice(3)).toEqual([9.5, undefined, undefined, 9.5, '—', '—', 'EM CURSO']);

    const averageCell = (index: number) => sheet.getRow(header + 2 + index).getCell(7);
    expect(averageCell(brunoMath).font?.color?.argb).toBe('FFC00000');
    expect(averageCell(anaMath).font?.color?.argb).toBeUndefined();
    expect(averageCell(brunoHistory).font?.color?.argb).toBeUndefined();
  });

  it('reads the passing average from the school settings', async () => {
    const settings = (await call('GET', '/api/school-settings')).body.data;
    expect((await call('PUT', '/api/school-settings', { ...settings, average_grade: 7.5 })).status).toBe(200);
    try {
      const file = await download(shared, '/api/exports/annual-performance-report/1');
      const sheet = (await readWorkbook(file.content)).worksheets[0];
      const rows = sheetRows(sheet);
      expect(rows[5][0]).toBe('Média para aprovação: 7,5');
      const header = headerIndex(rows);
      const anaMath = rows.findIndex((r) => r[1] === 'ANA BEATRIZ CONCEIÇÃO' && r[2] === 'Matemática');
      expect(rows[anaMath].slice(6)).toEqual([7.3, '—', '—', 'REPROVADO']);
      expect(sheet.getRow(anaMath + 1).getCell(7).font?.color?.argb).toBe('FFC00000');
      expect(header).toBeGreaterThan(0);
    } finally {
      await call('PUT', '/api/school-settings', settings);
    }
    expect((await download(shared, '/api/exports/annual-performance-report/999999')).status).toBe(404);
  });
});
