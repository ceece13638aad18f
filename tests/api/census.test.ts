import { expect, it } from 'vitest';
import { CENSUS_LIMITS } from '../../server/census/routes';
import { dynamic } from '../../server/db/connection';
import { completeSchool, enrolStudent, staffMember, YEAR } from './support/census';
import { serverPerTest, type PerTest } from './support/per-test';
import { download, savedName } from './support/reports';
import { ADMIN, describeOnDatabases } from './support/server';

/** The lines of a census file, read as INEP reads it (ISO-8859-1), split into fields. */
function records(content: Buffer): string[][] {
  return content
    .toString('latin1')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('|'));
}

/** Every grade of a team's grid for a student, the same grade (tenths): 90 passes, 20 fails. */
async function gradeAll(fresh: PerTest, teamId: number, studentId: number, grade: number) {
  const k = dynamic(fresh.server.db);
  const team = await k.selectFrom('teams').select('grid_id').where('id', '=', teamId).executeTakeFirstOrThrow();
  const cells = await k
    .selectFrom('grid_templates')
    .select(['discipline_id', 'stage_id'])
    .where('grid_id', '=', team.grid_id)
    .execute();
  const now = new Date().toISOString();
  for (const c of cells)
    await k
      .insertInto('grades')
      .values({ ...c, student_id: studentId, team_id: teamId, grade, created_at: now, updated_at: now })
      .execute();
}

