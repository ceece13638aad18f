import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { diaryOf } from './support/diary';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

describeOnDatabases('scholarship per enrolment', (dialect) => {
  const fresh = serverPerFile(dialect);

  it('saves one scholarship per enrolment, answers it, replaces it and removes it', async () => {
    const { enrol } = await diaryOf(fresh);
    const registration = await enrol('Clara Bolsista');
    const path = `/api/registrations/${registration}/scholarship`;
    expect((await fresh.call('GET', path)).body).toEqual({ data: null });

    const saved = await fresh.call('PUT', path, {
      kind: 'percent',
      value: '50,5',
      reason: 'Irmãos matriculados',
      valid_from: '2027-01-01',
      valid_until: '2027-12-31',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      data: {
        registration_id: registration,
        kind: 'percent',
        value: 50.5,
        reason: 'Irmãos matriculados',
        valid_from: '2027-01-01',
        valid_until: '2027-12-31',
      },
      message: 'Bolsa salva com sucesso!',
    });
    const replaced = await fresh.call('PUT', path, { kind: 'amount', value: '150,00' });
    expect(replaced.body.data).toMatchObject({ kind: 'amount', value: 150, reason: null, valid_from: null });
    const rows = await dynamic(fresh.server.db)
      .selectFrom('scholarships')
      .select(['kind', 'value'])
      .where('registration_id', '=', registration)
      .execute();
    expect(rows.map((r) => ({ kind: r.kind, value: Number(r.value) }))).toEqual([{ kind: 'amount', value: 15000 }]);

    const removed = await fresh.call('DELETE', path);
    expect(removed.body).toEqual({ message: 'Bolsa removida com sucesso!' });
    expect((await fresh.call('GET', path)).body).toEqual({ data: null });
    expect((await fresh.call('DELETE', path)).status).toBe(404);
  });

  it('refuses a bad percent, amount or validity in Portuguese, and an enrolment that does not exist', async () => {
    const { enrol } = await diaryOf(fresh);
    const path = `/api/registrations/${await enrol('Davi Recusado')}/scholarship`;
    const refused = async (body: unknown, field: string, message: string) => {
      const answer = await fresh.call('PUT', path, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors[field]).toEqual([message]);
    };
    const PERCENT = 'O percentual da bolsa deve ser um número de 0 a 100, com no máximo duas casas decimais.';
    await refused({ kind: 'percent', value: 101 }, 'value', PERCENT);
    await refused({ kind: 'percent', value: -1 }, 'value', PERCENT);
    await refused(
      { kind: 'amount', value: 0 },
      'value',
      'O valor da bolsa deve ser um valor em reais maior que zero, como 150,00.',
    );
    await refused({ kind: 'x', value: 1 }, 'kind', 'Escolha se a bolsa é percentual ou em reais.');
    await refused(
      { kind: 'percent', value: 10, valid_from: '2027-06-01', valid_until: '2027-05-31' },
      'valid_until',
      'O fim da validade da bolsa não pode ser antes do início.',
    );
    await refused(
      { kind: 'percent', value: 10, valid_from: '31/02/2027' },
      'valid_from',
      'O campo Válida de deve ser uma data válida.',
    );
    expect((await fresh.call('GET', path)).body).toEqual({ data: null });
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const missing = await fresh.call(method, '/api/registrations/999999/scholarship', { kind: 'percent', value: 10 });
      expect(missing.status, method).toBe(404);
      expect(missing.body.message).toBe('Matrícula não encontrada.');
    }
  });

  it('lets the office see a scholarship but only Financeiro change it; a professor sees none', async () => {
    const { enrol } = await diaryOf(fresh);
    const path = `/api/registrations/${await enrol('Elisa Permissão')}/scholarship`;
    const as = async (role: keyof typeof ROLE_IDS, email: string) => {
      await fresh.call('POST', '/api/users', {
        name: email,
        email,
        password: 'senha-forte-1',
        role_id: ROLE_IDS[role],
      });
      const token = await fresh.server.login(email, 'senha-forte-1');
      return (method: string, body?: unknown) => fresh.server.request(method, path, { token, body });
    };
    const office = await as('secretaria', 'secretaria.bolsa@escola.com.br');
    const money = await as('financeiro', 'financeiro.bolsa@escola.com.br');
    const teacher = await as('professor', 'professor.bolsa@escola.com.br');
    expect((await money('PUT', { kind: 'percent', value: 10 })).status).toBe(200);
    expect((await office('GET')).body.data).toMatchObject({ kind: 'percent', value: 10 });
    expect((await office('PUT', { kind: 'percent', value: 100 })).status).toBe(403);
    expect((await office('DELETE')).status).toBe(403);
    expect((await teacher('GET')).status).toBe(403);
  });
});
