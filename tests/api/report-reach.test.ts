import { beforeAll, expect, it } from 'vitest';
import { fileReports } from '../../reports';
import type { FileReport, ReportField } from '../../reports/types';
import { hasBuilder } from '../../server/reports/builders/keys';
import { slotsOf } from '../support/full-grid';
import { pdfText } from '../support/pdf-text';
import { daysAgo } from './support/diary';
import { serverPerFile } from './support/per-test';
import { portalSession } from './support/portal';
import { readWorkbook, sheetRows } from './support/reports';
import { describeOnDatabases, ROLE_IDS } from './support/server';

/**
 * Issue 34: every report keeps to the caller's reach and personal-data permission. Two students with every personal
 * field filled in, one in team 1 (the teacher's), one in team 3; a professor given both report permissions, and a
 * "Coordenação" role with the reports but without `students.personal`.
 */
const MINE = 1;
const OTHER = 3;
const TODAY = daysAgo(0);

/** A student's personal fields, each with the text a file would show it as (masked, formatted, as a date cell). */
function personalOf(n: number) {
  const fields = {
    gender: { value: 'F', shown: ['Feminino'] },
    cpf: { value: n === 1 ? '52998224725' : '11144477735', shown: [n === 1 ? '529.982.247-25' : '111.444.777-35'] },
    rg: { value: `RG77${n}0441`, shown: [`RG77${n}0441`] },
    expedient_body: { value: `SSPX${n}`, shown: [`SSPX${n}`] },
    nationality: { value: `Islandesa${n}`, shown: [`Islandesa${n}`] },
    naturalness: { value: `Naturalópolis${n}`, shown: [`Naturalópolis${n}`] },
    birth_date: { value: `2009-07-1${n}`, shown: [`1${n}/07/2009`, `2009-07-1${n}`] },
    name_mother: { value: `Mãe Confidencial ${n}`, shown: [`Mãe Confidencial ${n}`] },
    email: { value: `aluna${n}.oculta@familia.com.br`, shown: [`aluna${n}.oculta@familia.com.br`] },
    phone: { value: `9198765432${n}`, shown: [`98765-432${n}`, `9198765432${n}`] },
    cep: { value: `6699912${n}`, shown: [`66999-12${n}`, `6699912${n}`] },
    street: { value: `Travessa Sigilosa ${n}`, shown: [`Travessa Sigilosa ${n}`] },
    number: { value: `Lote ${n}7B`, shown: [`Lote ${n}7B`] },
    neighborhood: { value: `Bairro Discreto ${n}`, shown: [`Bairro Discreto ${n}`] },
    city: { value: `Cidade Recôndita ${n}`, shown: [`Cidade Recôndita ${n}`] },
    // Two letters are found anywhere: the UF is checked with its column (report-student-data.test.ts).
    uf: { value: 'AC', shown: [] as string[] },
  };
  return fields;
}
type Personal = ReturnType<typeof personalOf>;

/** What a person reads in a file: every cell of every sheet, the PDF's text, the CSV; lower case. */
async function readable(response: Response): Promise<{ status: number; type: string; text: string }> {
  const type = response.headers.get('content-type') ?? '';
  const content = Buffer.from(await response.arrayBuffer());
  let text = content.toString('utf8');
  if (type.includes('spreadsheetml')) {
    const workbook = await readWorkbook(content);
    text = workbook.worksheets
      .flatMap((sheet) => sheetRows(sheet))
      .flat()
      .map((v) => (v instanceof Date ? v.toISOString() : String(v ?? '')))
      .join('\n');
  } else if (type.includes('pdf')) {
    text = await pdfText(content);
  }
  return { status: response.status, type, text: text.toLocaleLowerCase('pt-BR') };
}

/** The personal fields of `personal` whose values a text shows. */
const shownIn = (text: string, personal: Personal) =>
  Object.entries(personal)
    .filter(([, p]) => p.shown.some((s) => text.includes(s.toLocaleLowerCase('pt-BR'))))
    .map(([name]) => name);

