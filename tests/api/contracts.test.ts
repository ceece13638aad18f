import { beforeEach, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { pdfText } from '../support/pdf-text';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

const BRUNO = {
  name: 'Bruno Ávila Conceição',
  cpf: '386.154.920-42',
  rg: '7654321',
  expedient_body: 'SSP/PA',
  cep: '06600-000',
  street: 'Rua das Mangueiras',
  number: '45',
  neighborhood: 'Centro',
  city: 'Jandira',
  uf: 'SP',
  birth_date: '2007-01-31',
  name_mother: 'Rita Ávila',
};

describeOnDatabases('enrolment contracts and school settings', (dialect) => {
  // Each test on a school of its own: Bruno enrolled in the first team, no contract yet.
  const fresh = serverPerTest(dialect);
  const call = fresh.call;
  let studentId: number;
  let team: { id: number; name: string };
  let registrationId: number;
  let contractUrl: string;
  beforeEach(async () => {
    studentId = (await call('POST', '/api/students', BRUNO)).body.data.id;
    team = (await call('GET', '/api/teams?perPage=1&sortBy=id&sortDesc=0')).body.data[0];
    registrationId = (await call('POST', '/api/registrations', { student_id: studentId, team_id: team.id })).body.data
      .id;
    contractUrl = `/api/exports/student-contract/${studentId}/${team.id}`;
  });
  const download = async (path: string) => {
    const response = await fetch(`${fresh.server.url}${path}`, { headers: { authorization: `Bearer ${fresh.token}` } });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      content: Buffer.from(await response.arrayBuffer()),
    };
  };
  const enrolment = async () => (await call('GET', `/api/students/${studentId}`)).body[0].registrations[0];
  const contractKey = async () =>
    (
      await dynamic(fresh.server.db)
        .selectFrom('registrations')
        .select('contract_key')
        .where('id', '=', registrationId)
        .executeTakeFirstOrThrow()
    ).contract_key as string | null;

  it('starts without a contract (CONTRATO AUSENTE) and generates one filled with the student and team data', async () => {
    expect(await enrolment()).toMatchObject({ id: registrationId, file_url_contract: null });
    const generated = await call('POST', contractUrl);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    expect(generated.body.message).toBe('Contrato gerado com sucesso!');
    expect(await enrolment()).toMatchObject({ file_url_contract: `/exports/student-contract/${studentId}/${team.id}` });

    const pdf = await download(contractUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toContain(`contrato-${String(registrationId).padStart(6, '0')}.pdf`);
    const text = await pdfText(pdf.content);
    const teamRow = await dynamic(fresh.server.db)
      .selectFrom('teams as t')
      .innerJoin('polos as p', 'p.id', 't.polo_id')
      .innerJoin('grids as g', 'g.id', 't.grid_id')
      .innerJoin('courses as c', 'c.id', 'g.course_id')
      .select(['p.name as polo', 'c.name as course'])
      .where('t.id', '=', team.id)
      .executeTakeFirstOrThrow();
    const year = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(
      new Date(),
    );
    const today = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date());
    expect(text).toContain('CONTRATO DE PRESTAÇÃO DE SERVIÇOS EDUCACIONAIS');
    expect(text).toContain(
      'CONTRATANTE: Bruno Ávila Conceição, portador(a) do CPF nº 386.154.920-42 e do RG nº 7654321 SSP/PA',
    );
    expect(text).toContain('nascido(a) em 31/01/2007, filho(a) de Rita Ávila');
    expect(text).toContain('Rua das Mangueiras, nº 45, Centro, Jandira/SP, CEP 06600-000');
    expect(text).toContain(
      `no curso ${String(teamRow.course)}, turma ${team.name}, no polo ${String(teamRow.polo)}, no ano letivo de ${year}`,
    );
    expect(text).toContain(`matrícula nº ${String(registrationId).padStart(6, '0')}`);
    expect(text).toContain(`em ${today}`);
    expect(text).not.toContain('[[');
  });

  it('updates the contract from the current template, replacing the stored file', async () => {
    expect((await call('POST', contractUrl)).body.message).toBe('Contrato gerado com sucesso!');
    const oldKey = await contractKey();
    expect(oldKey).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
    const settings = (await call('GET', '/api/school-settings')).body.data;
    await call('PUT', `/api/text-documents/${settings.contract_text_document_id}`, {
      content: 'Termo de [[NOME]] ([[CPF]]) na turma [[TURMA]]. [[CAMPO_DESCONHECIDO]]',
    });
    const updated = await call('POST', contractUrl, { reissue: true });
    expect(updated.body.message).toBe(
      'Contrato atualizado com sucesso! O contrato anterior foi retirado e seu código deixou de valer.',
    );
    const newKey = await contractKey();
    expect(newKey).not.toBe(oldKey);
    expect(await fresh.server.storage.get(oldKey!)).toBeNull();
    const text = await pdfText((await download(contractUrl)).content);
    expect(text).toContain(`Termo de Bruno Ávila Conceição (386.154.920-42) na turma ${team.name}.`);
    // A misspelt placeholder stays visible instead of vanishing from a signed contract.
    expect(text).toContain('[[CAMPO_DESCONHECIDO]]');
    const trail = await dynamic(fresh.server.db)
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity', '=', 'registrations')
      .where('entity_id', '=', registrationId)
      .execute();
    expect(trail.map((a) => JSON.parse(String(a.changes)).contract)).toEqual(
      expect.arrayContaining([
        ['ausente', 'gerado'],
        ['presente', 'atualizado'],
      ]),
    );
  });

  it('explains that no template was chosen, and answers 404 for an enrolment that does not exist', async () => {
    expect((await call('POST', contractUrl)).status).toBe(200);
    const settings = (await call('GET', '/api/school-settings')).body.data;
    expect((await call('PUT', '/api/school-settings', { ...settings, contract_text_document_id: null })).status).toBe(
      200,
    );
    const refused = await call('POST', contractUrl, { reissue: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Nenhum modelo de contrato foi escolhido. Escolha um texto de documento em Configurações da escola.',
    );
    // The stored contract is still served.
    expect((await download(contractUrl)).status).toBe(200);
    expect((await call('PUT', '/api/school-settings', settings)).status).toBe(200);

    expect((await call('GET', `/api/exports/student-contract/${studentId}/99999`)).body.message).toBe(
      'Matrícula não encontrada para este aluno e turma.',
    );
    for (const attempt of [
      `/api/exports/student-contract/..%2F..%2Fetc/${team.id}`,
      `/api/exports/student-contract/${studentId}/..%2Fpasswd`,
      '/api/exports/student-contract/%2E%2E/%2E%2E',
    ]) {
      expect((await call('GET', attempt)).status, attempt).toBe(404);
      expect((await call('POST', attempt)).status, attempt).toBe(404);
    }
  });

  it('generates on download when the enrolment never had a contract (the report form asks so)', async () => {
    const other = (await call('GET', '/api/teams?perPage=2&sortBy=id&sortDesc=0')).body.data[1];
    await call('POST', '/api/registrations', { student_id: studentId, team_id: other.id });
    const pdf = await download(`/api/exports/student-contract/${studentId}/${other.id}`);
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.content)).toContain(`turma ${other.name}, no polo`);
    const record = (await call('GET', `/api/students/${studentId}`)).body[0];
    // The downloaded enrolment got its contract; the first one, never downloaded, still has none.
    expect(
      record.registrations.map((r: { team: { id: number }; file_url_contract: string | null }) => [
        r.team.id,
        r.file_url_contract,
      ]),
    ).toEqual([
      [team.id, null],
      [other.id, `/exports/student-contract/${studentId}/${other.id}`],
    ]);
  });

  it('leaves a line to fill in by hand where the student has no datum', async () => {
    const settings = (await call('GET', '/api/school-settings')).body.data;
    await call('PUT', `/api/text-documents/${settings.contract_text_document_id}`, {
      content: 'Termo de [[NOME]] ([[CPF]]) na turma [[TURMA]].',
    });
    const bare = (await call('POST', '/api/students', { name: 'Caio Sem Documentos' })).body.data.id;
    await call('POST', '/api/registrations', { student_id: bare, team_id: team.id });
    const text = await pdfText((await download(`/api/exports/student-contract/${bare}/${team.id}`)).content);
    expect(text).toContain(`Termo de Caio Sem Documentos (__________) na turma ${team.name}.`);
  });

  it('shows "Possui financeiro?" and refuses to delete an enrolment with charges', async () => {
    const listed = async () =>
      (await call('GET', `/api/students?search=${encodeURIComponent('bruno avila')}`)).body.data[0].financials_count;
    expect(Number(await listed())).toBe(0);
    const now = new Date().toISOString();
    await dynamic(fresh.server.db)
      .insertInto('financials')
      .values({
        registration_id: registrationId,
        value_cents: 35000,
        quota: 1,
        due_date: '2026-12-10',
        paid: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(Number(await listed())).toBe(1);
    const refused = await call('DELETE', `/api/registrations/${registrationId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Não é possível apagar esta matrícula: há cobranças (financeiro) lançadas para ela.',
    );

    await dynamic(fresh.server.db).deleteFrom('financials').where('registration_id', '=', registrationId).execute();
    expect((await call('POST', contractUrl)).status).toBe(200);
    const key = await contractKey();
    expect(key).not.toBeNull();
    expect((await call('DELETE', `/api/registrations/${registrationId}`)).body.message).toBe(
      'Matrícula removida com sucesso!',
    );
    // The contract file goes with its enrolment.
    expect(await fresh.server.storage.get(key!)).toBeNull();
  });

  it('keeps the school settings valid and attributable', async () => {
    const settings = (await call('GET', '/api/school-settings')).body.data;
    expect(settings).toMatchObject({ school_name: 'Escola Modelo Secretaria', average_grade: 6 });
    const bad = await call('PUT', '/api/school-settings', {
      ...settings,
      school_name: ' ',
      main_color: 'azul',
      average_grade: '11',
      contract_text_document_id: 99999,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      school_name: ['O campo Nome da escola é obrigatório.'],
      main_color: ['Cor principal inválida: use o formato #RRGGBB.'],
      average_grade: ['A média de aprovação deve ser um número de 0 a 10, com no máximo uma casa decimal.'],
    });
    const { school_name: _name, ...withoutName } = settings;
    expect((await call('PUT', '/api/school-settings', withoutName)).body.errors).toEqual({
      school_name: ['O campo Nome da escola é obrigatório.'],
    });
    const missing = await call('PUT', '/api/school-settings', { ...settings, contract_text_document_id: 99999 });
    expect(missing.body.errors).toEqual({
      contract_text_document_id: ['O texto escolhido para o contrato não existe.'],
    });

    const saved = await call('PUT', '/api/school-settings', {
      ...settings,
      school_name: 'Colégio Esperança',
      phones: '(91) 3222-0000, 91988887777',
      average_grade: '6,5',
    });
    expect(saved.body.message).toBe('Configurações salvas com sucesso!');
    expect(saved.body.data).toMatchObject({
      school_name: 'Colégio Esperança',
      phones: ['(91) 3222-0000', '91988887777'],
      average_grade: 6.5,
    });
    // The public branding follows.
    expect((await fresh.server.request('GET', '/api/data-of-client')).body).toMatchObject({
      school_name: 'Colégio Esperança',
      average_grade: 6.5,
    });
    const trail = await dynamic(fresh.server.db)
      .selectFrom('audit_log')
      .select(['changes', 'user_id'])
      .where('entity', '=', 'school_settings')
      .execute();
    expect(
      trail.some((a) => JSON.parse(String(a.changes)).school_name?.[1] === 'Colégio Esperança' && a.user_id !== null),
    ).toBe(true);
  });
});
