import { beforeAll, expect, it } from 'vitest';
import { coloredRuns } from '../support/pdf-colors';
import { pdfText } from '../support/pdf-text';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerFile } from './support/per-test';
import { download, readWorkbook, sheetRows } from './support/reports';
import { describeOnDatabases } from './support/server';

/**
 * Every document that shows a result counts attendance (LDB art. 24, VI): the annual performance, the report
 * card, the history and the completion statement, from the lessons and roll calls of the class diary.
 */
describeOnDatabases('results that count attendance', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;
  const students: Record<string, { student: number; registration: number }> = {};

  // Team 1, Matemática: four lessons, 10 periods. História: no lesson recorded (attendance kept on paper).
  // Ana (enrolled 60 days ago) misses 6 of the 10 periods: 40 %, with an 8,0 average.
  // Bruno (enrolled 7 days ago) has only the last two lessons (6 periods): 2 justified absences and 1 not.
  beforeAll(async () => {
    const diary = await diaryOf(shared);
    const enrol = async (name: string, since: string) => {
      const registration = await diary.enrol(name, since);
      const found = (await call('GET', '/api/teams/1/students')).body.registrations.find(
        (r: { id: number }) => r.id === registration,
      );
      students[name] = { student: Number(found.student.id), registration };
    };
    await enrol('Ana Faltosa', daysAgo(60));
    await enrol('Bruno Chegou Depois', daysAgo(7));
    const grades = [];
    for (const [name, grade] of [
      ['Ana Faltosa', '8,0'],
      ['Bruno Chegou Depois', '7,0'],
    ])
      for (const slot of [diary.math, diary.history])
        for (const stage of slot.stages)
          grades.push({
            student_id: students[name].student,
            team_id: 1,
            discipline_id: slot.discipline.id,
            stage_id: stage.id,
            grade,
          });
    const saved = await call('POST', '/api/grades', { grades });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const ana = students['Ana Faltosa'].registration;
    const bruno = students['Bruno Chegou Depois'].registration;
    const lessons: [number, number, unknown[]][] = [
      [20, 2, [{ registration_id: ana, absences: 2 }]],
      [10, 2, [{ registration_id: ana, absences: 2 }]],
      [5, 2, [{ registration_id: bruno, absences: 2, justified: true, reason: 'Atestado médico' }]],
      [
        2,
        4,
        [
          { registration_id: ana, absences: 2 },
          { registration_id: bruno, absences: 1 },
        ],
      ],
    ];
    for (const [ago, periods, attendance] of lessons) {
      const id = await diary.lesson({ date: daysAgo(ago), periods });
      const marked = await call('PUT', `/api/lessons/${id}/attendance`, { attendance });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    }
  });

  /** Runs `check` with justified absences counted (true) or excused (false), then restores the settings. */
  async function withJustifiedCounted(counted: boolean, check: () => Promise<void>) {
    const settings = (await call('GET', '/api/school-settings')).body.data;
    const changed = await call('PUT', '/api/school-settings', { ...settings, justified_absences_count: counted });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    try {
      await check();
    } finally {
      await call('PUT', '/api/school-settings', settings);
    }
  }

  async function annualRows() {
    const file = await download(shared, '/api/exports/annual-performance-report/1');
    expect(file.status, file.content.toString()).toBe(200);
    const sheet = (await readWorkbook(file.content)).worksheets[0];
    const rows = sheetRows(sheet);
    const header = rows.findIndex((r) => r[0] === 'Nº');
    const line = (student: string, discipline: string) => {
      const index = rows.findIndex((r) => r[1] === student && r[2] === discipline);
      return { values: rows[index].slice(6), row: sheet.getRow(index + 1) };
    };
    return { rows, header, line };
  }

  it('annual performance: FALTAS and FREQUÊNCIA from the diary, REPROVADO POR FALTA in red despite an 8,0 average', async () => {
    const { rows, header, line } = await annualRows();
    expect(rows.slice(2, header).map((r) => r[0])).toContain('Frequência mínima para aprovação: 75%');
    expect(rows[header].slice(6)).toEqual(['RESULTADO', 'FALTAS', 'FREQUÊNCIA', 'RESULTADO FINAL']);
    const anaMath = line('ANA FALTOSA', 'Matemática');
    expect(anaMath.values).toEqual([8, 6, '40,0%', 'REPROVADO POR FALTA']);
    expect(anaMath.row.getCell(10).font?.color?.argb).toBe('FFC00000');
    expect(anaMath.row.getCell(9).font?.color?.argb).toBe('FFC00000');
    // No lesson of História recorded: no figure, and the grades alone decide.
    expect(line('ANA FALTOSA', 'História').values).toEqual([8, '—', '—', 'APROVADO']);
    // Bruno's lessons before his enrolment are not his; the justified absences are excused by default: 1 in 6.
    expect(line('BRUNO CHEGOU DEPOIS', 'Matemática').values).toEqual([7, 1, '83,3%', 'APROVADO']);
    await withJustifiedCounted(true, async () => {
      const counted = await annualRows();
      expect(counted.line('BRUNO CHEGOU DEPOIS', 'Matemática').values).toEqual([7, 3, '50,0%', 'REPROVADO POR FALTA']);
      expect(counted.line('BRUNO CHEGOU DEPOIS', 'História').values).toEqual([7, '—', '—', 'APROVADO']);
    });
  });

  async function reportCard(name: string) {
    const file = await download(
      shared,
      `/api/exports/student-report-card/${students[name].student}/team/1?type_print=pdf`,
    );
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe('application/pdf');
    return file.content;
  }

  it('report card: FALTAS, FREQUÊNCIA and the result of each discipline, failed by attendance in red', async () => {
    const pdf = await reportCard('Ana Faltosa');
    const text = await pdfText(pdf);
    expect(text).toMatch(/Disciplina\s*1ª etapa\s*2ª etapa\s*3ª etapa\s*Média\s*Faltas\s*Frequência\s*Resultado/);
    expect(text).toMatch(/Matemática 8,0 8,0 8,0 8,0 6 40,0% REPROVADO POR FALTA/);
    expect(text).toMatch(/História 8,0 8,0 8,0 8,0 — — APROVADO/);
    expect(text).toContain('Frequência mínima: 75%');
    const red = (await coloredRuns(pdf)).filter((r) => r.color === '#c62828').map((r) => r.text);
    expect(red.sort()).toEqual(['40,0%', 'REPROVADO POR FALTA']);

    expect(await pdfText(await reportCard('Bruno Chegou Depois'))).toMatch(/Matemática (7,0 ){4}1 83,3% APROVADO/);
    await withJustifiedCounted(true, async () => {
      const counted = await pdfText(await reportCard('Bruno Chegou Depois'));
      expect(counted).toMatch(/Matemática (7,0 ){4}3 50,0% REPROVADO POR FALTA/);
      expect(counted).toMatch(/História (7,0 ){4}— — APROVADO/);
    });
  });

  it('history: a frequency column per discipline and the result counting attendance, in the preview and the PDF', async () => {
    const { student } = students['Ana Faltosa'];
    const preview = await call('GET', `/api/documents/${student}/history-data?team_id=1`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.minimum).toBe(75);
    const rows = preview.body.data.rows as { discipline: string; frequency: number | null }[];
    expect(rows.find((r) => r.discipline === 'Matemática')?.frequency).toBe(40);
    expect(rows.find((r) => r.discipline === 'História')?.frequency).toBeNull();

    const issued = await call('POST', `/api/documents/${student}/history`, {
      team_id: 1,
      city: 'Ananindeua',
      uf: 'PA',
      day: 23,
      month: 11,
      year: 2026,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const file = await fetch(`${shared.server.url}/api/documents/storage/history/${issued.body.data.file_name}`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    const text = await pdfText(Buffer.from(await file.arrayBuffer()));
    expect(text).toMatch(/CH total Frequência Resultado/);
    expect(text).toMatch(/Matemática( 40 h 8\.0){3} 120 h 40,0% REPROVADO POR FALTA/);
    expect(text).toMatch(/História( 40 h 8\.0){3} 120 h — APROVADO/);
    expect(text).toContain('Frequência mínima para aprovação: 75%');
  });

  it('completion statement: refused with the reason, even when confirmed, for a student failed by attendance', async () => {
    const path = `/api/exports/certificate-of-completion/${students['Ana Faltosa'].student}/team/1`;
    const refusal = {
      error: true,
      message: 'O aluno foi reprovado por falta em Matemática (40,0%, mínimo 75%).',
    };
    for (const asked of [path, `${path}?confirm=1`]) {
      const refused = await download(shared, asked);
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual(refusal);
    }

    // Bruno passes with the justified absences excused: only the running course is to confirm.
    const brunoPath = `/api/exports/certificate-of-completion/${students['Bruno Chegou Depois'].student}/team/1`;
    const asked = await download(shared, brunoPath);
    expect(asked.status).toBe(409);
    expect(asked.json).toMatchObject({ error: true, confirm: true });
    expect(asked.json?.message).toMatch(/^Atenção: (a turma só termina em [\d/]+; )?faltam notas em Biologia/);
    expect(asked.json?.message).not.toContain('Matemática');
    expect((await download(shared, `${brunoPath}?confirm=1`)).type).toBe('application/pdf');
    await withJustifiedCounted(true, async () => {
      expect((await download(shared, `${brunoPath}?confirm=1`)).json).toEqual({
        error: true,
        message: 'O aluno foi reprovado por falta em Matemática (50,0%, mínimo 75%).',
      });
    });
  });
});