describeOnDatabases('Censo Escolar: check, export and INEP return file (issue 40)', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  it('check is empty on the demo school, whose census data the seed completes', async () => {
    // The template's demo school has its teams, teacher and director, without students: one enrolled, complete.
    const k = dynamic(fresh.server.db);
    const team = await k.selectFrom('teams').select('id').orderBy('id').executeTakeFirstOrThrow();
    await enrolStudent(fresh, 'Ana Conceição Araújo', Number(team.id), '2026-02-10');
    const { status, body } = await call('GET', `/api/educacenso/${YEAR}/check`);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect((await download(fresh, `/api/educacenso/${YEAR}/export?stage=1`)).status).toBe(200);
  });

  it('check names each kind of missing field, with the screen that fixes it', async () => {
    const [teamId, otherTeam] = await completeSchool(fresh);
    const k = dynamic(fresh.server.db);
    await k.updateTable('school_settings').set({ inep_code: null }).execute();
    await k.updateTable('teams').set({ start_time: null }).where('id', '=', otherTeam).execute();
    const { student } = await enrolStudent(fresh, 'João da Silva', teamId, '2026-02-10', { race: null });
    const teacher = await staffMember(fresh, 'Lúcia Helena Prado', { teamId, fields: { schooling: null } });
    await staffMember(fresh, 'Carla Diretora Nunes', { manager: true });
    const team = await k.selectFrom('teams').select('name').where('id', '=', otherTeam).executeTakeFirstOrThrow();

    const { status, body } = await call('GET', `/api/educacenso/${YEAR}/check`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toEqual(
      expect.arrayContaining([
        {
          record: 'escola',
          id: 1,
          name: expect.any(String),
          field: 'inep_code',
          message: 'Escola: código INEP não informado.',
          link: '/admin/configuracoes',
        },
        {
          record: 'turma',
          id: otherTeam,
          name: team.name,
          field: 'start_time',
          message: `Turma ${String(team.name).toLocaleUpperCase('pt-BR')}: horário de início ausente.`,
          link: `/admin/turmas/${otherTeam}/editar`,
        },
        {
          record: 'aluno',
          id: student,
          name: 'João da Silva',
          field: 'race',
          message: 'Aluno JOÃO DA SILVA: cor/raça não informada.',
          link: `/admin/alunos/${student}/editar`,
        },
        {
          record: 'profissional',
          id: teacher,
          name: 'Lúcia Helena Prado',
          field: 'schooling',
          message: 'Profissional LÚCIA HELENA PRADO: escolaridade não informada.',
          link: `/admin/usuarios/${teacher}/editar`,
        },
      ]),
    );
    // Nothing else: the rest of the school is complete.
    expect(body.data).toHaveLength(4);

    // The file is refused with the same list while there are problems.
    const refused = await call('GET', `/api/educacenso/${YEAR}/export?stage=1`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('O arquivo do Censo não pode ser gerado: 4 pendências a corrigir.');
    expect(refused.body.errors.censo).toContain('Aluno JOÃO DA SILVA: cor/raça não informada.');
    expect(refused.body.data).toHaveLength(4);

    // Fixing the student's form removes their problem.
    const fixed = await call('PUT', `/api/students/${student}`, { name: 'João da Silva', race: '1' });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const after = await call('GET', `/api/educacenso/${YEAR}/check`);
    expect(after.body.data.map((p: { field: string }) => p.field).sort()).toEqual([
      'inep_code',
      'schooling',
      'start_time',
    ]);
  });

  it("a private school's mantenedora, its CNPJ, the council's sphere and drinking water: checked, then written", async () => {
    const [teamId] = await completeSchool(fresh);
    await staffMember(fresh, 'Carla Diretora Nunes', { manager: true });
    await staffMember(fresh, 'Lúcia Helena Prado', { teamId });
    await enrolStudent(fresh, 'Ana Conceição Araújo', teamId, '2026-02-10');
    const k = dynamic(fresh.server.db);
    // A non-profit mantenedora of a regulated school owes its CNPJ; the other answers are simply missing.
    await k
      .updateTable('school_settings')
      .set({ private_maintainer: '["4"]', regulation_sphere: null, infra_drinking_water: null })
      .execute();
    const check = await call('GET', `/api/educacenso/${YEAR}/check`);
    expect(check.body.data.map((p: { message: string }) => p.message).sort()).toEqual([
      'Escola: CNPJ da mantenedora principal não informado.',
      'Escola: esfera do conselho ou órgão que regulamenta a escola não informada.',
      'Escola: fornecimento de água potável não informado.',
    ]);
    await k.updateTable('school_settings').set({ private_maintainer: null }).execute();
    const noMaintainer = await call('GET', `/api/educacenso/${YEAR}/check`);
    expect(noMaintainer.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'private_maintainer',
          message: 'Escola: mantenedora da escola privada não informada.',
          link: '/admin/configuracoes',
        }),
      ]),
    );

    // Through the settings' form, as the secretary answers them.
    const settings = (await call('GET', '/api/school-settings')).body.data;
    const saved = await call('PUT', '/api/school-settings', {
      ...settings,
      private_maintainer: ['4', '5'],
      maintainer_cnpj: '12.abc.345/01de-35',
      regulation_sphere: '2',
      infra_drinking_water: '1',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call('GET', `/api/educacenso/${YEAR}/check`)).body.data).toEqual([]);
    const file = await download(fresh, `/api/educacenso/${YEAR}/export?stage=1`);
    expect(file.status, JSON.stringify(file.json)).toBe(200);
    const lines = records(file.content);
    const school = lines.find((f) => f[0] === '00')!;
    // Fields 26–31: empresa, sindicato, ONG, sem fins lucrativos, Sistema S, Oscip.
    expect(school.slice(25, 31)).toEqual(['0', '0', '0', '1', '1', '0']);
    expect(school[31]).toBe('1'); // categoria: particular
    expect(school[46]).toBe('12ABC34501DE35'); // CNPJ da mantenedora
    expect(school[47]).toBe('11222333000181'); // CNPJ da escola
    expect(school[48]).toBe('1'); // regulamentada
    expect(school[49]).toBe('2'); // esfera estadual
    const infra = lines.find((f) => f[0] === '10')!;
    expect(infra[16]).toBe('1'); // água potável
    expect(infra[90]).toBe('12'); // salas de aula
    expect(infra.slice(110, 115)).toEqual(['1', '1', '0', '0', '0']); // internet: administrativo, ensino
  });

  it("stage 1 of a complete school: one record 60 per student enrolled on the reference date, the layout's fields", async () => {
    const [teamId, otherTeam] = await completeSchool(fresh);
    await staffMember(fresh, 'Carla Diretora Nunes', { manager: true });
    await staffMember(fresh, 'Lúcia Helena Prado', { teamId });
    const onTime = await enrolStudent(fresh, 'Ana Conceição Araújo', teamId, '2026-02-10');
    const onDay = await enrolStudent(fresh, "Pedro D'Ávila Müller", otherTeam, '2026-05-27');
    const late = await enrolStudent(fresh, 'Beatriz Chegou Depois', teamId, '2026-06-10');
    const gone = await enrolStudent(fresh, 'Caio Saiu Antes', teamId, '2026-02-10');
    const leftAfter = await enrolStudent(fresh, 'Davi Saiu Depois', otherTeam, '2026-02-10');
    const left = await call('POST', `/api/registrations/${gone.registration}/leave`, {
      date: '2026-04-30',
      kind: 'abandono',
    });
    expect(left.status, JSON.stringify(left.body)).toBe(201);
    const moved = await call('POST', `/api/registrations/${leftAfter.registration}/leave`, {
      date: '2026-08-03',
      kind: 'abandono',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);

    const check = await call('GET', `/api/educacenso/${YEAR}/check`);
    expect(check.body.data).toEqual([]);

    const file = await download(fresh, `/api/educacenso/${YEAR}/export?stage=1`);
    expect(file.status, file.json?.message).toBe(200);
    expect(file.type).toBe('text/plain; charset=iso-8859-1');
    expect(savedName(file.disposition)).toBe('censo-escolar-2026-etapa-1-35123456.txt');
    const lines = records(file.content);
    const counts: Record<string, number> = {
      '00': 53,
      '10': 187,
      '20': 66,
      '30': 110,
      '40': 7,
      '50': 38,
      '60': 33,
      '99': 1,
    };
    for (const fields of lines) expect(fields.length, fields[0]).toBe(counts[fields[0]]);
    // In the layout's order: 00, 10, the teams, the people, managers, teachers, enrolments, 99.
    const types = lines.map((f) => f[0]);
    expect(types).toEqual([...types].sort());
    expect(types.filter((t) => t === '00' || t === '10' || t === '99')).toEqual(['00', '10', '99']);
    expect(types).toContain('40');
    expect(types).toContain('50');
    // The enrolments of the reference date (27/05/2026): not the one enrolled after it, nor the one gone before it.
    const enrolled = lines.filter((f) => f[0] === '60').map((f) => f[2]);
    expect(enrolled.sort()).toEqual([`A${onTime.student}`, `A${onDay.student}`, `A${leftAfter.student}`].sort());
    expect(enrolled).not.toContain(`A${late.student}`);
    const person = lines.find((f) => f[0] === '30' && f[2] === `A${onDay.student}`)!;
    expect(person[5]).toBe('PEDRO DAVILA MULLER');
    expect(person[6]).toBe('09/03/2019');
    expect(person[11]).toBe('3');
    // A team (1º ano, mornings Monday to Friday): the 2026 layout's schedule per day, kind, etapa agregada and etapa.
    const team = lines.find((f) => f[0] === '20' && f[2] === String(teamId))!;
    expect(team.slice(6, 13)).toEqual(['', ...Array<string>(5).fill('07:30-12:00'), '']);
    expect(team[13]).toBe('6'); // escolarização
    expect(team[22]).toBe('302'); // ensino fundamental
    expect(team[23]).toBe('14');
    // Upper case without accents, nothing the layout forbids; ISO-8859-1 (one byte per character).
    for (const fields of lines) for (const f of fields) expect(f).toMatch(/^[A-Z0-9 @._/:ªº-]*$/);
    expect(file.content.toString('latin1')).not.toMatch(/[a-zà-ÿ]/);
  });

  it("record 20 offers the components of the team's grid (with or without a docente), record 50 lists the docente's", async () => {
    const [teamId, otherTeam] = await completeSchool(fresh);
    const k = dynamic(fresh.server.db);
    await k.deleteFrom('team_teachers').execute();
    await staffMember(fresh, 'Carla Diretora Nunes', { manager: true });
    // Lúcia, docente, teaches Língua Portuguesa (the helper's first discipline) and Matemática; Rui, an auxiliar
    // (census role 2), is in the room for Física: Física is offered without a docente.
    const lucia = await staffMember(fresh, 'Lúcia Helena Prado', { teamId });
    const rui = await staffMember(fresh, 'Rui Auxiliar Costa', { teamId, fields: { census_role: '2' } });
    const discipline = async (name: string) =>
      Number((await k.selectFrom('disciplines').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);
    const now = new Date().toISOString();
    await k
      .insertInto('team_teachers')
      .values({ team_id: teamId, user_id: lucia, discipline_id: await discipline('Matemática'), created_at: now })
      .execute();
    await k.deleteFrom('team_teachers').where('user_id', '=', rui).execute();
    await k
      .insertInto('team_teachers')
      .values({ team_id: teamId, user_id: rui, discipline_id: await discipline('Física'), created_at: now })
      .execute();
    // The other team is a pré-escola: educação infantil answers no components.
    await k.updateTable('teams').set({ census_stage: '2' }).where('id', '=', otherTeam).execute();
    await enrolStudent(fresh, 'Ana Conceição Araújo', teamId, '2026-02-10');

    const file = await download(fresh, `/api/educacenso/${YEAR}/export?stage=1`);
    expect(file.status, JSON.stringify(file.json)).toBe(200);
    const lines = records(file.content);
    // The médio grid: Língua Portuguesa (6), Matemática (3), História (12), Geografia (13), Biologia (4), Física (2).
    const team = lines.find((f) => f[0] === '20' && f[2] === String(teamId))!;
    const at = (position: number) => team[position - 1];
    expect(at(39)).toBe('0'); // 1 Química: not in the grid
    expect(at(40)).toBe('2'); // 2 Física: offered, only an auxiliar
    expect(at(41)).toBe('1'); // 3 Matemática: Lúcia
    expect(at(42)).toBe('2'); // 4 Biologia: nobody
    expect(at(44)).toBe('1'); // 6 Língua Portuguesa: Lúcia
    expect(at(50)).toBe('2'); // 12 História
    expect(at(51)).toBe('2'); // 13 Geografia
    expect(at(53)).toBe('0'); // 16 Informática
    expect(at(64)).toBe('0'); // 33 Projeto de vida
    expect(at(65)).toBe('0'); // 99 Outras
    expect(team.slice(38, 65).filter((v) => v !== '0')).toHaveLength(6);
    expect(at(66)).toBe('0'); // classe bilíngue de surdos, after the components
    const preschool = lines.find((f) => f[0] === '20' && f[2] === String(otherTeam))!;
    expect(preschool.slice(38, 65)).toEqual(Array<string>(27).fill(''));

    const teaching = (user: number) =>
      lines.find((f) => f[0] === '50' && f[2] === `P${user}` && f[4] === String(teamId))!;
    expect(teaching(lucia).slice(8, 33)).toEqual(['3', '6', ...Array<string>(23).fill('')]);
    expect(teaching(lucia)[6]).toBe('1');
    expect(teaching(rui).slice(8, 33)).toEqual(Array<string>(25).fill(''));
  });

  it('a discipline of a schooling team without its componente curricular is named, and the file refused', async () => {
    const [teamId, otherTeam] = await completeSchool(fresh);
    await staffMember(fresh, 'Carla Diretora Nunes', { manager: true });
    await staffMember(fresh, 'Lúcia Helena Prado', { teamId });
    await enrolStudent(fresh, 'Ana Conceição Araújo', teamId, '2026-02-10');
    const k = dynamic(fresh.server.db);
    const math = await k
      .selectFrom('disciplines')
      .select(['id', 'name', 'teaching_id', 'amount_of_reviews', 'workload'])
      .where('name', '=', 'Matemática')
      .executeTakeFirstOrThrow();
    const { name, teaching_id, amount_of_reviews, workload } = math;
    const form = { name, teaching_id, amount_of_reviews: Number(amount_of_reviews), workload: Number(workload) };
    // The form refuses a code that is not INEP's; it takes the empty answer.
    const bad = await call('PUT', `/api/disciplines/${math.id}`, { ...form, census_component: '15' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.census_component).toBeDefined();
    const cleared = await call('PUT', `/api/disciplines/${math.id}`, { ...form, census_component: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    // Only the first team stays a schooling team with components: the others are a pré-escola and an AEE.
    await k.updateTable('teams').set({ census_stage: '2' }).where('id', '=', otherTeam).execute();
    await k.updateTable('teams').set({ attendance_kind: '5' }).where('id', 'not in', [teamId, otherTeam]).execute();
    const team = await k.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirstOrThrow();

    const check = await call('GET', `/api/educacenso/${YEAR}/check`);
    expect(check.body.data).toEqual([
      {
        record: 'turma',
        id: teamId,
        name: team.name,
        field: `census_component:${math.id}`,
        message: `Turma ${String(team.name).toLocaleUpperCase('pt-BR')}: a disciplina Matemática não tem o componente curricular do Censo.`,
        link: `/admin/disciplinas/${math.id}/editar`,
      },
    ]);
    const refused = await call('GET', `/api/educacenso/${YEAR}/export?stage=1`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('O arquivo do Censo não pode ser gerado: 1 pendência a corrigir.');

    // Answered on the discipline's form, the file goes.
    const fixed = await call('PUT', `/api/disciplines/${math.id}`, { ...form, census_component: '3' });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data.census_component).toBe('3');
    expect((await call('GET', `/api/educacenso/${YEAR}/check`)).body.data).toEqual([]);
    expect((await download(fresh, `/api/educacenso/${YEAR}/export?stage=1`)).status).toBe(200);
  });

  it('stage 2 carries each verdict and movement, and the enrolments admitted after the reference date', async () => {
    const [teamId] = await completeSchool(fresh);
    await staffMember(fresh, 'Carla Diretora Nunes', { manager: true });
    const k = dynamic(fresh.server.db);
    await k.updateTable('teams').set({ inep_id: '12345678' }).execute();
    const people = {
      approved: await enrolStudent(fresh, 'Ana Aprovada', teamId, '2026-02-10'),
      failed: await enrolStudent(fresh, 'Bruno Reprovado', teamId, '2026-02-10'),
      transferred: await enrolStudent(fresh, 'Clara Transferida', teamId, '2026-02-10'),
      abandoned: await enrolStudent(fresh, 'Diego Abandonou', teamId, '2026-02-10'),
      died: await enrolStudent(fresh, 'Elisa In Memoriam', teamId, '2026-02-10'),
      ongoing: await enrolStudent(fresh, 'Fabio Em Curso', teamId, '2026-02-10'),
      admitted: await enrolStudent(fresh, 'Gabriela Chegou Em Agosto', teamId, '2026-08-03'),
    };
    let n = 100000000000;
    for (const p of Object.values(people)) {
      await k
        .updateTable('students')
        .set({ inep_id: String(n++) })
        .where('id', '=', p.student)
        .execute();
      // The enrolment's INEP code, as the return file of stage 1 gives it (not the one admitted after it).
      if (p !== people.admitted)
        await k
          .updateTable('registrations')
          .set({ inep_code: `7${String(p.registration).padStart(11, '0')}` })
          .where('id', '=', p.registration)
          .execute();
    }
    await gradeAll(fresh, teamId, people.approved.student, 90);
    await gradeAll(fresh, teamId, people.failed.student, 20);
    const moves = [
      call('POST', `/api/registrations/${people.transferred.registration}/transfer`, {
        date: '2026-09-01',
        destination_school: 'Colégio Tiradentes',
        destination_city: 'Belém - PA',
      }),
      call('POST', `/api/registrations/${people.abandoned.registration}/leave`, {
        date: '2026-09-02',
        kind: 'abandono',
      }),
      call('POST', `/api/registrations/${people.died.registration}/leave`, { date: '2026-09-03', kind: 'falecimento' }),
    ];
    for (const answer of await Promise.all(moves)) expect(answer.status, JSON.stringify(answer.body)).toBe(201);

    const file = await download(fresh, `/api/educacenso/${YEAR}/export?stage=2`);
    expect(file.status, JSON.stringify(file.json)).toBe(200);
    const lines = records(file.content);
    expect(lines[0][0]).toBe('89');
    expect(lines[0]).toHaveLength(6);
    // The demo school's director answers.
    expect(lines[0][3]).toMatch(/^[A-Z ]+$/);
    const situation = (p: { student: number }) => lines.find((f) => f[5] === `A${p.student}`);
    expect(situation(people.approved)?.slice(0, 1).concat(situation(people.approved)!.slice(-1))).toEqual(['90', '5']);
    expect(situation(people.failed)?.[7]).toBe('4');
    expect(situation(people.transferred)?.[7]).toBe('1');
    expect(situation(people.abandoned)?.[7]).toBe('2');
    expect(situation(people.died)?.[7]).toBe('3');
    expect(situation(people.ongoing)?.[7]).toBe('7');
    // Field 7: the enrolment's INEP code (i-Educar refuses it empty: IsNotEmptyInepNumberEnrollment).
    for (const p of [people.approved, people.failed, people.died])
      expect(situation(p)?.[6]).toBe(`7${String(p.registration).padStart(11, '0')}`);
    const admitted = situation(people.admitted)!;
    expect(admitted[0]).toBe('91');
    expect(admitted).toHaveLength(11);
    expect(admitted[10]).toBe('7');
    // The team has its INEP code: mediação, modalidade and etapa stay empty.
    expect(admitted.slice(3, 10)).toEqual(['12345678', '100000000006', `A${people.admitted.student}`, '', '', '', '']);
    for (const f of lines.filter((l) => l[0] === '90')) expect(f).toHaveLength(8);
  });

  it('stage 2 is refused while the INEP ids of students and teams are missing', async () => {
    const [teamId] = await completeSchool(fresh);
    await staffMember(fresh, 'Carla Diretora Nunes', { manager: true });
    const { student } = await enrolStudent(fresh, 'Ana Sem Código', teamId, '2026-02-10');
    const { status, body } = await call('GET', `/api/educacenso/${YEAR}/export?stage=2`);
    expect(status).toBe(422);
    expect(body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ record: 'aluno', id: student, field: 'inep_id' }),
        expect.objectContaining({ record: 'turma', id: teamId, field: 'inep_id' }),
      ]),
    );
  });

  it("stage 2 is refused while an enrolment lacks its INEP code, named on the student's line", async () => {
    const [teamId] = await completeSchool(fresh);
    await staffMember(fresh, 'Carla Diretora Nunes', { manager: true });
    const k = dynamic(fresh.server.db);
    await k.updateTable('teams').set({ inep_id: '12345678' }).execute();
    const joao = await enrolStudent(fresh, 'João da Silva', teamId, '2026-02-10');
    await k.updateTable('students').set({ inep_id: '100000000001' }).where('id', '=', joao.student).execute();
    const problem = {
      record: 'aluno',
      id: joao.student,
      name: 'João da Silva',
      field: 'registration_inep_code',
      message: 'Aluno JOÃO DA SILVA: código INEP da matrícula ausente (vem do arquivo de retorno do INEP).',
      link: `/admin/alunos/${joao.student}/editar`,
    };
    expect((await call('GET', `/api/educacenso/${YEAR}/check?stage=2`)).body.data).toEqual([problem]);
    const refused = await call('GET', `/api/educacenso/${YEAR}/export?stage=2`);
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual([problem]);
    // Stage 1 asks nothing of it: INEP gives the code only after stage 1.
    expect((await call('GET', `/api/educacenso/${YEAR}/check`)).body.data).toEqual([]);

    await k
      .updateTable('registrations')
      .set({ inep_code: '700000000001' })
      .where('id', '=', joao.registration)
      .execute();
    const file = await download(fresh, `/api/educacenso/${YEAR}/export?stage=2`);
    expect(file.status, JSON.stringify(file.json)).toBe(200);
    expect(records(file.content).find((f) => f[0] === '90')?.[6]).toBe('700000000001');
  });

  it('the return file fills the INEP ids, lists the unmatched, and a second import changes nothing', async () => {
    const [teamId] = await completeSchool(fresh);
    await staffMember(fresh, 'Carla Diretora Nunes', { manager: true });
    const teacher = await staffMember(fresh, 'Lúcia Helena Prado', { teamId });
    const ana = await enrolStudent(fresh, 'Ana Conceição Araújo', teamId, '2026-02-10');
    const file = await download(fresh, `/api/educacenso/${YEAR}/export?stage=1`);
    expect(file.status, JSON.stringify(file.json)).toBe(200);
    // INEP's answer: the same file with the ids filled in, plus a person INEP knows and we do not.
    let next = 200000000000;
    const answered = records(file.content).map((f) => {
      if (f[0] === '20') f[3] = `9${String(f[2]).padStart(7, '0')}`;
      if (f[0] === '30') f[3] = String(next++);
      // Record 60 keeps our codes of the student (3) and the team (5) and gains the enrolment's INEP code (7).
      if (f[0] === '60') f[6] = '700000000123';
      return f;
    });
    const unknown = ['30', '35123456', '', '299999999999', '', 'FULANO DESCONHECIDO', '01/01/2010', '1', 'MAE DELE'];
    answered.splice(-1, 0, [...unknown, ...Array<string>(110 - unknown.length).fill('')]);
    // An enrolment INEP knows of a student we do not have (by neither our code nor the INEP id).
    const stranger = ['60', '35123456', 'A999999', '299999999998', String(teamId), '', '700000000999'];
    answered.splice(-1, 0, [...stranger, ...Array<string>(33 - stranger.length).fill('')]);
    const text = answered.map((f) => f.join('|')).join('\r\n');
    const send = async () => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(text, 'latin1')]), 'retorno.txt');
      const response = await fetch(`${fresh.server.url}/api/educacenso/${YEAR}/return`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fresh.token}` },
        body: form,
      });
      return { status: response.status, body: await response.json() };
    };
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.updated.alunos).toBe(1);
    expect(first.body.data.updated.profissionais).toBeGreaterThanOrEqual(2);
    expect(first.body.data.updated.turmas).toBeGreaterThanOrEqual(1);
    expect(first.body.data.updated.matriculas).toBe(1);
    const k = dynamic(fresh.server.db);
    const teamName = (await k.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirstOrThrow())
      .name;
    expect(first.body.data.unmatched).toEqual([
      { record: 'aluno', name: 'FULANO DESCONHECIDO', birth_date: '01/01/2010', inep_id: '299999999999' },
      { record: 'matricula', name: `A999999, turma ${teamName}`, inep_id: '700000000999' },
    ]);
    const registration = await k
      .selectFrom('registrations')
      .select('inep_code')
      .where('id', '=', ana.registration)
      .executeTakeFirstOrThrow();
    expect(registration.inep_code).toBe('700000000123');
    const enrolmentAudit = async () =>
      (
        await k
          .selectFrom('audit_log')
          .select(['user_id', 'action', 'changes'])
          .where('entity', '=', 'registrations')
          .where('entity_id', '=', ana.registration)
          .where('action', '=', 'update')
          .execute()
      ).map((a) => ({ ...a, user_id: Number(a.user_id), changes: JSON.parse(String(a.changes)) as unknown }));
    const student = await k
      .selectFrom('students')
      .select('inep_id')
      .where('id', '=', ana.student)
      .executeTakeFirstOrThrow();
    expect(student.inep_id).toMatch(/^2\d{11}$/);
    const staff = await k.selectFrom('users').select('inep_id').where('id', '=', teacher).executeTakeFirstOrThrow();
    expect(staff.inep_id).toMatch(/^2\d{11}$/);
    const team = await k.selectFrom('teams').select('inep_id').where('id', '=', teamId).executeTakeFirstOrThrow();
    expect(team.inep_id).toBe(`9${String(teamId).padStart(7, '0')}`);

    // The student's audit (as the LGPD export hands it out) shows the INEP id written, by whoever sent the file.
    const admin = await k.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    const inepChanges = async () =>
      (
        (await call('GET', `/api/students/${ana.student}/export`)).body.audit as {
          action: string;
          changes: Record<string, unknown>;
          user_id: number;
        }[]
      ).filter((a) => a.action === 'update' && 'inep_id' in a.changes);
    expect(await inepChanges()).toEqual([
      expect.objectContaining({
        action: 'update',
        changes: { inep_id: [null, student.inep_id] },
        user_id: Number(admin.id),
      }),
    ]);

    expect(await enrolmentAudit()).toEqual([
      { user_id: Number(admin.id), action: 'update', changes: { inep_code: [null, '700000000123'] } },
    ]);

    const again = await send();
    expect(again.body.data.updated).toEqual({ alunos: 0, profissionais: 0, turmas: 0, matriculas: 0 });
    expect(await inepChanges()).toHaveLength(1);
    expect(await enrolmentAudit()).toHaveLength(1);
  });

  it("the return file's ids and their audit rows are written together: a failing write leaves neither", async () => {
    const [teamId] = await completeSchool(fresh);
    await staffMember(fresh, 'Carla Diretora Nunes', { manager: true });
    const ana = await enrolStudent(fresh, 'Ana Conceição Araújo', teamId, '2026-02-10');
    const file = await download(fresh, `/api/educacenso/${YEAR}/export?stage=1`);
    expect(file.status, JSON.stringify(file.json)).toBe(200);
    let next = 200000000000;
    const text = records(file.content)
      .map((f) => {
        if (f[0] === '30') f[3] = String(next++);
        return f.join('|');
      })
      .join('\r\n');
    // The audit table refuses its next row: the ids written before it in the same transaction go back.
    const k = dynamic(fresh.server.db);
    await k.schema.alterTable('audit_log').renameTo('audit_log_away').execute();
    try {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(text, 'latin1')]), 'retorno.txt');
      const response = await fetch(`${fresh.server.url}/api/educacenso/${YEAR}/return`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fresh.token}` },
        body: form,
      });
      expect(response.status).toBe(500);
    } finally {
      await k.schema.alterTable('audit_log_away').renameTo('audit_log').execute();
    }
    const student = await k.selectFrom('students').select('inep_id').where('id', '=', ana.student).executeTakeFirst();
    expect(student?.inep_id ?? null).toBeNull();
  });

  it('refuses what is not a census year, stage or file, in words', async () => {
    expect((await call('GET', '/api/educacenso/2019/check')).body.errors.year[0]).toContain('anos disponíveis: 2026');
    expect((await call('GET', '/api/educacenso/abc/export?stage=1')).status).toBe(422);
    const stage = await call('GET', `/api/educacenso/${YEAR}/export?stage=3`);
    expect(stage.status).toBe(422);
    expect(stage.body.errors.stage[0]).toBe(
      'Informe a etapa do Censo: 1 (matrícula inicial) ou 2 (situação do aluno).',
    );
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('nada a ver\n')]), 'x.txt');
    const response = await fetch(`${fresh.server.url}/api/educacenso/${YEAR}/return`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fresh.token}` },
      body: form,
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.file[0]).toContain('não é um arquivo do Censo Escolar');
  });

  it('refuses a year with more enrolments than the cap before building anything, in words', async () => {
    const [teamId] = await completeSchool(fresh);
    await enrolStudent(fresh, 'Ana Conceição Araújo', teamId, '2026-02-10');
    await enrolStudent(fresh, 'Bruno Henrique Lima', teamId, '2026-02-10');
    const cap = CENSUS_LIMITS.enrolments;
    CENSUS_LIMITS.enrolments = 1;
    try {
      for (const path of ['check', 'export?stage=1']) {
        const { status, body } = await call('GET', `/api/educacenso/${YEAR}/${path}`);
        expect(status).toBe(422);
        expect(body.message).toBe(
          'O Censo de 2026 tem 2 matrículas, mais que as 1 que o sistema gera de uma vez: confira se as turmas do ' +
            'ano letivo estão certas ou procure o suporte.',
        );
      }
    } finally {
      CENSUS_LIMITS.enrolments = cap;
    }
    expect((await call('GET', `/api/educacenso/${YEAR}/check`)).status).toBe(200);
  });
});
