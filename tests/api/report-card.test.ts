import { expect, it } from 'vitest';
import { slotsOf, type Slot } from '../support/full-grid';
import { coloredRuns } from '../support/pdf-colors';
import { pdfText } from '../support/pdf-text';
import { serverPerFile } from './support/per-test';
import { download, readWorkbook, savedName, sheetRows } from './support/reports';
import { describeOnDatabases } from './support/server';

describeOnDatabases('report files: report card', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;

  async function enrolled(name: string, teamId = 1): Promise<number> {
    const id = (await call('POST', '/api/students', { name })).body.data.id as number;
    expect((await call('POST', '/api/registrations', { student_id: id, team_id: teamId })).status).toBe(201);
    return id;
  }

  /** A student of team 1 graded Matemática 7,5 and 5,0, História 9, 8 and 10, a third discipline 4 and 5. */
  async function graded(name: string) {
    const student = await enrolled(name);
    const full = (await call('GET', '/api/grids/1/get-full-grid')).body;
    expect(full.stagesNumbers).toEqual([1, 2, 3]);
    const grid = { list: slotsOf(full) };
    const math = grid.list.find((d) => d.discipline.name === 'Matemática')!;
    const history = grid.list.find((d) => d.discipline.name === 'História')!;
    const third = grid.list.find((d) => !['Matemática', 'História'].includes(d.discipline.name))!;
    const grade = (slot: Slot, stage: number, value: string) => ({
      student_id: student,
      team_id: 1,
      discipline_id: slot.discipline.id,
      stage_id: slot.stages[stage - 1].id,
      grade: value,
    });
    const saved = await call('POST', '/api/grades', {
      grades: [
        grade(math, 1, '7,5'),
        grade(math, 2, '5,0'),
        grade(history, 1, '9,0'),
        grade(history, 2, '8,0'),
        grade(history, 3, '10,0'),
        grade(third, 1, '4,0'),
        grade(third, 3, '5,0'),
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return { student, grid, third };
  }

  it('lists every discipline of the grid with the grade of each stage and the average', async () => {
    const { student, grid, third } = await graded('Alice Boletim Completo');
    const file = await download(shared, `/api/exports/student-report-card/${student}/team/1?type_print=pdf`);
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(savedName(file.disposition)).toBe('boletim_do_aluno.pdf');
    const text = await pdfText(file.content);
    expect(text).toContain('Escola Modelo Secretaria');
    expect(text).toContain('BOLETIM ESCOLAR');
    expect(text).toContain('Aluno: ALICE BOLETIM COMPLETO');
    expect(text).toContain('Turma: Turma Médio 2026 A');
    expect(text).toMatch(/Disciplina\s*1ª etapa\s*2ª etapa\s*3ª etapa\s*Média\s*Faltas\s*Frequência\s*Resultado/);
    // (7,5 + 5,0) / 2 = 6,25, written half up; a stage without a grade is a dash and not counted. No lesson
    // recorded: no absences nor frequency ("—"); the result once every stage is graded.
    expect(text).toMatch(/Matemática\s*7,5\s*5,0\s*—\s*6,3\s*—\s*—\s*EM CURSO/);
    expect(text).toMatch(/História\s*9,0\s*8,0\s*10,0\s*9,0\s*—\s*—\s*APROVADO/);
    expect(text).toMatch(new RegExp(`${third.discipline.name}\\s*4,0\\s*—\\s*5,0\\s*4,5\\s*—\\s*—\\s*EM CURSO`));
    // Every discipline of the grid has its row, graded or not.
    for (const d of grid.list) expect(text).toContain(d.discipline.name);
    expect(text).toContain('Média para aprovação: 6,0');
    // Under the passing grade (6,0) in red: Matemática's 5,0, the third discipline's grades and average.
    const runs = await coloredRuns(file.content);
    const red = runs.filter((r) => r.color === '#c62828').map((r) => r.text);
    expect(red.sort()).toEqual(['4,0', '4,5', '5,0', '5,0']);
    expect(runs.find((r) => r.text === '6,3')?.color).toBe('#000000');
  });

  it("answers the original client's path with the spreadsheet it saves, the same lines, marks in red", async () => {
    const { student, grid, third } = await graded('Beatriz Planilha');
    const file = await download(shared, `/api/exports/student-report-card/${student}/team/1`);
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(savedName(file.disposition)).toBe('boletim_do_aluno.xlsx');
    expect((await download(shared, `/api/exports/student-report-card/${student}/team/1?type_print=xlsx`)).type).toBe(
      file.type,
    );
    const sheet = (await readWorkbook(file.content)).worksheets[0];
    const rows = sheetRows(sheet);
    expect(rows[0][0]).toBe('Escola Modelo Secretaria');
    expect(rows[1][0]).toBe('BOLETIM ESCOLAR');
    expect(rows.map((r) => r[0])).toEqual(
      expect.arrayContaining(['Aluno: BEATRIZ PLANILHA', 'Turma: Turma Médio 2026 A']),
    );
    const header = rows.findIndex((r) => r[0] === 'DISCIPLINA');
    expect(rows[header]).toEqual([
      'DISCIPLINA',
      '1ª ETAPA',
      '2ª ETAPA',
      '3ª ETAPA',
      'MÉDIA',
      'FALTAS',
      'FREQUÊNCIA',
      'RESULTADO',
    ]);
    const line = (name: string) => rows.find((r) => r[0] === name);
    // Grades are numbers a spreadsheet can sum, shown with one decimal; the average of 7,5 and 5,0 half up.
    expect(line('Matemática')).toEqual(['Matemática', 7.5, 5, '—', 6.3, '—', '—', 'EM CURSO']);
    expect(line('História')).toEqual(['História', 9, 8, 10, 9, '—', '—', 'APROVADO']);
    expect(line(third.discipline.name)).toEqual([third.discipline.name, 4, '—', 5, 4.5, '—', '—', 'EM CURSO']);
    for (const d of grid.list) expect(line(d.discipline.name)).toBeDefined();
    const math = sheet.getRow(header + 1 + rows.slice(header + 1).findIndex((r) => r[0] === 'Matemática') + 1);
    expect(math.getCell(2).numFmt).toBe('0.0');
    // Under the passing grade (6,0) in red: Matemática's 5,0, not its 7,5 nor its 6,3.
    expect(math.getCell(3).font?.color?.argb).toBe('FFC00000');
    expect(math.getCell(2).font?.color?.argb).not.toBe('FFC00000');
    expect(math.getCell(5).font?.color?.argb).not.toBe('FFC00000');
    expect(rows.map((r) => r[0])).toContain(
      'Média para aprovação: 6,0. Frequência mínima: 75%. Notas abaixo da média e frequência abaixo da mínima em vermelho.',
    );
  });

  it('answers the JSON check instead of a file for a student without grades in that team', async () => {
    const student = await enrolled('Bruna Sem Notas');
    const file = await download(shared, `/api/exports/student-report-card/${student}/team/1`);
    expect(file.status).toBe(200);
    expect(file.json).toEqual({ error: true, message: 'Esse aluno não possui notas para poder gerar um boletim.' });
  });

  it('answers 404 when the student is not enrolled in the team', async () => {
    const student = await enrolled('Caio Outra Turma', 3);
    const file = await download(shared, `/api/exports/student-report-card/${student}/team/1`);
    expect(file.status).toBe(404);
    expect(file.json?.message).toBe('Este aluno não está matriculado nesta turma.');
  });
});
