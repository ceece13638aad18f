import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { pdfPages, pdfText } from '../support/pdf-text';
import { parseBrCode } from '../../server/payments/brcode';
import { mod10 } from '../../server/payments/febraban';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

let cpfSeq = 0;
/** A valid CPF of this file alone. */
function cpf(): string {
  const base = String(700_000_000 + ++cpfSeq * 7919 + Math.floor(Math.random() * 1000)).slice(0, 9);
  const digit = (digits: string, from: number) => {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (from - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = digit(base, 10);
  return `${base}${d1}${digit(base + d1, 11)}`;
}

describeOnDatabases('finances: charges, instalments and payments', (dialect) => {
  const shared = serverPerFile(dialect, { payments: { sandbox: true } });
  const call = shared.call;

  /** A student with a complete address, enrolled in team 1: its registration id. */
  async function enrolled(name = `Pagadora Número ${++cpfSeq}`): Promise<number> {
    const student = await call('POST', '/api/students', {
      name,
      email: `pagadora${++cpfSeq}@familia.com.br`,
      cpf: cpf(),
      cep: '66000000',
      street: 'Avenida Presidente Vargas',
      number: '100',
      neighborhood: 'Campina',
      city: 'Belém',
      uf: 'PA',
    });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    const registration = await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 });
    return registration.body.data.id as number;
  }

  it('creates a year of instalments in one call: quotas in order, due dates a calendar month apart, exact values', async () => {
    const registration = await enrolled('Pagadora Exemplar da Silva');
    const created = await call('POST', '/api/financials', {
      registration_id: registration,
      value: '1.234,56',
      due_date: '2027-01-31',
      service_type_id: 1,
      payment_type: 4,
      repetitions: 12,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('12 pendências financeiras adicionadas com sucesso!');
    const charges = created.body.data as {
      quota: number;
      due_date: string;
      value: number;
      paid: number;
      service_type: unknown;
      payment_type: unknown;
      user: unknown;
    }[];
    expect(charges.map((c) => c.quota)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(charges.slice(0, 4).map((c) => c.due_date)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(charges[11].due_date).toBe('2027-12-31');
    expect(charges[0]).toMatchObject({
      value: 1234.56,
      paid: 0,
      service_type: { id: 1, name: 'Mensalidade' },
      payment_type: { id: 4, name: 'Boleto' },
      user: { name: 'Administrador' },
    });
    // The sum is made on centavos in SQL: twelve times R$ 1.234,56 is exactly R$ 14.814,72.
    const sum = await dynamic(shared.server.db)
      .selectFrom('financials')
      .select((eb) => eb.fn.sum<number>('value_cents').as('s'))
      .where('registration_id', '=', registration)
      .executeTakeFirstOrThrow();
    expect(Number(sum.s)).toBe(1_481_472);
    // A second batch continues the numbering.
    const more = await call('POST', '/api/financials', {
      registration_id: registration,
      value: 0.1,
      due_date: '2028-01-10',
      repetitions: '2',
    });
    expect(more.body.data.map((c: { quota: number }) => c.quota)).toEqual([13, 14]);
    // The student's record carries the charges under each registration.
    const student = (await call('GET', `/api/students?search=${encodeURIComponent('Pagadora Exemplar')}`)).body.data[0];
    const record = (await call('GET', `/api/students/${student.id}`)).body[0];
    expect(record.registrations[0].financials).toHaveLength(14);
    expect(student.financials_count).toBe(14);
  });

  it("lists an enrolment's charges by due date: an overdue instalment before twelve future ones", async () => {
    const registration = await enrolled('Ordem Vencimento Prado');
    await call('POST', '/api/financials', {
      registration_id: registration,
      value: '650,00',
      due_date: '2099-02-10',
      repetitions: 12,
    });
    // Added afterwards, so its instalment number is 13, but it is already overdue.
    const late = await call('POST', '/api/financials', {
      registration_id: registration,
      value: '650,00',
      due_date: '2020-01-10',
    });
    expect(late.body.data.quota).toBe(13);
    const record = (await call('GET', `/api/students?search=${encodeURIComponent('Ordem Vencimento Prado')}`)).body
      .data[0];
    const financials = (await call('GET', `/api/students/${record.id}`)).body[0].registrations[0].financials as {
      quota: number;
      due_date: string;
    }[];
    expect(financials.map((c) => c.quota)).toEqual([13, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(financials[0].due_date).toBe('2020-01-10');
  });

  it('keeps 0,10 + 0,20 and R$ 1.234.567,89 exact on the way in and out', async () => {
    const registration = await enrolled();
    const a = await call('POST', '/api/financials', {
      registration_id: registration,
      value: '0,10',
      due_date: '2027-02-01',
    });
    const b = await call('POST', '/api/financials', {
      registration_id: registration,
      value: 0.2,
      due_date: '2027-02-01',
    });
    const big = await call('POST', '/api/financials', {
      registration_id: registration,
      value: 'R$ 1.234.567,89',
      due_date: '2027-02-01',
    });
    expect([a.body.data.value, b.body.data.value, big.body.data.value]).toEqual([0.1, 0.2, 1234567.89]);
    expect(JSON.stringify(big.body.data.value)).toBe('1234567.89');
    const sum = await dynamic(shared.server.db)
      .selectFrom('financials')
      .select((eb) => eb.fn.sum<number>('value_cents').as('s'))
      .where('registration_id', '=', registration)
      .executeTakeFirstOrThrow();
    expect(Number(sum.s)).toBe(10 + 20 + 123456789);
    // The charge itself, not a list (the original server's answer, which outside front ends read).
    expect((await call('GET', `/api/financials/${big.body.data.id}`)).body).toMatchObject({
      id: big.body.data.id,
      value_cents: 123456789,
    });
  });

  it('refuses bad input with the field and changes nothing', async () => {
    const registration = await enrolled();
    const count = async () =>
      Number(
        (
          await dynamic(shared.server.db)
            .selectFrom('financials')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { registration_id: registration, value: '12,345', due_date: '2027-01-01' },
        'value',
        'O campo Valor deve ser um valor em reais maior que zero, como 1.234,56.',
      ],
      [
        { registration_id: registration, value: 0.1 + 0.2, due_date: '2027-01-01' },
        'value',
        'O campo Valor deve ser um valor em reais maior que zero, como 1.234,56.',
      ],
      [{ registration_id: registration, value: '', due_date: '2027-01-01' }, 'value', 'O campo Valor é obrigatório.'],
      [
        { registration_id: registration, value: '10', due_date: '2027-02-30' },
        'due_date',
        'O campo Vencimento deve ser uma data válida.',
      ],
      [
        { registration_id: registration, value: '10', due_date: '2027-01-01', repetitions: 'doze' },
        'repetitions',
        'Por favor, preencha a quantidade de forma correta.',
      ],
      [
        { registration_id: registration, value: '10', due_date: '2027-01-01', repetitions: 0 },
        'repetitions',
        'A quantidade de parcelas deve ser de 1 a 120.',
      ],
      [
        { registration_id: 999999, value: '10', due_date: '2027-01-01' },
        'registration_id',
        'Matrícula não encontrada.',
      ],
      [
        { registration_id: registration, value: '10', due_date: '2027-01-01', service_type_id: 9999 },
        'service_type_id',
        'Tipo de serviço não encontrado.',
      ],
      [{ value: '10', due_date: '2027-01-01' }, 'registration_id', 'Selecione a matrícula.'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call('POST', '/api/financials', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a quantity of instalments out of 1 to 120 naming the limit under the field, the spec words as the message', async () => {
    const registration = await enrolled();
    const count = async () =>
      Number(
        (
          await dynamic(shared.server.db)
            .selectFrom('financials')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('registration_id', '=', registration)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const repetitions of [999, '121', 0, -3]) {
      const answer = await call('POST', '/api/financials', {
        registration_id: registration,
        value: '10',
        due_date: '2027-01-01',
        repetitions,
      });
      expect(answer, String(repetitions)).toMatchObject({
        status: 422,
        body: {
          message: 'Por favor, preencha a quantidade de forma correta.',
          errors: { repetitions: ['A quantidade de parcelas deve ser de 1 a 120.'] },
        },
      });
    }
    // Beside another bad field each is told under its name.
    const two = await call('POST', '/api/financials', {
      registration_id: registration,
      value: '',
      due_date: '2027-01-01',
      repetitions: 999,
    });
    expect(two.body.errors).toEqual({
      value: ['O campo Valor é obrigatório.'],
      repetitions: ['A quantidade de parcelas deve ser de 1 a 120.'],
    });
    expect(await count()).toBe(0);
    // The limit itself is taken.
    const most = await call('POST', '/api/financials', {
      registration_id: registration,
      value: '10',
      due_date: '2027-01-01',
      repetitions: 120,
    });
    expect(most.status).toBe(201);
    expect(await count()).toBe(120);
  });

  it('edits a charge, marks it paid by the user today, and deletes one, all audited', async () => {
    const registration = await enrolled();
    const [first, second] = (
      await call('POST', '/api/financials', {
        registration_id: registration,
        value: '150,20',
        due_date: '2027-03-05',
        repetitions: 2,
      })
    ).body.data;
    const edited = await call('PUT', `/api/financials/${first.id}`, {
      value: '160,00',
      observations: 'Com desconto retirado',
      due_date: '2027-03-10',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      value: 160,
      observations: 'Com desconto retirado',
      due_date: '2027-03-10',
      paid: 0,
      pay_day: null,
    });
    const paid = await call('PUT', `/api/financials/${first.id}`, { paid: 1 });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(paid.body.data).toMatchObject({ paid: 1, pay_day: today, paid_user: { name: 'Administrador' } });
    const cleared = await call('PUT', `/api/financials/${first.id}`, { observations: '' });
    expect(cleared.body.data).toMatchObject({ observations: null, paid: 1, pay_day: today });
    expect((await call('PUT', `/api/financials/${first.id}`, { value: '' })).body.errors).toEqual({
      value: ['O campo Valor é obrigatório.'],
    });
    expect((await call('DELETE', `/api/financials/${second.id}`)).body).toEqual({
      message: 'Pendência financeira removida com sucesso!',
    });
    expect((await call('GET', `/api/financials/${second.id}`)).status).toBe(404);
    const trail = await dynamic(shared.server.db)
      .selectFrom('audit_log')
      .select(['entity_id', 'action'])
      .where('entity', '=', 'financials')
      .where('entity_id', 'in', [first.id, second.id])
      .orderBy('id')
      .execute();
    expect(trail.map((t) => `${t.entity_id}:${t.action}`)).toEqual([
      `${first.id}:create`,
      `${second.id}:create`,
      `${first.id}:update`,
      `${first.id}:update`,
      `${first.id}:update`,
      `${second.id}:delete`,
    ]);
  });

  it('makes a boleto in the sandbox with a valid line, and a PIX whose code is a valid BR Code', async () => {
    const registration = await enrolled();
    const charge = (
      await call('POST', '/api/financials', {
        registration_id: registration,
        value: '150,20',
        due_date: '2030-05-10',
        payment_type: 4,
      })
    ).body.data;
    const boleto = await call('POST', `/api/mercadopago/ticket/${charge.id}`, { date_of_expiration: true });
    expect(boleto.status, JSON.stringify(boleto.body)).toBe(200);
    expect(boleto.body).toMatchObject({
      payment_type_id: 'ticket',
      status: 'pending',
      external_reference: String(charge.id),
      date_of_expiration: '2030-05-10T23:59:59.000-03:00',
      sandbox: true,
    });
    // The payer's page is found by a random key, not by the payment's sequential id.
    const page = boleto.body.transaction_details.external_resource_url as string;
    expect(page).toMatch(/^http:\/\/escola\.test\/api\/payments\/sandbox\/[0-9a-f]{32}$/);
    const pagePath = page.replace('http://escola.test', '');
    expect((await shared.server.request('GET', `/api/payments/sandbox/${boleto.body.id}`)).status).toBe(404);
    expect(boleto.body.barcode.content).toMatch(/^2379\d{40}$/);
    expect(boleto.body.barcode.content.slice(9, 19)).toBe('0000015020');
    const stored = (await call('GET', `/api/financials/${charge.id}`)).body;
    expect(JSON.parse(stored.gateway_response).id).toBe(boleto.body.id);
    // The boleto itself, public like the provider's: its line, amount and due date, check digits valid.
    const slip = await fetch(`${shared.server.url}${pagePath}/boleto.pdf`);
    expect(slip.headers.get('content-type')).toBe('application/pdf');
    const slipText = await pdfText(Buffer.from(await slip.arrayBuffer()));
    const line = (boleto.body.digitable_line as string).replace(/\D/g, '');
    expect(slipText).toContain(boleto.body.digitable_line);
    expect(slipText).toContain('R$ 150,20');
    expect(slipText).toContain('10/05/2030');
    expect(slipText).toContain('SIMULAÇÃO');
    for (const [start, end] of [
      [0, 9],
      [10, 20],
      [21, 31],
    ])
      expect(Number(line[end])).toBe(mod10(line.slice(start, end)));

    const pix = await call('POST', `/api/mercadopago/ticket/${charge.id}`, { method: 'pix' });
    const code = pix.body.point_of_interaction.transaction_data.qr_code as string;
    expect(parseBrCode(code)).toMatchObject({ amountCents: 15020 });
    expect(
      Buffer.from(pix.body.point_of_interaction.transaction_data.qr_code_base64, 'base64').subarray(1, 4).toString(),
    ).toBe('PNG');
  });

  it('asks for the missing payer data before calling the provider', async () => {
    const bare = (await call('POST', '/api/students', { name: 'Sem Endereço' })).body.data.id;
    const registration = (await call('POST', '/api/registrations', { student_id: bare, team_id: 1 })).body.data.id;
    const charge = (
      await call('POST', '/api/financials', { registration_id: registration, value: '10', due_date: '2030-01-10' })
    ).body.data;
    const refused = await call('POST', `/api/mercadopago/ticket/${charge.id}`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.errors.student[0]).toBe(
      'Complete o cadastro do aluno para gerar a cobrança: falta e-mail, CPF, CEP, logradouro, número, bairro, cidade, UF.',
    );
  });

  it('pays through the sandbox page only for a signed-in staff user: the charge is paid once, as a simulation by that user, never by Mercado Pago', async () => {
    const registration = await enrolled();
    const charge = (
      await call('POST', '/api/financials', { registration_id: registration, value: '99,90', due_date: '2030-06-10' })
    ).body.data;
    const pix = (await call('POST', `/api/mercadopago/ticket/${charge.id}`, { method: 'pix' })).body;
    const pagePath = (pix.point_of_interaction.transaction_data.ticket_url as string).replace('http://escola.test', '');
    const page = await shared.server.request('GET', pagePath);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Pagar (simulação)');
    expect(page.body).toContain('nenhum dinheiro é cobrado');
    expect(page.body).toContain('R$');
    // Whoever has the link may look, not pay.
    const anonymous = await fetch(`${shared.server.url}${pagePath}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(anonymous.status).toBe(401);
    expect((await call('GET', `/api/financials/${charge.id}`)).body.paid).toBe(0);
    // Pressed twice by the secretary: the charge is paid once, by her, as a simulation, with one audit entry.
    const paid = await Promise.all([1, 2].map(() => call('POST', `${pagePath}/pay`)));
    expect(paid.map((r) => r.status)).toEqual([200, 200]);
    expect(paid[0].body.message).toContain('Pagamento simulado com sucesso');
    const admin = await dynamic(shared.server.db)
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', 'admin.teste@escolamodelo.edu.br')
      .executeTakeFirstOrThrow();
    const after = (await call('GET', `/api/financials/${charge.id}`)).body;
    expect(after).toMatchObject({ paid: 1, paid_user: { id: Number(admin.id), name: admin.name } });
    expect(JSON.parse(after.gateway_response)).toMatchObject({ sandbox: true, status: 'approved' });
    expect(after.pay_day).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()));
    const entries = await dynamic(shared.server.db)
      .selectFrom('audit_log')
      .select(['user_id', 'action'])
      .where('entity', '=', 'financials')
      .where('entity_id', '=', charge.id)
      .where('action', 'in', ['payment', 'simulate'])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { user_id: Number(admin.id), action: 'simulate' },
      { user_id: Number(admin.id), action: 'payment' },
    ]);
    // A paid charge gets no new link.
    expect((await call('POST', `/api/mercadopago/ticket/${charge.id}`, {})).status).toBe(409);
  });

  it('refuses unsigned and forged notifications with 401 and changes nothing', async () => {
    const registration = await enrolled();
    const charge = (
      await call('POST', '/api/financials', { registration_id: registration, value: '10', due_date: '2030-06-10' })
    ).body.data;
    const boleto = (await call('POST', `/api/mercadopago/ticket/${charge.id}`, {})).body;
    await dynamic(shared.server.db)
      .updateTable('sandbox_payments')
      .set({ status: 'approved', approved_at: new Date().toISOString() })
      .where('id', '=', boleto.id)
      .execute();
    const notify = (headers: Record<string, string>) =>
      shared.server.request('POST', `/api/webhooks/mercadopago?data.id=${boleto.id}&type=payment`, {
        headers,
        body: { type: 'payment', data: { id: String(boleto.id) } },
      });
    const ts = String(Math.floor(Date.now() / 1000));
    for (const headers of [
      {} as Record<string, string>,
      { 'x-signature': `ts=${ts},v1=${'0'.repeat(64)}`, 'x-request-id': 'r1' },
      { 'x-signature': 'qualquer coisa', 'x-request-id': 'r1' },
    ]) {
      const answer = await notify(headers);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'Notificação sem assinatura válida.' });
    }
    expect((await call('GET', `/api/financials/${charge.id}`)).body.paid).toBe(0);
  });

  const pdf = async (route: string) => {
    const response = await fetch(`${shared.server.url}${route}`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      body: Buffer.from(await response.arrayBuffer()),
    };
  };

  it('issues the receipt of a paid charge only, with the amount in figures and in words', async () => {
    const registration = await enrolled('Recibo Conferido Santos');
    const charge = (
      await call('POST', '/api/financials', {
        registration_id: registration,
        value: '150,20',
        due_date: '2027-03-05',
        service_type_id: 1,
        payment_type: 5,
      })
    ).body.data;
    const unpaid = await pdf(`/api/exports/receipt/${charge.id}`);
    expect(unpaid.status).toBe(409);
    expect(JSON.parse(unpaid.body.toString())).toEqual({
      message: 'Só é possível emitir o recibo de uma pendência paga.',
    });
    await call('PUT', `/api/financials/${charge.id}`, { paid: 1, pay_day: '2027-03-04' });
    const receipt = await pdf(`/api/exports/receipt/${charge.id}`);
    expect(receipt.status).toBe(200);
    expect(receipt.type).toBe('application/pdf');
    expect(receipt.disposition).toBe(`attachment; filename="recibo-${charge.id}.pdf"`);
    const text = await pdfText(receipt.body);
    expect(text).toContain('Recebemos de RECIBO CONFERIDO SANTOS');
    expect(text).toContain('R$ 150,20 (cento e cinquenta reais e vinte centavos)');
    expect(text).toContain('parcela 1 de Mensalidade');
    expect(text).toContain(`matrícula ${String(registration).padStart(6, '0')}`);
    expect(text).toContain('Pagamento recebido em 04/03/2027, por PIX');
    expect(text).toContain('4 de março de 2027');
  });

  it('issues a statement with every charge of every enrolment and the totals paid, open and overdue', async () => {
    const registration = await enrolled('Extrato Completo Lima');
    const student = (await call('GET', `/api/students?search=${encodeURIComponent('Extrato Completo Lima')}`)).body
      .data[0].id;
    const charges = (
      await call('POST', '/api/financials', {
        registration_id: registration,
        value: '100,10',
        due_date: '2020-01-10',
        service_type_id: 1,
        repetitions: 3,
      })
    ).body.data;
    await call('POST', '/api/financials', { registration_id: registration, value: '0,20', due_date: '2099-01-10' });
    await call('PUT', `/api/financials/${charges[0].id}`, { paid: 1, pay_day: '2020-01-09' });
    const statement = await pdf(`/api/exports/student-financial-history/${student}`);
    expect(statement.status).toBe(200);
    expect(statement.disposition).toBe(`attachment; filename="extrato-financeiro-${student}.pdf"`);
    const pages = await pdfPages(statement.body);
    const text = pages.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('EXTRATO FINANCEIRO');
    expect(text).toContain('EXTRATO COMPLETO LIMA');
    expect(text).toContain(`Matrícula ${String(registration).padStart(6, '0')}`);
    expect(text).toContain('Paga em 09/01/2020 (Administrador)');
    expect(text.match(/Vencida/g)).toHaveLength(2);
    expect(text).toContain('Em aberto');
    expect(text).toContain('Total pago: R$ 100,10');
    expect(text).toContain('Total em aberto: R$ 200,40');
    expect(text).toContain('Total vencido: R$ 200,20');
    expect((await pdf('/api/exports/student-financial-history/999999')).status).toBe(404);
  });

  it('keeps the Mercado Pago user from signing in, being edited or deleted', async () => {
    const fixed = {
      message: 'O usuário Mercado Pago registra os pagamentos recebidos e não pode ser alterado nem apagado.',
    };
    expect(await call('PUT', '/api/users/100', { name: 'Outro', password: 'nova-senha-123' })).toMatchObject({
      status: 409,
      body: fixed,
    });
    expect(await call('DELETE', '/api/users/100')).toMatchObject({ status: 409, body: fixed });
    const stored = await dynamic(shared.server.db)
      .selectFrom('users')
      .select(['name', 'password_hash'])
      .where('id', '=', 100)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Mercado Pago', password_hash: '!' });
    const login = await shared.server.request('POST', '/api/auth/login', {
      body: { email: 'mercadopago@sistema.invalid', password: '!' },
    });
    expect(login.status).toBe(401);
  });
});
