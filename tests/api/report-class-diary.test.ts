import { expect, it } from 'vitest';
import { formatDate } from '../../resources/format';
import { pdfPages, pdfText } from '../support/pdf-text';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerTest } from './support/per-test';
import { download, readWorkbook, savedName, sheetRows } from './support/reports';
import { describeOnDatabases } from './support/server';

const day = (n: number) => formatDate(daysAgo(n)).slice(0, 5);

describeOnDatabases('the class diary prints the lessons, the absences and the frequency', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  /**
   * Matemática: three lessons (2, 1 and 3 periods), Ana misses 3 periods, Bruno 5 justified, Carla (enrolled
   * after the first two) 1 of the third; História: one lesson with no absence.
   */
  async function school() {
    const diary = await diaryOf(fresh);
    const ana = await diary.enrol('Ana Beatriz');
    const bruno = await diary.enrol('Bruno Araújo');
    const carla = await diary.enrol('Carla Chegou Depois', daysAgo(5));
    const first = await diary.lesson({ date: daysAgo(10), periods: 2, content: 'Frações equivalentes' });
    const second = await diary.lesson({ date: daysAgo(8), periods: 1, content: 'Frações impróprias' });
    const third = await diary.lesson({ date: daysAgo(3), periods: 3, content: 'Porcentagem' });
    await diary.lesson({
      discipline_id: diary.history.discipline.id,
      stage_id: diary.history.stages[0].id,
      date: daysAgo(4),
      periods: 1,
      content: 'Revolução Francesa',
    });
    const mark = async (lesson: number, attendance: unknown[]) =>
      expect((await call('PUT', `/api/lessons/${lesson}/attendance`, { attendance })).status).toBe(200);
    const sick = { justified: true, reason: 'Atestado médico' };
    await mark(first, [
      { registration_id: ana, absences: 2 },
      { registration_id: bruno, absences: 1, ...sick },
    ]);
    await mark(second, [
      { registration_id: ana, absences: 1 },
      { registration_id: bruno, absences: 1, ...sick },
    ]);
    await mark(third, [
      { registration_id: bruno, absences: 3, ...sick },
      { registration_id: carla, absences: 1 },
    ]);
    return diary;
  }

  it('writes a sheet per discipline with a column per lesson, the marks, the totals and the frequency', async () => {
    await school();
    const file = await download(fresh, '/api/exports/class-diary?team_id=1');
    expect(file.status, file.content.toString()).toBe(200);
    expect(savedName(file.disposition)).toBe('diario_de_classe.xlsx');
    const workbook = await readWorkbook(file.content);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Biologia',
      'Física',
      'Geografia',
      'História',
      'Língua Portuguesa',
      'Matemática',
      'Conteúdo ministrado',
    ]);
    const rows = sheetRows(workbook.getWorksheet('Matemática')!);
    expect(rows[1][0]).toBe('DIÁRIO DE CLASSE');
    expect(rows[3][0]).toMatch(/^ANO: \d{4} {4}ETAPA: todas$/);
    expect(rows[6][0]).toBe('Frequência mínima: 75%    Faltas justificadas não contam na frequência');
    // The team's LDB line (issue 38): its year's school days and its hours against the minimums.
    expect(rows[7][0]).toMatch(
      /^LDB: \d+ dias letivos em \d{4} \(mínimo 200\) · [\d.]+ h planejadas na grade \(mínimo 800\) · \d+ h-aula dadas$/,
    );
    const header = rows.findIndex((r) => r[0] === 'Nº');
    expect(rows[header]).toEqual([
      'Nº',
      'ALUNO',
      `${day(10)} (2)`,
      `${day(8)} (1)`,
      `${day(3)} (3)`,
      'AULAS DADAS',
      'FALTAS',
      'JUSTIFICADAS',
      'FREQUÊNCIA',
    ]);
    const body = rows.slice(header + 1, header + 4).map((r) => Array.from(r, (v) => v ?? ''));
    expect(body).toEqual([
      [1, 'ANA BEATRIZ', '2', 'F', '', 6, 3, 0, '50,0%'],
      [2, 'BRUNO ARAÚJO', '1J', 'J', '3J', 6, 5, 5, '100,0%'],
      // Enrolled after the first two lessons: not absent from them, and they are not hers.
      [3, 'CARLA CHEGOU DEPOIS', '—', '—', '1', 3, 1, 0, '66,7%'],
    ]);
    // Below the school's minimum, in red.
    const low = workbook
      .getWorksheet('Matemática')!
      .getRow(header + 2)
      .getCell(9);
    expect(low.font?.color?.argb).toBe('FFC00000');

    const history = sheetRows(workbook.getWorksheet('História')!);
    const hHeader = history.findIndex((r) => r[0] === 'Nº');
    expect(history[hHeader + 1].slice(3)).toEqual([1, 0, 0, '100,0%']);
    const biology = sheetRows(workbook.getWorksheet('Biologia')!);
    expect(biology.some((r) => r[1] === 'Nenhuma aula registrada.')).toBe(true);

    const contents = sheetRows(workbook.getWorksheet('Conteúdo ministrado')!);
    const cHeader = contents.findIndex((r) => r[0] === 'DATA');
    expect(contents[cHeader]).toEqual(['DATA', 'DISCIPLINA', 'ETAPA', 'PERÍODOS', 'CONTEÚDO']);
    expect(
      contents.slice(cHeader + 1).map((r) => [(r[0] as Date).toISOString().slice(0, 10), r[1], r[2], r[3], r[4]]),
    ).toEqual([
      [daysAgo(10), 'Matemática', '1ª', 2, 'Frações equivalentes'],
      [daysAgo(8), 'Matemática', '1ª', 1, 'Frações impróprias'],
      [daysAgo(4), 'História', '1ª', 1, 'Revolução Francesa'],
      [daysAgo(3), 'Matemática', '1ª', 3, 'Porcentagem'],
    ]);
  });

  it('counts justified absences when the school says so, and filters by discipline and stage', async () => {
    const { math } = await school();
    const settings = (await call('GET', '/api/school-settings')).body.data;
    expect((await call('PUT', '/api/school-settings', { ...settings, justified_absences_count: true })).status).toBe(
      200,
    );
    const file = await download(
      fresh,
      `/api/exports/class-diary?team_id=1&discipline_id=${math.discipline.id}&stage=1`,
    );
    expect(file.status, file.content.toString()).toBe(200);
    const workbook = await readWorkbook(file.content);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Matemática', 'Conteúdo ministrado']);
    const rows = sheetRows(workbook.worksheets[0]);
    expect(rows[3][0]).toMatch(/ETAPA: 1ª$/);
    const header = rows.findIndex((r) => r[0] === 'Nº');
    expect(rows.slice(header + 1, header + 4).map((r) => r.slice(5))).toEqual([
      [6, 3, 0, '50,0%'],
      [6, 5, 5, '16,7%'],
      [3, 1, 0, '66,7%'],
    ]);
    const contents = sheetRows(workbook.worksheets[1]);
    expect(contents.filter((r) => r[1] === 'História')).toEqual([]);

    const second = await download(fresh, `/api/exports/class-diary?team_id=1&stage=2`);
    const mathRows = sheetRows((await readWorkbook(second.content)).getWorksheet('Matemática')!);
    expect(mathRows.some((r) => r[1] === 'Nenhuma aula registrada.')).toBe(true);

    const wrong = await download(fresh, '/api/exports/class-diary?team_id=1&discipline_id=999999&stage=9');
    expect(wrong.status).toBe(422);
    expect(wrong.json?.errors?.discipline_id).toEqual(['Escolha uma disciplina da grade desta turma.']);
  });

  it('prints the diary as a landscape PDF, lessons in groups that fit the page, and the content taught', async () => {
    const { lesson } = await school();
    // 40 more lessons of one period: more than one page's width of columns.
    for (let n = 0; n < 40; n++) await lesson({ date: daysAgo(20 + n), periods: 1, content: `Exercícios ${n + 1}` });
    const file = await download(fresh, '/api/exports/class-diary?team_id=1&type_print=pdf');
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(savedName(file.disposition)).toBe('diario_de_classe.pdf');
    const pages = await pdfPages(file.content);
    const flat = pages.map((p) => p.replace(/\s+/g, ' '));
    const math = flat.filter((p) => p.includes('DISCIPLINA: Matemática'));
    expect(math.length).toBeGreaterThanOrEqual(2);
    expect(math[0]).toMatch(/DIÁRIO DE CLASSE — aulas 1 a \d+ de 43/);
    const last = math.at(-1)!;
    expect(last).toMatch(/aulas \d+ a 43 de 43/);
    expect(last).toContain('Aulas dadas');
    expect(last).toMatch(/ANA BEATRIZ .*2 F 46 3 0 93,5%/);
    expect(last).toMatch(/BRUNO ARAÚJO .*1J J 3J 46 5 5 100,0%/);
    expect(last).toMatch(/CARLA CHEGOU DEPOIS (— )+1 3 1 0 66,7%/);
    const text = await pdfText(file.content);
    expect(text).toContain('CONTEÚDO MINISTRADO');
    expect(text).toContain(`${formatDate(daysAgo(3))} Matemática 1ª 3 Porcentagem`);
    expect(text).toContain('Assinatura da coordenação pedagógica');
  });
});
