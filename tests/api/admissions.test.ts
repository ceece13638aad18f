import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { cpfCheckDigits } from '../../resources/text';
import { dynamic } from '../../server/db/connection';
import { solveCaptcha, startSmtp } from './support/mail';
import { describeOnDatabases, ROLE_IDS, startServer, type TestServer } from './support/server';

/** A valid CPF of its own for each call (check digits computed). */
let serial = 100_000_000;
const newCpf = () => {
  const base = String(++serial).padStart(9, '0');
  return base + cpfCheckDigits(base);
};
const dayFrom = (days: number) => schoolDayOf(new Date(Date.now() + days * 86_400_000));

describeOnDatabases('admission of new families: the public form, the waiting list and the office', (dialect) => {
  // Each test opens a campaign and teams of its own, so one server serves the file in any order.
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer(dialect, { smtpUrl: smtp.url });
    admin = await server.session();
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  const call = (method: string, path: string, body?: unknown, token: string | undefined = admin) =>
    server.request(method, path, { token, body });
  const k = () => dynamic(server.db);

  /** A team with `capacity` places offered by a 'matricula' campaign open today (or closed, when asked). */
  let teams = 0;
  const season = async (capacity: number | null, open = true) => {
    const team = await call('POST', '/api/teams', {
      name: `Turma de matrícula ${++teams}`,
      start_date: '2027-02-01',
      end_date: '2027-12-15',
      polo_id: 1,
      grid_id: 1,
      capacity,
    });
    expect(team.status).toBe(201);
    const year = await k().selectFrom('school_years').select('id').orderBy('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const campaign = await k()
      .insertInto('enrolment_campaigns')
      .values({
        school_year_id: year.id,
        kind: 'matricula',
        name: 'Matrícula 2027',
        opens_on: open ? dayFrom(-1) : dayFrom(-30),
        closes_on: open ? dayFrom(10) : dayFrom(-2),
        documents: '[]',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k()
      .insertInto('enrolment_campaign_teams')
      .values({ campaign_id: campaign.id, to_team_id: team.body.data.id })
      .execute();
    return { teamId: Number(team.body.data.id), campaignId: Number(campaign.id) };
  };
  const captcha = async () => solveCaptcha((await server.request('GET', '/api/captcha/challenge')).body);
  const family = (teamId: number, over: { student?: object; guardian?: object; website?: string } = {}) => ({
    team_id: teamId,
    student: { name: 'Ana Clara Souza', birth_date: '14/03/2019', ...over.student },
    guardian: {
      name: 'Juliana Souza',
      cpf: newCpf(),
      email: `juliana.${serial}@email.com.br`,
      phone: '(91) 98765-4321',
      ...over.guardian,
    },
    website: over.website,
  });
  const apply = async (body: object, altcha?: string | null) =>
    server.request('POST', '/api/admissions', {
      body: { ...body, altcha: altcha === null ? undefined : (altcha ?? (await captcha())) },
    });
  const rowsOf = (teamId: number) =>
    k().selectFrom('admissions').selectAll().where('team_id', '=', teamId).orderBy('id').execute();
  const followToken = async (email: string) => {
    const pattern = /\/matricula\/acompanhar\?token=([A-Za-z0-9_-]{32})/;
    await expect
      .poll(() => smtp.mails.some((m) => m.to.includes(email) && pattern.test(m.text)), { timeout: 20_000 })
      .toBe(true);
    return pattern.exec(smtp.mails.find((m) => m.to.includes(email) && pattern.test(m.text))!.text)![1];
  };

  it('offers the open campaign’s teams, with places or a waiting list and no counts', async () => {
    const { teamId } = await season(1);
    const before = (await server.request('GET', '/api/admissions/open')).body.data;
    const mine = () => before.teams.find((t: { id: number }) => t.id === teamId);
    expect(mine()).toEqual({ id: teamId, name: expect.any(String), places: 'vagas disponíveis' });
    expect((await apply(family(teamId))).status).toBe(201);
    const after = (await server.request('GET', '/api/admissions/open')).body.data;
    expect(after.teams.find((t: { id: number }) => t.id === teamId)).toEqual({
      id: teamId,
      name: expect.any(String),
      places: 'lista de espera',
    });
  });

  it('refuses a team of a closed campaign and a team no campaign offers, storing nothing', async () => {
    await season(5);
    const closed = await season(5, false);
    const refused = await apply(family(closed.teamId));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.team_id).toEqual(['Escolha uma das turmas oferecidas nesta matrícula.']);
    const unoffered = await apply(family(2));
    expect(unoffered.status).toBe(422);
    expect(unoffered.body.errors.team_id).toEqual(['Escolha uma das turmas oferecidas nesta matrícula.']);
    expect(await rowsOf(closed.teamId)).toHaveLength(0);
  });

  it('puts families past the last place on the waiting list, in order of arrival, and tells each its place', async () => {
    const { teamId } = await season(1);
    const first = await apply(family(teamId));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'pendente', message: expect.stringContaining('Recebemos seu pedido') });
    expect(first.body.position).toBeUndefined();
    const second = await apply(family(teamId));
    const third = await apply(family(teamId));
    expect(second.body).toMatchObject({ status: 'espera', position: 1 });
    expect(third.body).toMatchObject({ status: 'espera', position: 2 });
    expect(third.body.message).toBe('Você está na lista de espera, posição 2. Avisaremos por e-mail.');
    // Nothing of the other families: no names, no counts but the family's own place.
    expect(JSON.stringify(third.body)).not.toMatch(/Juliana|Ana Clara/);
  });

  it('gives the last place to one of two families asking at once, and the other waits', async () => {
    const { teamId } = await season(1);
    const bodies = [family(teamId), family(teamId)];
    const altchas = [await captcha(), await captcha()];
    const answers = await Promise.all(bodies.map((b, i) => apply(b, altchas[i])));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers.map((a) => a.body.status).sort()).toEqual(['espera', 'pendente']);
    expect((await rowsOf(teamId)).map((r) => r.status).sort()).toEqual(['espera', 'pendente']);
  });

  it('refuses the same child twice in a campaign, even in two posts at once, until the office declines the request', async () => {
    const { teamId } = await season(5);
    const guardian = { name: 'Paula Menezes', cpf: newCpf(), email: 'paula.menezes@email.com.br' };
    const child = family(teamId, { student: { name: 'João Menezes', birth_date: '02/05/2019' }, guardian });
    const twice = await Promise.all([apply(child), apply(child)]);
    expect(twice.map((a) => a.status).sort()).toEqual([201, 422]);
    const refused = twice.find((a) => a.status === 422)!.body;
    const words =
      'Já recebemos um pedido de matrícula deste aluno nesta campanha. Acompanhe-o pelo link enviado por e-mail ' +
      'quando o pedido foi feito.';
    expect(refused).toMatchObject({ message: words, errors: { 'student.name': [words] } });
    // The same child typed otherwise (case, accents, spaces, the date as ISO): the same child.
    const retyped = await apply({
      ...child,
      student: { name: '  joao  MENEZES ', birth_date: '2019-05-02' },
    });
    expect(retyped.status).toBe(422);
    expect(await rowsOf(teamId)).toHaveLength(1);
    // A sibling (another name) is another child.
    expect((await apply(family(teamId, { student: { name: 'Lia Menezes' }, guardian }))).status).toBe(201);
    // Once the office declines the request, the family may ask again.
    const [first] = await rowsOf(teamId);
    expect((await call('POST', `/api/admissions/${first.id}/decline`, { reason: 'Documentos ilegíveis' })).status).toBe(
      200,
    );
    expect((await apply(child)).status).toBe(201);
  });

  it('answers a filled honeypot as a success and keeps nothing', async () => {
    const { teamId } = await season(3);
    const bot = await apply(family(teamId, { website: 'http://spam.example' }));
    expect(bot.status).toBe(201);
    expect(bot.body.status).toBe('pendente');
    expect(await rowsOf(teamId)).toHaveLength(0);
  });

  it('refuses a missing or reused human verification', async () => {
    const { teamId } = await season(3);
    const missing = await apply(family(teamId), null);
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe('Resolva a verificação humana.');
    const altcha = await captcha();
    expect((await apply(family(teamId), altcha)).status).toBe(201);
    const reused = await apply(family(teamId), altcha);
    expect(reused.status).toBe(403);
    expect(reused.body.message).toBe('Esta verificação já foi usada. Resolva-a novamente.');
    expect(await rowsOf(teamId)).toHaveLength(1);
  });

  it('answers bad CPFs, e-mail and birth date with 422 in Portuguese, naming each field', async () => {
    const { teamId } = await season(3);
    const bad = await apply(
      family(teamId, {
        student: { birth_date: '31/02/2019', cpf: '111.111.111-11' },
        guardian: { cpf: '123.456.789-00', email: 'juliana@' },
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'student.birth_date': ['Data de nascimento inválida: use dd/mm/aaaa.'],
      'student.cpf': ['CPF do aluno inválido: confira os números.'],
      'guardian.cpf': ['CPF do responsável inválido: confira os números.'],
      'guardian.email': ['Informe um e-mail válido.'],
    });
    expect(await rowsOf(teamId)).toHaveLength(0);
  });

  it('e-mails a follow link that shows its own request’s status only', async () => {
    const { teamId } = await season(1);
    const mine = family(teamId);
    await apply(family(teamId));
    await apply(mine);
    const token = await followToken(mine.guardian.email);
    // The link is kept masked in the outbox: only the e-mail sent carries it.
    const stored = await k()
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', mine.guardian.email)
      .execute();
    expect(stored[0].body).not.toContain(token);
    const followed = await server.request('GET', `/api/admissions/follow/${token}`);
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual({
      status: 'espera',
      position: 1,
      message: 'Você está na lista de espera, posição 1. Avisaremos por e-mail.',
    });
    expect((await server.request('GET', `/api/admissions/follow/${'x'.repeat(32)}`)).status).toBe(404);
  });

  it('accepts once under parallel calls: student, guardian matched by CPF, portal invitation and request', async () => {
    const { teamId, campaignId } = await season(2);
    const cpf = newCpf();
    const existing = await call('POST', '/api/guardians', {
      name: 'Roberto Almeida',
      cpf,
      email: 'roberto@email.com.br',
    });
    expect(existing.status).toBe(201);
    await apply(family(teamId, { student: { name: 'Pedro Almeida' }, guardian: { name: 'Roberto Almeida', cpf } }));
    const [admission] = await rowsOf(teamId);
    const answers = await Promise.all([1, 2].map(() => call('POST', `/api/admissions/${admission.id}/accept`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const ok = answers.find((a) => a.status === 200)!.body;
    expect(ok.message).toMatch(/^Pedido aceito\. Convite enviado/);
    expect(ok.data.guardian_id).toBe(existing.body.data.id);
    expect(await k().selectFrom('guardians').select('id').where('cpf', '=', cpf).execute()).toHaveLength(1);
    const students = await k().selectFrom('students').selectAll().where('name', '=', 'Pedro Almeida').execute();
    expect(students).toHaveLength(1);
    expect(students[0].status).toBe('Ativo');
    const links = (await call('GET', `/api/students/${students[0].id}/guardians`)).body;
    expect(links.data ?? links).toEqual([
      expect.objectContaining({ guardian_id: existing.body.data.id, financial_responsible: true }),
    ]);
    const requests = await k()
      .selectFrom('enrolment_requests')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .execute();
    expect(requests).toEqual([
      expect.objectContaining({
        student_id: students[0].id,
        guardian_id: existing.body.data.id,
        to_team_id: teamId,
        step: 'convidado',
        status: 'pendente',
      }),
    ]);
    expect((await rowsOf(teamId))[0]).toMatchObject({ status: 'aceita', request_id: requests[0].id });
    const invitations = await k()
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'roberto@email.com.br')
      .where('subject', 'like', '%Portal das famílias%')
      .execute();
    expect(invitations).toHaveLength(1);
  });

  it('writes the portal invitation with the acceptance: a failure between them leaves neither, the retry both', async () => {
    const { teamId } = await season(2);
    const email = 'carla.convite@email.com.br';
    await apply(family(teamId, { student: { name: 'Tiago Convidado' }, guardian: { name: 'Carla Lima', email } }));
    const [admission] = await rowsOf(teamId);
    // The invitation's message cannot be written (the database refuses it): as a crash between the two would.
    const refuse = `'${email}'`;
    if (dialect === 'postgres') {
      await sql
        .raw(
          `create function refuse_invitation() returns trigger language plpgsql as $$ begin ` +
            `if new.to_address = ${refuse} then raise exception 'falha simulada'; end if; return new; end $$`,
        )
        .execute(server.db.kysely);
      await sql
        .raw(
          'create trigger refuse_invitation before insert on outbox for each row execute function refuse_invitation()',
        )
        .execute(server.db.kysely);
    } else
      await sql
        .raw(
          `create trigger refuse_invitation before insert on outbox when new.to_address = ${refuse} ` +
            `begin select raise(abort, 'falha simulada'); end`,
        )
        .execute(server.db.kysely);
    const failed = await call('POST', `/api/admissions/${admission.id}/accept`);
    await sql
      .raw(`drop trigger refuse_invitation${dialect === 'postgres' ? ' on outbox' : ''}`)
      .execute(server.db.kysely);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    // Nothing of the acceptance stayed: the family is still waiting for the office, and nobody was created.
    expect((await rowsOf(teamId))[0]).toMatchObject({ status: 'pendente', request_id: null });
    expect(await k().selectFrom('students').select('id').where('name', '=', 'Tiago Convidado').execute()).toEqual([]);

    const accepted = await call('POST', `/api/admissions/${admission.id}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.message).toMatch(/^Pedido aceito\. Convite enviado/);
    const invitations = await k()
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', email)
      .where('subject', 'like', '%Portal das famílias%')
      .execute();
    expect(invitations).toHaveLength(1);
  });

  it('accepts from the waiting list only when a place is free', async () => {
    const { teamId } = await season(1);
    await apply(family(teamId));
    await apply(family(teamId, { student: { name: 'Lucas Esperando' } }));
    const waiting = (await rowsOf(teamId))[1];
    expect(waiting.status).toBe('espera');
    const refused = await call('POST', `/api/admissions/${waiting.id}/accept`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^A turma não tem vaga livre/);
    expect((await call('PUT', `/api/teams/${teamId}`, { capacity: 2 })).status).toBe(200);
    expect((await call('POST', `/api/admissions/${waiting.id}/accept`)).status).toBe(200);
  });

  it('declines with a reason the family receives by e-mail', async () => {
    const { teamId } = await season(3);
    const body = family(teamId);
    await apply(body);
    const [admission] = await rowsOf(teamId);
    const empty = await call('POST', `/api/admissions/${admission.id}/decline`, { reason: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.reason).toEqual(['Informe o motivo da recusa.']);
    const declined = await call('POST', `/api/admissions/${admission.id}/decline`, {
      reason: 'Não há turma para a idade informada.',
    });
    expect(declined.status).toBe(200);
    expect((await rowsOf(teamId))[0]).toMatchObject({ status: 'recusada' });
    await expect
      .poll(() =>
        smtp.mails.some(
          (m) => m.to.includes(body.guardian.email) && m.text.includes('Motivo: Não há turma para a idade informada.'),
        ),
      )
      .toBe(true);
    expect((await call('POST', `/api/admissions/${admission.id}/accept`)).status).toBe(409);
  });

  it('lists requests for the office by status, team and campaign (named), and refuses a teacher', async () => {
    const { teamId, campaignId } = await season(1);
    await apply(family(teamId, { student: { name: 'Marina Listada' } }));
    await apply(family(teamId, { student: { name: 'Marina Esperando' } }));
    const list = await call('GET', `/api/admissions?team_id=${teamId}&status=espera&search=marina`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { student_name: string }) => r.student_name)).toEqual(['Marina Esperando']);
    expect(list.body.data[0]).not.toHaveProperty('follow_token_hash');
    // The campaign by its name, as the list shows it; its filter takes the campaign's id.
    expect(list.body.data[0].campaign).toEqual({ id: campaignId, name: 'Matrícula 2027' });
    const ofCampaign = await call('GET', `/api/admissions?campaign_id=${campaignId}&page=0`);
    expect(ofCampaign.body.data.map((r: { student_name: string }) => r.student_name).sort()).toEqual([
      'Marina Esperando',
      'Marina Listada',
    ]);
    const email = `professora.${serial}@escola.com.br`;
    await call('POST', '/api/users', {
      name: 'Professora',
      email,
      password: 'senha-forte-1',
      role_id: ROLE_IDS.professor,
    });
    const teacher = await server.login(email, 'senha-forte-1');
    const id = list.body.data[0].id;
    for (const [method, path] of [
      ['GET', '/api/admissions'],
      ['POST', `/api/admissions/${id}/accept`],
      ['POST', `/api/admissions/${id}/decline`],
    ]) {
      const refused = await call(method, path, { reason: 'Sem vaga.' }, teacher);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/^Você não tem permissão/);
    }
    expect((await server.request('POST', `/api/admissions/${id}/accept`)).status).toBe(401);
  });
});

// Limits and the closed season need a server of their own: no campaign, few requests a minute. In order: the form's
// one request the first test spends counts toward the limit the second reaches (a limit per minute is not reset).
describe('admission form without a campaign, and its rate limit [sqlite]', { shuffle: false }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { publicRateLimit: 12 });
  });
  afterAll(async () => server?.close());

  it('answers 404 while no campaign for new families is open, and offers none', async () => {
    expect((await server.request('GET', '/api/admissions/open')).body).toEqual({ data: null });
    const altcha = await solveCaptcha((await server.request('GET', '/api/captcha/challenge')).body);
    const closed = await server.request('POST', '/api/admissions', {
      body: {
        team_id: 1,
        student: { name: 'Ana Clara Souza', birth_date: '2019-03-14' },
        guardian: { name: 'Juliana Souza', cpf: newCpf(), email: 'juliana@email.com.br' },
        altcha,
      },
    });
    expect(closed.status).toBe(404);
    expect(closed.body.message).toBe('As inscrições para a matrícula de novos alunos não estão abertas.');
    expect(await dynamic(server.db).selectFrom('admissions').select('id').execute()).toEqual([]);
  });

  it('answers 429 past the form’s requests per minute from one address', async () => {
    // 12 a minute for the public reads, 2 for the form (one went to the test above): the third is refused.
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await server.request('POST', '/api/admissions', { body: {} })).status);
    expect(statuses).toEqual([422, 429]);
  });
});
