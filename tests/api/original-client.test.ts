import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { schoolDayOf } from '../../resources/format';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, rawRequest } from './support/server';

/**
 * The client written for the original server (the one the spec describes), as it speaks: no header of ours, dates
 * read as dd/mm/aaaa and sent back as aaaa-mm-dd (or empty when it could not read them), every field on each save,
 * students and charges as multipart forms, grid rows as an object keyed "0", "1", …, edit paths with a stray brace.
 */
describeOnDatabases('the original client against our server', (dialect) => {
  const shared = serverPerFile(dialect);
  let seq = 0;

  /** A JSON call exactly as the original client makes it: the bearer token and the body, nothing else. */
  const original = (method: string, path: string, body?: unknown, token = shared.token) =>
    rawRequest(shared.server.url, method, path, { token, body });

  /** A multipart form, as the original client posts students and charges (text fields only). */
  const form = async (path: string, fields: Record<string, string | number>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
    const response = await fetch(`${shared.server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shared.token}` },
      body: data,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (await response.json()) as any };
  };

  /** What the original client's date helper does before saving: dd/mm/aaaa → aaaa-mm-dd; blank stays blank. */
  const toIso = (shown: unknown) => {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(String(shown ?? ''));
    return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
  };

  const stored = (table: string, id: number) =>
    dynamic(shared.server.db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** The student form of the original client, every field, as the record answered it. */
  const studentForm = (record: Record<string, unknown>, birth: string) => ({
    _method: 'PUT',
    name: String(record.name),
    gender: String(record.gender ?? ''),
    email: String(record.email ?? ''),
    cep: String(record.cep ?? ''),
    street: String(record.street ?? ''),
    number: String(record.number ?? ''),
    neighborhood: String(record.neighborhood ?? ''),
    city: String(record.city ?? ''),
    uf: String(record.uf ?? ''),
    phone: String(record.phone ?? ''),
    cpf: '',
    rg: String(record.rg ?? ''),
    expedient_body: String(record.expedient_body ?? ''),
    nationality: String(record.nationality ?? ''),
    naturalness: String(record.naturalness ?? ''),
    birth_date: birth,
    name_mother: String(record.name_mother ?? ''),
  });

  it('reads a birth date as dd/mm/aaaa, saves it back whole, and never loses it to an empty field', async () => {
    const created = await form('/api/students', {
      name: `Aluna Original ${++seq}`,
      gender: 'F',
      naturalness: 'Belém',
      city: 'Belém',
      birth_date: '2004-05-20',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.birth_date).toBe('20/05/2004');
    const id = created.body.data.id as number;

    const record = (await original('GET', `/api/students/${id}`)).body[0];
    expect(record.birth_date).toBe('20/05/2004');
    const listed = await original('GET', `/api/students?search=${encodeURIComponent(`Aluna Original ${seq}`)}`);
    expect(listed.body.data[0].birth_date).toBe('20/05/2004');

    // Saved as the client converts it: unchanged.
    const saved = await form(`/api/students/${id}`, {
      ...studentForm(record, toIso(record.birth_date)),
      city: 'Ananindeua',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.birth_date).toBe('20/05/2004');
    expect((await stored('students', id)).birth_date).toBe('2004-05-20');

    // Saved with the field empty (what the client sent when it could not read the date): the stored one stays.
    const blank = await form(`/api/students/${id}`, studentForm(record, ''));
    expect(blank.status, JSON.stringify(blank.body)).toBe(200);
    expect((await stored('students', id)).birth_date).toBe('2004-05-20');
    expect((await stored('students', id)).city).toBe('Belém');

    // Typed as people write it, it is read too.
    expect((await form(`/api/students/${id}`, studentForm(record, '21/05/2004'))).status).toBe(200);
    expect((await stored('students', id)).birth_date).toBe('2004-05-21');

    // This project's screens ask for ISO; null (a cleared input) still clears.
    const ours = await shared.server.request('GET', `/api/students/${id}`, {
      token: shared.token,
      headers: { 'x-date-format': 'iso' },
    });
    expect(ours.body[0].birth_date).toBe('2004-05-21');
    await shared.server.request('PUT', `/api/students/${id}`, { token: shared.token, body: { birth_date: null } });
    expect((await stored('students', id)).birth_date).toBeNull();
  });

  it('reads a team’s dates as dd/mm/aaaa and saves the team without retyping them', async () => {
    const created = await original('POST', '/api/teams', {
      name: `Turma Original ${++seq}`,
      start_date: '2027-02-01',
      end_date: '15/12/2027',
      polo_id: 1,
      grid_id: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ start_date: '01/02/2027', end_date: '15/12/2027' });
    const id = created.body.data.id as number;
    const team = (await original('GET', `/api/teams/${id}`)).body[0];
    expect([team.start_date, team.end_date]).toEqual(['01/02/2027', '15/12/2027']);
    expect((await original('GET', `/api/teams/${id}/students`)).body).toMatchObject({
      start_date: '01/02/2027',
      end_date: '15/12/2027',
    });

    const whole = { name: team.name, polo_id: team.polo_id, grid_id: team.grid_id };
    const converted = await original('PUT', `/api/teams/${id}`, {
      ...whole,
      start_date: toIso(team.start_date),
      end_date: toIso(team.end_date),
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    // Sent empty, as before: saved, the dates kept.
    const empty = await original('PUT', `/api/teams/${id}`, {
      ...whole,
      name: 'Turma Renomeada',
      start_date: '',
      end_date: '',
    });
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(await stored('teams', id)).toMatchObject({
      name: 'Turma Renomeada',
      start_date: '2027-02-01',
      end_date: '2027-12-15',
    });
  });

  it('edits a paid charge without moving its pay day, and answers payment_type as the number it compares', async () => {
    const student = await form('/api/students', { name: `Pagante Original ${++seq}` });
    const registration = await original('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 });
    expect(registration.status, JSON.stringify(registration.body)).toBe(201);
    const created = await form('/api/financials', {
      registration_id: registration.body.data.id,
      quota: 1,
      value: '150.00',
      due_date: '2027-03-10',
      paid: 0,
      service_type_id: 1,
      payment_type: 4,
      observations: '',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.due_date).toBe('10/03/2027');
    const id = created.body.data.id as number;
    const paid = await original('PUT', `/api/financials/${id}`, { paid: 1, pay_day: '05/03/2027' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ due_date: '10/03/2027', pay_day: '05/03/2027' });

    const charge = (await original('GET', `/api/financials/${id}`)).body;
    expect(charge).toMatchObject({ id, due_date: '10/03/2027', pay_day: '05/03/2027', payment_type: 4, paid: 1 });
    // The student's record carries the charge the same way (the FINANCEIRO tab reads it there).
    const record = (await original('GET', `/api/students/${student.body.data.id}`)).body[0];
    expect(record.registrations[0].financials[0]).toMatchObject({ due_date: '10/03/2027', pay_day: '05/03/2027' });

    // The edit modal sends every field back; a pay day it shows blank comes back empty and must not become today.
    const whole = {
      id,
      registration_id: charge.registration_id,
      value: charge.value,
      quota: charge.quota,
      paid: charge.paid,
      service_type_id: charge.service_type_id,
      payment_type: charge.payment_type,
      observations: 'Pago no balcão',
      financial_observation: '',
    };
    const blank = await original('PUT', `/api/financials/${id}`, { ...whole, due_date: '', pay_day: '' });
    expect(blank.status, JSON.stringify(blank.body)).toBe(200);
    expect(await stored('financials', id)).toMatchObject({
      due_date: '2027-03-10',
      pay_day: '2027-03-05',
      observations: 'Pago no balcão',
    });
    expect('2027-03-05').not.toBe(schoolDayOf());
    const converted = await original('PUT', `/api/financials/${id}`, {
      ...whole,
      due_date: toIso(charge.due_date),
      pay_day: toIso(charge.pay_day),
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    expect(await stored('financials', id)).toMatchObject({ due_date: '2027-03-10', pay_day: '2027-03-05' });
  });

  it('removes the rows of the grid it names, and takes the rows back as an object keyed "0", "1", …', async () => {
    // A grid as the original form registers it: no course.
    const grid = await original('POST', '/api/grids', { name: `Grade Original ${++seq}`, obs: '' });
    expect(grid.status, JSON.stringify(grid.body)).toBe(201);
    const gridId = grid.body.data.id as number;
    const k = dynamic(shared.server.db);
    const [discipline] = await k.selectFrom('disciplines').select('id').orderBy('id').limit(1).execute();
    const stages = await k.selectFrom('stages').select('id').orderBy('stage').limit(2).execute();
    const rowsOf = (id: number) => original('GET', `/api/grids/get-grid-template/${id}`).then((r) => r.body.data);
    const course = 2;
    const keyed = Object.fromEntries(
      stages.map((stage, i) => [
        String(i),
        { grid_id: gridId, course_id: course, discipline_id: discipline.id, stage_id: stage.id, workload: '40' },
      ]),
    );
    const posted = await original('POST', '/api/grid-templates', keyed);
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(await rowsOf(gridId)).toHaveLength(2);
    expect((await rowsOf(gridId))[0]).toMatchObject({ course_id: course, workload: 40 });

    // The grid whose rows' ids include this grid's id keeps every row.
    const firstGrid = await rowsOf(1);
    expect(firstGrid.some((row: { id: number }) => row.id === gridId)).toBe(true);
    // Saving: the client removes the grid's rows, then posts them again (one changed).
    const removed = await original('GET', `/api/grids/remove-template-from-grid/${gridId}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await rowsOf(gridId)).toEqual([]);
    expect(await rowsOf(1)).toEqual(firstGrid);
    const again = await original('POST', '/api/grid-templates', { ...keyed, 1: { ...keyed[1], workload: '60' } });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await rowsOf(gridId)).map((row: { workload: number }) => row.workload)).toEqual([40, 60]);
    // Registered without one, the grid takes the course of its rows (histories and contracts print it).
    expect(Number((await stored('grids', gridId)).course_id)).toBe(course);
  });

  it('answers a text document as the record itself, not a list', async () => {
    const created = await original('POST', '/api/text-documents', {
      name: `Certificado ${++seq}`,
      content: 'Certificamos que [[DATA_ANO]]',
      teaching_id: '',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const answer = await original('GET', `/api/text-documents/${created.body.data.id}`);
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(false);
    expect(answer.body).toMatchObject({ id: created.body.data.id, content: 'Certificamos que [[DATA_ANO]]' });
    expect((await original('GET', '/api/text-documents/999999')).status).toBe(404);
  });

  it('routes the edit paths built with a stray brace to the record', async () => {
    const stage = await original('POST', '/api/stages', { stage: 90 + ++seq, description: 'Etapa extra' });
    const stageId = stage.body.data.id as number;
    // A browser sends the brace encoded; some clients send it as it is.
    const edited = await original('PUT', `/api/stages/${stageId}%7D`, {
      id: stageId,
      stage: stage.body.data.stage,
      description: 'Etapa extra (editada)',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await stored('stages', stageId)).description).toBe('Etapa extra (editada)');

    const user = await original('POST', '/api/users', {
      name: 'Usuária Chave',
      email: `chave${seq}@escola.com.br`,
      password: 'senha-da-chave-1',
    });
    const userId = user.body.data.id as number;
    const renamed = await original('PUT', `/api/users/${userId}}`, { name: 'Usuária Sem Chave' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await stored('users', userId)).name).toBe('Usuária Sem Chave');
    // Only one brace, only at the end, only on the edit path.
    expect((await original('PUT', `/api/users/${userId}}}`, { name: 'x' })).status).toBe(404);
    expect((await original('DELETE', `/api/stages/${stageId}}`)).status).toBe(404);
  });

  it('creates a user from name, e-mail and password alone, with no permission until given a role', async () => {
    const email = `sem.perfil${++seq}@escola.com.br`;
    const created = await original('POST', '/api/users', { name: 'Sem Perfil', email, password: 'senha-sem-perfil' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Sem Perfil', email, role_id: null, role: null });
    const listed = await original('GET', `/api/users?search=${encodeURIComponent(email)}`);
    expect(listed.body.data[0]).toMatchObject({ role_id: null, role: null });

    const token = await shared.server.login(email, 'senha-sem-perfil');
    expect((await original('POST', '/api/auth/me', undefined, token)).body.permissions).toEqual([]);
    expect((await original('GET', '/api/students', undefined, token)).status).toBe(403);
    expect((await original('GET', '/api/users', undefined, token)).status).toBe(403);
  });
});
