import { expect, it } from 'vitest';
import { pdfText } from '../support/pdf-text';
import { cpfCheckDigits } from '../../resources/text';
import { dynamic } from '../../server/db/connection';
import { parseBrCode } from '../../server/payments/brcode';
import { daysAgo } from './support/diary';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

/** A valid CPF from 9 digits. */
const cpfOf = (base: string) => base + cpfCheckDigits(base);

describeOnDatabases('a late payment asks for and records fine and interest', (dialect) => {
  const shared = serverPerFile(dialect, { payments: { sandbox: true } });
  const call = shared.call;

  async function overdueCharge(name: string, cpfBase: string) {
    const student = await call('POST', '/api/students', {
      name,
      email: `${cpfBase}@familia.com.br`,
      cpf: cpfOf(cpfBase),
      cep: '66000000',
      street: 'Avenida Presidente Vargas',
      number: '100',
      neighborhood: 'Campina',
      city: 'Belém',
      uf: 'PA',
    });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    const registration = await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 });
    // Ten days overdue: past any weekend's grace, 10 days of interest from the due date.
    const created = await call('POST', '/api/financials', {
      registration_id: registration.body.data.id,
      value: '500,00',
      due_date: daysAgo(10),
      service_type_id: 1,
    });
    expect(created.status).toBe(201);
    return {
      student: Number(student.body.data.id),
      registration: Number(registration.body.data.id),
      charge: Number(created.body.data.id),
    };
  }

  const download = async (path: string) => {
    const response = await fetch(`${shared.server.url}${path}`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    expect(response.status).toBe(200);
    return pdfText(Buffer.from(await response.arrayBuffer()));
  };

  it('a PIX for a charge 10 days overdue asks R$ 500,00 + 2 % + 10/30 of 1 %, and the receipt lists Multa and Juros', async () => {
    const { student, charge } = await overdueCharge('Atrasada Pagante Silva', '512345678');
    // 500,00 + 10,00 fine + 1,67 interest (50000 × 1 % × 10 / 30 = 166,67 centavos, rounded half-up).
    expect((await call('GET', `/api/financials/${charge}/amount-due`)).body).toEqual({
      principal: 50000,
      discount: 0,
      fine: 1000,
      interest: 167,
      total: 51167,
    });
    const pix = await call('POST', `/api/mercadopago/ticket/${charge}`, { method: 'pix' });
    expect(pix.status, JSON.stringify(pix.body)).toBe(200);
    expect(pix.body.transaction_amount).toBe(511.67);
    expect(parseBrCode(pix.body.point_of_interaction.transaction_data.qr_code as string)).toMatchObject({
      amountCents: 51167,
    });
    const page = (pix.body.point_of_interaction.transaction_data.ticket_url as string).replace(
      'http://escola.test',
      '',
    );
    const paid = await call('POST', `${page}/pay`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const stored = (await call('GET', `/api/financials/${charge}`)).body;
    expect(stored).toMatchObject({
      paid: 1,
      payment_divergence: null,
      paid_parts: { principal: 50000, discount: 0, fine: 1000, interest: 167, total: 51167 },
    });
    // Paid: what was paid, whatever day is asked about.
    expect((await call('GET', `/api/financials/${charge}/amount-due?date=2099-01-01`)).body.total).toBe(51167);

    const receipt = await download(`/api/exports/receipt/${charge}`);
    expect(receipt).toContain('a importância de R$ 511,67 (quinhentos e onze reais e sessenta e sete centavos)');
    expect(receipt).toContain('Multa: R$ 10,00');
    expect(receipt).toContain('Juros: R$ 1,67');
    expect(receipt).toContain('Total pago: R$ 511,67');
    const statement = await download(`/api/exports/student-financial-history/${student}`);
    expect(statement).toContain('Total pago: R$ 511,67');
  });

  it('the statement shows the scholarship and what each open charge asks today, and what each paid charge paid', async () => {
    const { student, registration, charge } = await overdueCharge('Bolsista Extrato Costa', '523456789');
    const granted = await call('PUT', `/api/registrations/${registration}/scholarship`, {
      kind: 'percent',
      value: 10,
      reason: 'Convênio com a prefeitura',
      valid_from: '2020-01-01',
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    // The student's record carries it too, for the tab FINANCEIRO's Valor hoje.
    const record = (await call('GET', `/api/students/${student}`)).body[0];
    expect(record.registrations[0].financials[0].amount_due).toEqual({
      principal: 50000,
      discount: 5000,
      fine: 900,
      interest: 150,
      total: 46050,
    });
    const text = (await download(`/api/exports/student-financial-history/${student}`)).replace(/\s+/g, ' ');
    expect(text).toContain('Bolsa de 10% (válida de 01/01/2020)');
    expect(text).toMatch(/Hoje ou\s?pago/);
    // 500,00 less 10 % is 450,00; 10 days late: 9,00 fine and 1,50 interest (45000 × 1 % × 10 / 30).
    expect(text).toContain('R$ 500,00 R$ 460,50 Vencida');
    expect(text).toContain('Total em aberto: R$ 500,00');
    expect(text).toContain('A pagar hoje, com descontos, multa e juros: R$ 460,50');
    const paid = await call('PUT', `/api/financials/${charge}`, { paid: 1, pay_day: daysAgo(0) });
    expect(paid.body.data.paid_parts.total).toBe(46050);
    const after = (await download(`/api/exports/student-financial-history/${student}`)).replace(/\s+/g, ' ');
    expect(after).toContain('R$ 500,00 R$ 460,50 Paga em');
    expect(after).toContain('Total pago: R$ 460,50');
    expect(after).toContain('A pagar hoje, com descontos, multa e juros: R$ 0,00');
    expect(
      (await call('GET', `/api/students/${student}`)).body[0].registrations[0].financials[0].amount_due,
    ).toBeNull();
  });

  it("the statement's 'A pagar hoje' adds only what is due by today, not the twelve future instalments", async () => {
    const { student, registration } = await overdueCharge('Carnê Futuro Andrade', '534567890');
    // Twelve monthly instalments of R$ 650,00, the first due in a month: R$ 7.800,00 not yet due.
    const future = await call('POST', '/api/financials', {
      registration_id: registration,
      value: '650,00',
      due_date: daysAgo(-30),
      service_type_id: 1,
      repetitions: 12,
    });
    expect(future.status, JSON.stringify(future.body)).toBe(201);
    // And one due today: due by today, asked at its value.
    await call('POST', '/api/financials', { registration_id: registration, value: '0,50', due_date: daysAgo(0) });
    const text = (await download(`/api/exports/student-financial-history/${student}`)).replace(/\s+/g, ' ');
    expect(text).toContain('Total em aberto: R$ 8.300,50');
    expect(text).toContain('Total vencido: R$ 500,00');
    // The overdue R$ 500,00 with R$ 10,00 fine and R$ 1,67 interest, and the R$ 0,50 due today.
    expect(text).toContain('A pagar hoje, com descontos, multa e juros: R$ 512,17');
  });

  it("records what the office's manual payment was asked on its pay day, and the card link asks today's total", async () => {
    const { charge } = await overdueCharge('Manual Pagante Souza', '598765432');
    const card = await call('POST', `/api/mercadopago/preference/${charge}`);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const link = await dynamic(shared.server.db)
      .selectFrom('payment_links')
      .select('amount_cents')
      .where('financial_id', '=', charge)
      .executeTakeFirstOrThrow();
    expect(Number(link.amount_cents)).toBe(51167);
    const marked = await call('PUT', `/api/financials/${charge}`, { paid: 1, pay_day: daysAgo(4) });
    expect(marked.status).toBe(200);
    // Paid 6 days late: 10,00 fine and 1,00 interest (50000 × 1 % × 6 / 30).
    expect(marked.body.data.paid_parts).toEqual({
      principal: 50000,
      discount: 0,
      fine: 1000,
      interest: 100,
      total: 51100,
    });
    const receipt = await download(`/api/exports/receipt/${charge}`);
    expect(receipt).toContain('R$ 511,00');
    expect(receipt).toContain('Juros: R$ 1,00');
    // Unpaid again: the parts go with the payment.
    const undone = await call('PUT', `/api/financials/${charge}`, { paid: 0 });
    expect(undone.body.data.paid_parts).toBeNull();
  });
});
