import { expect, it } from 'vitest';
import { formatLongDate } from '../../resources/format';
import { pdfPages, pdfText } from '../support/pdf-text';
import { serverPerFile } from './support/per-test';
import { download, savedName } from './support/reports';
import { describeOnDatabases } from './support/server';

describeOnDatabases('report files: certificate of completion and registration statement', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;

  async function student(body: Record<string, unknown>, teamId?: number): Promise<number> {
    const created = await call('POST', '/api/students', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (teamId)
      expect(
        (await call('POST', '/api/registrations', { student_id: created.body.data.id, team_id: teamId })).status,
      ).toBe(201);
    return created.body.data.id;
  }

  it('states on the letterhead that the student completed the course and team, with masked CPF, birth date, city and long date', async () => {
    const id = await student({ name: 'Heloísa Conclusão Andrade', cpf: '52998224725', birth_date: '2008-03-01' }, 1);
    // Team 1 runs until 18/12/2026 and she has no grades yet: the school is asked before it states a completion.
    const asked = await download(shared, `/api/exports/certificate-of-completion/${id}/team/1`);
    // 409, never 200: a client that expects the file would save the JSON as the PDF.
    expect(asked.status).toBe(409);
    expect(asked.json).toMatchObject({ error: true, confirm: true });
    expect(asked.json?.message).toMatch(
      /^Atenção: a turma só termina em 18\/12\/2026; faltam notas em .*Matemática.*\. Emitir o atestado de conclusão mesmo assim\?$/,
    );
    const file = await download(shared, `/api/exports/certificate-of-completion/${id}/team/1?confirm=1`);
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(savedName(file.disposition)).toBe('atestado_de_conclusao.pdf');
    const pages = await pdfPages(file.content);
    expect(pages).toHaveLength(1);
    const text = await pdfText(file.content);
    // The letterhead: the school's name, city, e-mail and phones (masked), above the title.
    expect(text).toMatch(
      /^Escola Modelo Secretaria Ananindeua - Pará secretaria@demo\.invalid • \(91\) 98888-7777 • \(91\) 3222-0000 ATESTADO DE CONCLUSÃO DE CURSO/,
    );
    expect(text).toContain(
      'Atestamos, para os devidos fins, que HELOÍSA CONCLUSÃO ANDRADE, inscrito(a) no CPF sob o nº 529.982.247-25, nascido(a) em 01/03/2008, concluiu o curso Ensino Médio Regular, na Turma Médio 2026 A, no período de 02/02/2026 a 18/12/2026',
    );
    expect(text).not.toContain('52998224725');
    expect(text).toContain(`Ananindeua - Pará, ${formatLongDate(new Date())}.`);
    expect(text).toContain('Secretaria escolar');
  });

  it('names the disciplines a student of a finished team has not passed, and issues at once once they are passed', async () => {
    const team = await call('POST', '/api/teams', {
      name: 'Turma Concluída 2025',
      start_date: '2025-02-03',
      end_date: '2025-12-19',
      polo_id: 1,
      grid_id: 1,
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const teamId = team.body.data.id;
    const id = await student({ name: 'Otávio Quase Concluinte' }, teamId);
    const grid = (await call('GET', '/api/grids/1/get-full-grid')).body.list as Record<
      string,
      { stage_id?: number; discipline_id?: number }[]
    >;
    const cells = Object.entries(grid).flatMap(([name, stages]) =>
      stages.filter((s) => s.stage_id).map((s) => ({ name, stage_id: s.stage_id, discipline_id: s.discipline_id })),
    );
    const save = (grade: (name: string) => string) =>
      call('POST', '/api/grades', {
        grades: cells.map((c) => ({
          student_id: id,
          team_id: teamId,
          stage_id: c.stage_id,
          discipline_id: c.discipline_id,
          grade: grade(c.name),
        })),
      });
    expect((await save((name) => (name === 'Matemática' ? '4.0' : '8.0'))).status).toBe(200);
    const asked = await download(shared, `/api/exports/certificate-of-completion/${id}/team/${teamId}`);
    expect(asked.status).toBe(409);
    expect(asked.json).toMatchObject({
      error: true,
      confirm: true,
      message: 'Atenção: o aluno está abaixo da média em Matemática. Emitir o atestado de conclusão mesmo assim?',
    });

    expect((await save(() => '8.0')).status).toBe(200);
    const file = await download(shared, `/api/exports/certificate-of-completion/${id}/team/${teamId}`);
    expect(file.type).toBe('application/pdf');
    expect(await pdfText(file.content)).toContain('OTÁVIO QUASE CONCLUINTE');
  });

  it('declares the enrolment with the same letter, leaving out what the student has not given', async () => {
    const id = await student({ name: 'Bruno Matriculado' }, 3);
    const file = await download(shared, `/api/exports/registration-statement/${id}/team/3`);
    expect(file.status, file.content.toString()).toBe(200);
    expect(savedName(file.disposition)).toBe('declaracao_de_matricula.pdf');
    const text = await pdfText(file.content);
    expect(text).toContain('DECLARAÇÃO DE MATRÍCULA');
    expect(text).toMatch(
      /Declaramos, para os devidos fins, que BRUNO MATRICULADO, está regularmente matriculado\(a\) no curso Técnico em Enfermagem, na turma Enfermagem 2026\.1, com início em 02\/03\/2026 e término previsto em 30\/07\/2027, nesta instituição de ensino, sob a matrícula nº \d{6}\./,
    );
    expect(text).not.toContain('CPF');
    expect(text).not.toContain('nascido');
  });

  it('answers 404 for a student not enrolled in the team, a missing student or team, and 422 for a bad id', async () => {
    const id = await student({ name: 'Carla Sem Turma' }, 1);
    for (const key of ['certificate-of-completion', 'registration-statement']) {
      const outside = await download(shared, `/api/exports/${key}/${id}/team/2`);
      expect(outside.status).toBe(404);
      expect(outside.json?.message).toBe('Este aluno não está matriculado nesta turma.');
      const noStudent = await download(shared, `/api/exports/${key}/999999/team/1`);
      expect(noStudent.status).toBe(404);
      expect(noStudent.json?.message).toBe('Aluno não encontrado.');
      const noTeam = await download(shared, `/api/exports/${key}/${id}/team/999999`);
      expect(noTeam.json?.message).toBe('Turma não encontrada.');
      const bad = await download(shared, `/api/exports/${key}/abc/team/1`);
      expect(bad.status).toBe(422);
      expect(bad.json?.errors?.student).toEqual(['Selecione um(a) Aluno válido(a).']);
    }
  });
});