/** A report's address with its fields filled in: a team and a student named, or none (the ones a report may omit). */
function addressOf(report: FileReport, ids: { team: number; student: number }, named: boolean, format?: string) {
  const given: Record<string, string> = {
    // Wide periods, a threshold everyone is under, this month: every report has something to print.
    start_date: '2020-01-01',
    end_date: '2030-12-31',
    frequency: '100',
    month: TODAY.slice(0, 7),
  };
  const value = (f: ReportField): string | undefined => {
    if (f.kind === 'team' || f.kind === 'teams' || f.kind === 'studentTeam')
      return named || f.required ? String(ids.team) : undefined;
    if (f.kind === 'student') return named || f.required ? String(ids.student) : undefined;
    if (f.name === 'type_print') return format;
    return given[f.name];
  };
  const query: string[] = [];
  const inPath = new Set<string>();
  const path = report.api.replace(/\{(\w+)\}/g, (_, name: string) => {
    inPath.add(name);
    return value(report.fields.find((f) => f.name === name)!)!;
  });
  for (const f of report.fields) {
    const v = value(f);
    if (v === undefined || inPath.has(f.name)) continue;
    query.push(`${f.name}${f.kind === 'teams' ? '[]' : ''}=${encodeURIComponent(v)}`);
  }
  if (report.confirmable) query.push('confirm=1');
  return `/api${path}${query.length ? `?${query.join('&')}` : ''}`;
}

/** Every file the registry's built reports make, in each of their formats. */
const FILES = fileReports
  .filter((r) => hasBuilder(r.key))
  .flatMap((report): { report: FileReport; format: string | undefined }[] =>
    report.format === 'xlsx|pdf'
      ? [
          { report, format: 'xlsx' },
          { report, format: 'pdf' },
        ]
      : [{ report, format: undefined }],
  );

