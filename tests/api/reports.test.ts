import { beforeEach, expect, it } from 'vitest';
import { serverPerTest } from './support/per-test';
import { download, readWorkbook, savedName, sheetRows } from './support/reports';
import { describeOnDatabases } from './support/server';

describeOnDatabases('report files (worker threads, registry routes)', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = fresh.call;
  let team: { id: number; name: string };
  beforeEach(async () => {
    team = (await call('GET', '/api/teams?perPage=1&sortBy=id&sortDesc=0')).body.data[0];
    for (const name of ['Zélia Prado', 'Ágata Lins', 'bruno costa']) {
      const student = (await call('POST', '/api/students', { name })).body.data.id;
      await call('POST', '/api/registrations', { student_id: student, team_id: team.id });
    }
  });

  it('lists the students of a team, numbered and alphabetical, with the extra lines asked for', async () => {
    const file = await download(fresh, `/api/exports/students-per-class?team_id=${team.id}&extra_lines=3`);
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(savedName(file.disposition)).toBe('alunos_por_turma.xlsx');
    const sheet = (await readWorkbook(file.content)).worksheets[0];
    const rows = sheetRows(sheet);
    expect(rows[1][0]).toBe('ALUNOS POR TURMA');
    expect(rows[2][0]).toBe(`Turma: ${team.name}`);
    const header = rows.findIndex((r) => r[0] === 'Nº');
    expect(rows[header]).toEqual(['Nº', 'ALUNO', 'MATRÍCULA', 'ASSINATURA']);
    const body = rows.slice(header + 1);
    expect(body.map((r) => r[1] ?? '')).toEqual(['ÁGATA LINS', 'BRUNO COSTA', 'ZÉLIA PRADO', '', '', '']);
    expect(body.map((r) => r[0])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header + 1 });
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, fitToWidth: 1 });
  });

  it('adds one extra line by default and refuses a team that does not exist or a bad count', async () => {
    const file = await download(fresh, `/api/exports/students-per-class?team_id=${team.id}`);
    const rows = sheetRows((await readWorkbook(file.content)).worksheets[0]);
    expect(rows.filter((r) => typeof r[0] === 'number')).toHaveLength(4);

    const missing = await download(fresh, '/api/exports/students-per-class?team_id=999999');
    expect(missing.status).toBe(404);
    expect(missing.json?.message).toBe('Turma não encontrada.');

    const bad = await download(fresh, `/api/exports/students-per-class?team_id=abc&extra_lines=-1`);
    expect(bad.status).toBe(422);
    expect(bad.json?.errors).toEqual({
      team_id: ['Selecione um(a) Turma válido(a).'],
      extra_lines: ['O campo Linhas extras deve ser no mínimo 0.'],
    });

    const none = await download(fresh, '/api/exports/students-per-class');
    expect(none.status).toBe(422);
    expect(none.json?.errors?.team_id).toEqual(['O campo Turma é obrigatório.']);
  });

  it('needs a token', async () => {
    const response = await fetch(`${fresh.server.url}/api/exports/students-per-class?team_id=${team.id}`);
    expect(response.status).toBe(401);
  });
});
