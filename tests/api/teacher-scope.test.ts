import { beforeAll, expect, it } from 'vitest';
import { students as studentsConfig } from '../../resources/students';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

interface Registration {
  id: number;
  student: { id: number; name: string };
}

/** What a teacher must never read of a student (issue 24): every field marked `personal`, and what derives from it. */
const PERSONAL = [...studentsConfig.fields.filter((f) => f.personal).map((f) => f.name), 'age', 'documents'];

describeOnDatabases("a professor's reach: their own classes", (dialect) => {
  const school = serverPerFile(dialect);
  const call = school.call;
  let teacher: (method: string, path: string, body?: unknown) => ReturnType<typeof call>;
  let clerk: typeof teacher;
  /** The teacher's team and the discipline they teach there; another discipline of its grid; another team. */
  let mine: number;
  let taught: { id: number; discipline: string };
  let untaught: { id: number; discipline: string };
  let other: number;
  /** A student of the teacher's team; a student enrolled only in other teams. */
  let pupil: number;
  let stranger: number;

  const studentsOf = async (team: number) =>
    ((await call('GET', `/api/teams/${team}/students`)).body.registrations as Registration[]).map((r) => r.student.id);

  async function signedIn(name: string, email: string, role_id: number) {
    const created = await call('POST', '/api/users', { name, email, password: 'senha-forte-1', role_id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = await school.server.session(email);
    return (method: string, path: string, body?: unknown) => school.server.request(method, path, { token, body });
  }

  /** A student with every personal field filled in, enrolled in a team: their id. */
  async function enrolledIn(team: number, name: string, cpf: string): Promise<number> {
    const student = await call('POST', '/api/students', {
      name,
      cpf,
      rg: '12.345.678-9',
      email: `${cpf}@familia.com.br`,
      phone: '11987654321',
      cep: '01001000',
      street: 'Praça da Sé',
      number: '100',
      neighborhood: 'Sé',
      city: 'São Paulo',
      uf: 'SP',
      birth_date: '2010-05-20',
      name_mother: 'Maria da Silva',
    });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    const id = Number(student.body.data.id);
    expect((await call('POST', '/api/registrations', { student_id: id, team_id: team })).status).toBe(201);
    return id;
  }

  beforeAll(async () => {
    const teams = (await call('GET', '/api/teams?page=0')).body.data as { id: number }[];
    expect(teams.length).toBeGreaterThan(1);
    [mine, other] = [teams[0].id, teams[1].id];
    pupil = await enrolledIn(mine, 'Aluna da Marta', '52998224725');
    stranger = await enrolledIn(other, 'Aluno de Outra Turma', '11144477735');
    const disciplines = (await call('GET', `/api/teams/${mine}/disciplines`)).body as (typeof taught)[];
    expect(disciplines.length).toBeGreaterThan(1);
    [taught, untaught] = disciplines;

    teacher = await signedIn('Marta Professora', 'marta.professora@escola.com.br', ROLE_IDS.professor);
    clerk = await signedIn('Sérgio Secretaria', 'sergio.secretaria@escola.com.br', ROLE_IDS.secretaria);
    const users = (await call('GET', '/api/users?page=0')).body.data as { id: number; email: string }[];
    const marta = users.find((u) => u.email === 'marta.professora@escola.com.br')!;
    const assigned = await call('POST', `/api/teams/${mine}/teachers`, { user_id: marta.id, discipline_id: taught.id });
    expect(assigned.status).toBe(201);
  });

  it('lists only the teams the professor teaches, with their total, and 404 for any other team', async () => {
    const list = await teacher('GET', '/api/teams');
    expect(list.status).toBe(200);
    expect(list.body.data.map((t: { id: number }) => t.id)).toEqual([mine]);
    expect(list.body.total).toBe(1);
    // A search looks only among them too.
    const searched = await teacher('GET', `/api/teams?search=${encodeURIComponent(list.body.data[0].name)}`);
    expect(searched.body.data.map((t: { id: number }) => t.id)).toEqual([mine]);
    expect(searched.body.total).toBe(1);
    // The school's office still sees every team.
    expect((await clerk('GET', '/api/teams')).body.total).toBeGreaterThan(1);

    for (const path of ['', '/disciplines', '/students', '/grades', '/teachers']) {
      expect((await teacher('GET', `/api/teams/${mine}${path}`)).status, path).toBe(200);
      const out = await teacher('GET', `/api/teams/${other}${path}`);
      expect(out.status, path).toBe(404);
      expect(out.body.message).toMatch(/não encontrad/);
    }
    expect((await teacher('GET', `/api/grids/${mine}/get-full-grid`)).status).toBe(200);
    expect((await teacher('GET', `/api/grids/${other}/get-full-grid`)).body).toEqual({
      message: 'Turma não encontrada.',
    });
    expect((await clerk('GET', `/api/teams/${other}/students`)).status).toBe(200);
    // The dashboard's students per team: theirs alone.
    const perTeam = (await teacher('GET', '/api/indicators/number-students-per-teams')).body as { name: string }[];
    expect(perTeam.map((t) => t.name)).toEqual([list.body.data[0].name]);
    expect((await clerk('GET', '/api/indicators/number-students-per-teams')).body.length).toBeGreaterThan(1);
  });

  it('lists only the students of the professor’s teams, without their personal data', async () => {
    const list = await teacher('GET', '/api/students?page=0');
    expect(list.status).toBe(200);
    const ids = list.body.data.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b);
    expect(ids).toEqual([...new Set(await studentsOf(mine))].sort((a, b) => a - b));
    expect(list.body.total).toBe(ids.length);
    for (const row of list.body.data) {
      for (const key of PERSONAL) expect(row, key).not.toHaveProperty(key);
      expect(row).toHaveProperty('name');
      expect(row).toHaveProperty('status');
      for (const r of row.registrations) expect(r).not.toHaveProperty('financials');
    }
    // A search finds only among them: another team's student is not found by name.
    const found = await teacher('GET', `/api/students?search=${encodeURIComponent('Aluno de Outra Turma')}`);
    expect(found.body).toMatchObject({ data: [], total: 0 });
    const own = await teacher('GET', `/api/students?search=${encodeURIComponent('Aluna da Marta')}`);
    expect(own.body.data.map((s: { id: number }) => s.id)).toEqual([pupil]);
    expect(own.body.total).toBe(1);
    expect((await clerk('GET', '/api/students?search=Aluno%20de%20Outra%20Turma')).body.total).toBe(1);
    // Nor by a personal field of their own student: finding her by CPF, e-mail or mother would tell them.
    for (const personal of ['52998224725', '529.982.247-25', '52998224725@familia', 'Maria da Silva']) {
      const byPersonal = await teacher('GET', `/api/students?search=${encodeURIComponent(personal)}`);
      expect(byPersonal.body, personal).toMatchObject({ data: [], total: 0 });
    }
    expect((await clerk('GET', '/api/students?search=52998224725')).body.data[0].id).toBe(pupil);
    expect((await teacher('GET', '/api/students?search=marta')).body.data[0].id).toBe(pupil);
    expect((await teacher('GET', `/api/students?search=${pupil}`)).body.data.map((s: { id: number }) => s.id)).toEqual([
      pupil,
    ]);
    // A personal field is not an order either (it would tell its values).
    expect((await teacher('GET', '/api/students?sortBy=cpf')).status).toBe(422);

    const record = await teacher('GET', `/api/students/${pupil}`);
    expect(record.status).toBe(200);
    const [student] = record.body;
    expect(student.id).toBe(pupil);
    for (const key of PERSONAL) expect(student, key).not.toHaveProperty(key);
    expect(student.registrations.length).toBeGreaterThan(0);
    expect(student.registrations[0].number).toMatch(/\d/);
    for (const r of student.registrations) expect(r).not.toHaveProperty('financials');

    // The office reads them all, with the personal data.
    const full = (await clerk('GET', `/api/students/${pupil}`)).body[0];
    for (const key of ['cpf', 'rg', 'street', 'phone', 'name_mother', 'birth_date']) expect(full).toHaveProperty(key);
    expect(full.registrations[0]).toHaveProperty('financials');
    expect((await clerk('GET', '/api/students?sortBy=cpf')).status).toBe(200);
  });

  it("answers 404 for a student outside the professor's teams, on every route of the student", async () => {
    for (const path of ['', '/get-image', '/observations', '/status-history']) {
      const out = await teacher('GET', `/api/students/${stranger}${path}`);
      expect(out.status, path).toBe(404);
      expect(out.body.message).toMatch(/não encontrado/);
    }
    expect((await teacher('GET', `/api/grades/${stranger}/get-grade-by-student`)).status).toBe(404);
    expect((await teacher('GET', `/api/students/${pupil}/observations`)).status).toBe(200);
    expect((await clerk('GET', `/api/students/${stranger}`)).status).toBe(200);
  });

  it('lets the professor grade only the disciplines they teach in their team (403 elsewhere)', async () => {
    // The grade entry offers them only their own discipline.
    expect((await teacher('GET', `/api/teams/${mine}/disciplines`)).body.map((d: { id: number }) => d.id)).toEqual([
      taught.id,
    ]);
    expect((await clerk('GET', `/api/teams/${mine}/disciplines`)).body.length).toBeGreaterThan(1);
    const stageOf = async (team: number, discipline: number) => {
      const grid = (await call('GET', `/api/grids/${team}/get-full-grid?discipline_id=${discipline}`)).body;
      const slots = Object.values(grid.list as Record<string, { stage_id?: number }[]>).flat();
      return slots.find((s) => s.stage_id !== undefined)!.stage_id!;
    };
    const cell = async (team: number, discipline: number, student: number, grade: string) => ({
      student_id: student,
      stage_id: await stageOf(team, discipline),
      discipline_id: discipline,
      team_id: team,
      grade,
    });

    const saved = await teacher('POST', '/api/grades', { grades: [await cell(mine, taught.id, pupil, '8.5')] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const grades = (await call('GET', `/api/teams/${mine}/grades`)).body as { student_id: number; grade: string }[];
    expect(grades.some((g) => g.student_id === pupil && g.grade === '8.5')).toBe(true);

    const forbidden = { message: 'Você não tem permissão para lançar notas desta disciplina.' };
    const another = await teacher('POST', '/api/grades', { grades: [await cell(mine, untaught.id, pupil, '7')] });
    expect(another.status).toBe(403);
    expect(another.body).toMatchObject(forbidden);
    const otherDisciplines = (await call('GET', `/api/teams/${other}/disciplines`)).body as { id: number }[];
    const elsewhere = await teacher('POST', '/api/grades', {
      grades: [await cell(other, otherDisciplines[0].id, stranger, '7')],
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject(forbidden);
    // The office grades any discipline.
    const office = await clerk('POST', '/api/grades', { grades: [await cell(mine, untaught.id, pupil, '6')] });
    expect(office.status, JSON.stringify(office.body)).toBe(200);
  });
});
