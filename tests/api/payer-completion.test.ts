import { expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { cpfCheckDigits } from '../../resources/text';
import { dynamic } from '../../server/db/connection';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

let seq = 0;
function cpf(): string {
  const base = String(410_000_000 + ++seq * 7919).slice(0, 9);
  return base + cpfCheckDigits(base);
}
function bornYearsAgo(years: number): string {
  const [y, m] = schoolDayOf().split('-').map(Number);
  return `${y - years}-${String(m).padStart(2, '0')}-01`;
}

const ADDRESS = {
  cep: '66010000',
  street: 'Avenida Nazaré',
  number: '512',
  complement: 'apto 31',
  neighborhood: 'Nazaré',
  city: 'Belém',
  uf: 'PA',
};

/**
 * Issue 35: a new student's payer had no address, PIX and boleto said "falta CEP…", and Financeiro got 403 on the
 * guardian. The finance clerk completes whoever pays (contact and address, nothing else) through
 * `PUT /students/{id}/payer`, from the 422 that names the missing fields.
 */
describeOnDatabases("the payer's contact and address, completed by Financeiro", (dialect) => {
  const shared = serverPerFile(dialect, { payments: { sandbox: true } });
  const tokens: Record<string, string> = {};
  const as = async (role: keyof typeof ROLE_IDS) => {
    if (!tokens[role]) {
      const email = `payer.${role}@escolamodelo.edu.br`;
      const made = await shared.call('POST', '/api/users', {
        name: `Pagador ${role}`,
        email,
        password: 'senha-do-pagador-1',
        role_id: ROLE_IDS[role],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      tokens[role] = await shared.server.login(email, 'senha-do-pagador-1');
    }
    const token = tokens[role];
    return (method: string, path: string, body?: unknown) => shared.server.request(method, path, { token, body });
  };

  /** A minor enrolled with one charge, whose mother (the payer) was registered with CPF and e-mail only. */
  async function newFamily(birthYears = 9) {
    const n = ++seq;
    const student = await shared.call('POST', '/api/students', {
      name: `Davi Reis ${n}`,
      birth_date: bornYearsAgo(birthYears),
    });
    const guardian = await shared.call('POST', '/api/guardians', {
      name: `Joana Reis ${n}`,
      cpf: cpf(),
      email: `joana${n}@familia.com.br`,
      kinship: 'mae',
    });
    await shared.call('POST', `/api/students/${student.body.data.id}/guardians`, {
      guardian_id: guardian.body.data.id,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    const registration = await shared.call('POST', '/api/registrations', {
      student_id: student.body.data.id,
      team_id: 1,
    });
    const charge = await shared.call('POST', '/api/financials', {
      registration_id: registration.body.data.id,
      value: '500,00',
      due_date: '2030-03-10',
      service_type_id: 1,
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    return {
      student: student.body.data.id as number,
      guardian: guardian.body.data as { id: number; name: string },
      charge: charge.body.data.id as number,
    };
  }

  it('completes the address from the 422 that names it: 200 on contact and address, 403 on the rest', async () => {
    const finance = await as('financeiro');
    const { student, guardian, charge } = await newFamily();

    const refused = await finance('POST', `/api/mercadopago/ticket/${charge}`, { method: 'pix' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: `Complete o cadastro do responsável financeiro ${guardian.name} para gerar a cobrança: falta CEP, logradouro, número, bairro, cidade, UF.`,
      payer: {
        student_id: student,
        guardian_id: guardian.id,
        missing: ['cep', 'street', 'number', 'neighborhood', 'city', 'uf'],
      },
    });

    // The guardian's own record stays the office's: its generic edit is refused to Financeiro.
    const generic = await finance('PUT', `/api/guardians/${guardian.id}`, ADDRESS);
    expect(generic.status).toBe(403);

    const completed = await finance('PUT', `/api/students/${student}/payer`, { ...ADDRESS, phone: '91988776655' });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body).toMatchObject({
      message: 'Cadastro de quem paga atualizado.',
      data: { self: false, guardian_id: guardian.id, name: guardian.name, phone: '91988776655', ...ADDRESS },
    });
    const read = await finance('GET', `/api/students/${student}/payer`);
    expect(read.body.data).toMatchObject({ cep: '66010000', street: 'Avenida Nazaré', city: 'Belém' });

    for (const rest of [{ name: 'Outro Nome' }, { cpf: cpf() }, { cep: '66010000', occupation: 'Médica' }]) {
      const answer = await finance('PUT', `/api/students/${student}/payer`, rest);
      expect(answer).toEqual({
        status: 403,
        body: {
          message:
            'Você não tem permissão para alterar esses dados de quem paga: aqui se completam só o contato e o endereço.',
        },
      });
    }
    const stored = await dynamic(shared.server.db)
      .selectFrom('guardians')
      .select(['name', 'occupation'])
      .where('id', '=', guardian.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: guardian.name, occupation: null });

    // Attributable to the clerk, as every change of personal data.
    const trail = await dynamic(shared.server.db)
      .selectFrom('audit_log as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['u.email', 'l.action', 'l.changes'])
      .where('l.entity', '=', 'guardians')
      .where('l.entity_id', '=', guardian.id)
      .where('l.action', '=', 'update')
      .execute();
    expect(trail.map((t) => t.email)).toEqual(['payer.financeiro@escolamodelo.edu.br']);
    expect(String(trail[0].changes)).toContain('Avenida Nazaré');

    const pix = await finance('POST', `/api/mercadopago/ticket/${charge}`, { method: 'pix' });
    expect(pix.status, JSON.stringify(pix.body)).toBe(200);
  });

  it("checks the fields by the record's own rules, and completes an adult who pays for themselves", async () => {
    const finance = await as('financeiro');
    const { student } = await newFamily();
    const bad = await finance('PUT', `/api/students/${student}/payer`, { cep: '660', uf: 'XX', email: 'sem-arroba' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['cep', 'email', 'uf']);

    const adult = await shared.call('POST', '/api/students', { name: 'Renata Adulta', birth_date: bornYearsAgo(30) });
    const id = adult.body.data.id as number;
    const noComplement = await finance('PUT', `/api/students/${id}/payer`, { complement: 'casa 2' });
    expect(noComplement.body.errors).toEqual({
      complement: ['O cadastro do aluno não tem complemento: escreva-o junto do número.'],
    });
    const { complement: _none, ...address } = ADDRESS;
    const done = await finance('PUT', `/api/students/${id}/payer`, { ...address, email: 'renata@exemplo.com' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({
      self: true,
      name: 'Renata Adulta',
      email: 'renata@exemplo.com',
      ...address,
    });
    // The student's e-mail is searchable: the list finds her by it at once.
    const found = await shared.call('GET', '/api/students?search=renata@exemplo.com');
    expect(found.body.data.map((s: { id: number }) => s.id)).toEqual([id]);
  });

  it('lets the office complete it too, and refuses who changes neither students nor charges', async () => {
    const { student } = await newFamily();
    const office = await as('secretaria');
    expect((await office('PUT', `/api/students/${student}/payer`, { city: 'Ananindeua' })).status).toBe(200);
    // The office changes the name on the record itself: here it is not the place.
    const elsewhere = await office('PUT', `/api/students/${student}/payer`, { name: 'Outro' });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors).toEqual({
      name: ['Aqui se completam só o contato e o endereço de quem paga: altere este dado no cadastro.'],
    });
    const direction = await as('direcao');
    expect((await direction('GET', `/api/students/${student}/payer`)).status).toBe(200);
    expect(await direction('PUT', `/api/students/${student}/payer`, { city: 'Marituba' })).toEqual({
      status: 403,
      body: { message: 'Você não tem permissão para completar o cadastro de quem paga.' },
    });
    const teacher = await as('professor');
    expect((await teacher('PUT', `/api/students/${student}/payer`, { city: 'Marituba' })).status).toBe(403);
    expect((await office('PUT', '/api/students/999999/payer', { city: 'Marituba' })).status).toBe(404);
  });
});