describeOnDatabases('reports keep to the reach and the personal data of the caller (issue 34)', (dialect) => {
  const school = serverPerFile(dialect);
  const { call } = school;
  let pupil: number;
  let stranger: number;
  const pupilData = personalOf(1);
  const strangerData = personalOf(2);
  const tokens: Record<'admin' | 'teacher' | 'coordination', string> = { admin: '', teacher: '', coordination: '' };

  const get = (who: keyof typeof tokens, path: string) =>
    fetch(`${school.server.url}${path}`, { headers: { authorization: `Bearer ${tokens[who]}` } });

  /** A student with every personal field, enrolled in `team`, graded in every stage, with a lesson and charges. */
  async function student(name: string, team: number, personal: Personal): Promise<number> {
    const body = { name, ...Object.fromEntries(Object.entries(personal).map(([k, p]) => [k, p.value])) };
    const created = await call('POST', '/api/students', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = Number(created.body.data.id);
    const enrolled = await call('POST', '/api/registrations', { student_id: id, team_id: team });
    expect(enrolled.status).toBe(201);
    const registration = Number(enrolled.body.data.id);
    const slots = slotsOf((await call('GET', `/api/grids/${team}/get-full-grid`)).body);
    const grades = slots.flatMap((s) =>
      s.stages.map((st) => ({ student_id: id, team_id: team, discipline_id: s.discipline.id, stage_id: st.id })),
    );
    const graded = await call('POST', '/api/grades', { grades: grades.map((g) => ({ ...g, grade: '8,0' })) });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    // One of five periods missed: 80 %, above the school's minimum (a completion statement is issued) and under 100.
    const lesson = await call('POST', '/api/lessons', {
      team_id: team,
      discipline_id: slots[0].discipline.id,
      stage_id: slots[0].stages[0].id,
      date: TODAY,
      periods: 5,
      content: `Aula de ${name}`,
    });
    expect(lesson.status, JSON.stringify(lesson.body)).toBe(201);
    const roll = [{ registration_id: registration, absences: 1 }];
    expect((await call('PUT', `/api/lessons/${lesson.body.data.id}/attendance`, { attendance: roll })).status).toBe(
      200,
    );
    const charge = (extra: Record<string, unknown>) =>
      call('POST', '/api/financials', {
        registration_id: registration,
        value: '450,00',
        service_type_id: 1,
        payment_type: 4,
        ...extra,
      });
    expect((await charge({ due_date: '2025-02-10', quota: 1 })).status).toBe(201);
    expect((await charge({ due_date: '2025-03-10', quota: 2, paid: 1, pay_day: '2025-03-09' })).status).toBe(201);
    return id;
  }

  async function user(name: string, email: string, role_id: number) {
    const created = await call('POST', '/api/users', { name, email, password: 'senha-forte-1', role_id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return Number(created.body.data.id);
  }

  beforeAll(async () => {
    tokens.admin = school.token;
    pupil = await student('Pietra Alcance', MINE, pupilData);
    stranger = await student('Otávio Fora', OTHER, strangerData);

    // The professor given both report permissions, teaching one discipline of team 1.
    const reports = ['students.read', 'teams.read', 'grades.write', 'master.read', 'reports.general'];
    const perms = [...reports, 'reports.financial'];
    expect((await call('PUT', `/api/roles/${ROLE_IDS.professor}`, { permissions: perms })).status).toBe(200);
    const teacher = await user('Telma Professora', 'telma@escola.com.br', ROLE_IDS.professor);
    const discipline = slotsOf((await call('GET', `/api/grids/${MINE}/get-full-grid`)).body)[0].discipline.id;
    const assigned = await call('POST', `/api/teams/${MINE}/teachers`, { user_id: teacher, discipline_id: discipline });
    expect(assigned.status).toBe(201);
    tokens.teacher = await school.server.session('telma@escola.com.br');

    const role = await call('POST', '/api/roles', {
      name: 'Coordenação',
      permissions: ['reports.general', 'reports.financial'],
    });
    expect(role.status).toBe(201);
    await user('Caio Coordenador', 'caio@escola.com.br', role.body.data.id);
    tokens.coordination = await school.server.session('caio@escola.com.br');
  });

  it('prints of a student exactly the personal fields each report declares, and none for a role without them', async () => {
    const wrong: string[] = [];
    for (const { report, format } of FILES) {
      const path = addressOf(report, { team: MINE, student: pupil }, true, format);
      const admin = await readable(await get('admin', path));
      const coordination = await readable(await get('coordination', path));
      const name = `${report.key}${format ? ` (${format})` : ''}`;
      if (admin.status !== 200 || !admin.text.includes('pietra'))
        wrong.push(`${name}: the office got ${admin.status} ${admin.text.slice(0, 120)}`);
      if (coordination.status !== 200 || !coordination.text.includes('pietra'))
        wrong.push(`${name}: the coordination got ${coordination.status} ${coordination.text.slice(0, 120)}`);
      // The office's file shows what the registry says the report prints, and nothing it does not say.
      const declared = report.personal.filter((f) => pupilData[f as keyof Personal].shown.length);
      expect(shownIn(admin.text, pupilData).sort(), name).toEqual([...declared].sort());
      expect(shownIn(coordination.text, pupilData), name).toEqual([]);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('leaves the personal columns out of the complete data for a role without personal data', async () => {
    const path = `/api/exports/report-of-student-data-by-class/${MINE}`;
    const header = async (who: keyof typeof tokens) => {
      const content = Buffer.from(await (await get(who, path)).arrayBuffer());
      const rows = sheetRows((await readWorkbook(content)).worksheets[0]);
      return { header: rows.find((r) => r[0] === 'Nº')!, pupil: rows.find((r) => r[2] === 'PIETRA ALCANCE')! };
    };
    const coordination = await header('coordination');
    expect(coordination.header).toEqual(['Nº', 'MATRÍCULA', 'NOME', 'STATUS', 'DATA DA MATRÍCULA']);
    expect(coordination.pupil).toHaveLength(5);
    const office = await header('admin');
    expect(office.header).toContain('CPF');
    expect(office.header).toContain('UF');
    expect(office.pupil).toContain('AC');
  });

  it('answers a teacher 404 for a team or a student of another class, on every report naming one', async () => {
    const wrong: string[] = [];
    for (const { report, format } of FILES) {
      const kinds = new Set(report.fields.map((f) => f.kind));
      const cases: [string, { team: number; student: number }, string][] = [];
      if (kinds.has('team') || kinds.has('teams') || kinds.has('studentTeam'))
        cases.push(['another team', { team: OTHER, student: pupil }, 'Turma não encontrada.']);
      if (kinds.has('student'))
        cases.push(['another student', { team: MINE, student: stranger }, 'Aluno não encontrado.']);
      for (const [what, ids, message] of cases) {
        const response = await get('teacher', addressOf(report, ids, true, format));
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        if (response.status !== 404 || body.message !== message)
          wrong.push(`${report.key} with ${what}: ${response.status} ${JSON.stringify(body)}`);
      }
      // Their own class: the file.
      const own = await readable(await get('teacher', addressOf(report, { team: MINE, student: pupil }, true, format)));
      if (own.status !== 200 || !own.text.includes('pietra')) wrong.push(`${report.key} of their class: ${own.status}`);
      // The teacher sees no personal data: none printed.
      expect(shownIn(own.text, pupilData), report.key).toEqual([]);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("covers only a teacher's classes where no team is named, where the office's covers the whole school", async () => {
    const wrong: string[] = [];
    for (const { report, format } of FILES.filter((f) => f.report.scope === 'reach')) {
      const path = addressOf(report, { team: MINE, student: pupil }, false, format);
      const teacher = await readable(await get('teacher', path));
      const office = await readable(await get('admin', path));
      if (teacher.status !== 200 || !teacher.text.includes('pietra') || teacher.text.includes('otávio'))
        wrong.push(`${report.key} (teacher): ${teacher.status} ${teacher.text.slice(0, 200)}`);
      if (!office.text.includes('pietra') || !office.text.includes('otávio'))
        wrong.push(`${report.key} (office): ${office.status} ${office.text.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it("lists a teacher's own enrolments in the general report, in its table and its CSV", async () => {
    const table = async (who: keyof typeof tokens, query = '') =>
      (
        (await (await get(who, `/api/reports/general-report-of-students?page=0${query}`)).json()) as {
          data: { name: string }[];
        }
      ).data.map((r) => r.name);
    expect(await table('teacher')).toContain('Pietra Alcance');
    expect(await table('teacher')).not.toContain('Otávio Fora');
    expect(await table('admin')).toContain('Otávio Fora');
    const dataTable = await (await get('teacher', '/api/reports/general-report-of-students?draw=1&length=-1')).json();
    expect(dataTable.recordsTotal).toBe(dataTable.data.length);
    expect(dataTable.data.map((r: { name: string }) => r.name)).not.toContain('Otávio Fora');
    const csv = await (await get('teacher', '/api/reports/general-report-of-students.csv')).text();
    expect(csv).toContain('Pietra Alcance');
    expect(csv).not.toContain('Otávio Fora');
  });

  it('never finds a student in the general report by a personal field the caller may not see', async () => {
    const byCpf = '&search=52998224725';
    const table = async (who: keyof typeof tokens, query: string) =>
      (
        (await (await get(who, `/api/reports/general-report-of-students?page=0${query}`)).json()) as {
          data: { name: string }[];
        }
      ).data.map((r) => r.name);
    expect(await table('admin', byCpf)).toEqual(['Pietra Alcance']);
    expect(await table('coordination', byCpf)).toEqual([]);
    expect(await table('coordination', '&search=aluna1.oculta')).toEqual([]);
    // By name, as anyone may.
    expect(await table('coordination', '&search=pietra')).toEqual(['Pietra Alcance']);
    const csv = await (
      await get('coordination', `/api/reports/general-report-of-students.csv?search=52998224725`)
    ).text();
    expect(csv).not.toContain('Pietra');
    const dataTable = await (
      await get('coordination', '/api/reports/general-report-of-students?draw=1&search[value]=52998224725')
    ).json();
    expect(dataTable.recordsFiltered).toBe(0);
  });

  it("still names the student's CPF and birth date on the declaration a family issues in the portal", async () => {
    const guardian = (await call('POST', '/api/guardians', { name: 'Mãe da Pietra', email: 'mae.pietra@exemplo.com' }))
      .body.data.id as number;
    const link = await call('POST', `/api/students/${pupil}/guardians`, {
      guardian_id: guardian,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const token = await portalSession(school.server, guardian, 'mae.pietra@exemplo.com');
    const issued = await school.server.request('POST', `/api/portal/students/${pupil}/declarations`, {
      token,
      body: {},
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const file = await fetch(`${school.server.url}${issued.body.document.download_url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await pdfText(Buffer.from(await file.arrayBuffer()));
    expect(text).toContain('inscrito(a) no CPF sob o nº 529.982.247-25');
    expect(text).toContain('nascido(a) em 11/07/2009');
  });
});
