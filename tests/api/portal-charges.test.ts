import { expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { amountDue } from '../../server/finance/amount-due';
import { pdfText } from '../support/pdf-text';
import { serverPerFile } from './support/per-test';
import { portalSession } from './support/portal';
import { describeOnDatabases } from './support/server';

/** A valid CPF from nine digits. */
function cpfOf(nine: string): string {
  const digit = (base: string) => {
    const sum = [...base].reduce((s, d, i) => s + Number(d) * (base.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return String(rest === 10 ? 0 : rest);
  };
  const ten = nine + digit(nine);
  return ten + digit(ten);
}

describeOnDatabases('family portal: charges, payment through the provider, receipts', (dialect) => {
  const fresh = serverPerFile(dialect, { payments: { sandbox: true } });
  const { call } = fresh;
  let seq = 0;

  /** A student with a complete record (a payer the provider takes), enrolled in team 1, and a guardian's session. */
  async function familyOf(name: string) {
    seq++;
    const student = await call('POST', '/api/students', {
      name,
      email: `aluno${seq}@familia.com.br`,
      cpf: cpfOf(String(812_345_600 + seq)),
      cep: '66000000',
      street: 'Avenida Presidente Vargas',
      number: '100',
      neighborhood: 'Campina',
      city: 'Belém',
      uf: 'PA',
    });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    const id = student.body.data.id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: id, team_id: 1 })).body.data
      .id as number;
    const email = `familia${seq}@exemplo.com`;
    // The financial responsible pays: the provider asks the payer's CPF, e-mail and address.
    const created = await call('POST', '/api/guardians', {
      name: `Mãe de ${name}`,
      email,
      cpf: cpfOf(String(712_345_600 + seq)),
      cep: '66010000',
      street: 'Avenida Nazaré',
      number: '512',
      neighborhood: 'Nazaré',
      city: 'Belém',
      uf: 'PA',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const guardian = created.body.data.id as number;
    await call('POST', `/api/students/${id}/guardians`, {
      guardian_id: guardian,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    return { student: id, registration, token: await portalSession(fresh.server, guardian, email) };
  }

  const charge = async (registration: number, value: string, due_date: string) => {
    const created = await call('POST', '/api/financials', {
      registration_id: registration,
      value,
      due_date,
      service_type_id: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as { id: number };
  };

  it('lists open and paid charges, overdue ones marked, with the amount due today and the receipt', async () => {
    const { student, registration, token } = await familyOf('Gabi Cobrada');
    const late = await charge(registration, '200,00', '2020-02-10');
    const next = await charge(registration, '150,20', '2099-03-10');
    const done = await charge(registration, '99,90', '2099-04-10');
    expect((await call('PUT', `/api/financials/${done.id}`, { paid: 1, payment_type_id: 4 })).status).toBe(200);
    const service = (await call('GET', '/api/service-types/1')).body[0].name as string;

    const { status, body } = await fresh.server.request('GET', `/api/portal/students/${student}/charges`, { token });
    expect(status).toBe(200);
    expect(body.open).toEqual([
      {
        id: late.id,
        description: `${service} — parcela 1`,
        due_date: '2020-02-10',
        value: 20000,
        // Overdue since 2020: 2 % fine and 1 % a month pro rata die on top of the value (issue 27).
        amount_due_today: amountDue(
          { value_cents: 20000, due_date: '2020-02-10' },
          { finePercentBp: 200, interestMonthBp: 100 },
          schoolDayOf(),
        ).total,
        overdue: true,
        paid_at: null,
        paid_value: null,
        payment_method: null,
        receipt_url: null,
        // No NFS-e: the school has not configured one (issue 41).
        nfse: null,
      },
      expect.objectContaining({ id: next.id, value: 15020, amount_due_today: 15020, overdue: false }),
    ]);
    expect(body.paid).toEqual([
      expect.objectContaining({
        id: done.id,
        value: 9990,
        paid_at: schoolDayOf(),
        paid_value: 9990,
        overdue: false,
        receipt_url: `/api/portal/students/${student}/charges/${done.id}/receipt`,
      }),
    ]);

    const receipt = await fetch(`${fresh.server.url}${body.paid[0].receipt_url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(Buffer.from(await receipt.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('GABI COBRADA');
    expect(text).toContain('R$ 99,90');
    expect(
      await fresh.server.request('GET', `/api/portal/students/${student}/charges/${next.id}/receipt`, { token }),
    ).toEqual({ status: 404, body: { message: 'O recibo fica disponível depois do pagamento.' } });
  });

  it('makes a PIX, a boleto and a card link through the office’s provider; refuses a paid charge', async () => {
    const { student, registration, token } = await familyOf('Hugo Pagador');
    const open = await charge(registration, '150,20', '2099-05-10');
    const pay = (id: number, body: unknown) =>
      fresh.server.request('POST', `/api/portal/students/${student}/charges/${id}/payment`, { token, body });

    const pix = await pay(open.id, { method: 'pix' });
    expect(pix.status, JSON.stringify(pix.body)).toBe(200);
    expect(pix.body).toMatchObject({ method: 'pix', boleto: null, card: null });
    expect(pix.body.pix.qr_code).toMatch(/^000201/);
    expect(pix.body.pix.qr_code).toContain('150.20');
    expect(pix.body.pix.qr_code_base64).toMatch(/^iVBOR/);
    expect(pix.body.pix.url).toMatch(/^http:\/\/escola\.test\/api\/payments\/sandbox\/[0-9a-f]{32}$/);
    // Recorded on the charge as the office's "Cobrar" records it.
    const stored = (await call('GET', `/api/financials/${open.id}`)).body;
    expect(JSON.parse(stored.gateway_response)).toMatchObject({ payment_method_id: 'pix', sandbox: true });

    const boleto = await pay(open.id, { method: 'boleto' });
    expect(boleto.status).toBe(200);
    expect(boleto.body.boleto.barcode).toMatch(/^2379\d{40}$/);
    expect(boleto.body.boleto.digitable_line).toMatch(/^\d{5}\.\d{5} /);
    expect(boleto.body.boleto.url).toMatch(/^http:\/\/escola\.test\/api\/payments\/sandbox\//);
    const card = await pay(open.id, { method: 'card' });
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ method: 'card', pix: null, boleto: null, card: { url: expect.any(String) } });

    expect((await pay(open.id, { method: 'cheque' })).status).toBe(422);
    // The provider's page of the PIX: in the demo the simulation's, where the family pays its own charge.
    expect(pix.body).toMatchObject({ ticket_url: pix.body.pix.url, sandbox: true });
    const key = pix.body.pix.url.split('/').at(-1);
    const other = await familyOf('Outra Família');
    expect(
      await fresh.server.request('POST', `/api/portal/payments/sandbox/${key}/pay`, { token: other.token }),
    ).toEqual({ status: 404, body: { message: 'Pagamento não encontrado.' } });
    const paid = await fresh.server.request('POST', `/api/portal/payments/sandbox/${key}/pay`, { token });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // formatBRL writes a no-break space after R$.
    expect(paid.body.message).toMatch(/^Pagamento simulado com sucesso: R\$\s150,20\. A escola já vê esta cobrança/);
    expect((await call('GET', `/api/financials/${open.id}`)).body.paid).toBe(1);
    expect(await pay(open.id, { method: 'pix' })).toEqual({
      status: 422,
      body: { message: 'Esta cobrança já está paga.' },
    });
    const list = (await fresh.server.request('GET', `/api/portal/students/${student}/charges`, { token })).body;
    expect(list.paid.map((c: { id: number }) => c.id)).toEqual([open.id]);
  });

  it('names the family as the payer of a charge paid on the portal, on the charge and on its receipt', async () => {
    const { student, registration, token } = await familyOf('Lara Portal');
    const open = await charge(registration, '80,00', '2099-05-10');
    const pix = await fresh.server.request('POST', `/api/portal/students/${student}/charges/${open.id}/payment`, {
      token,
      body: { method: 'pix' },
    });
    const key = pix.body.pix.url.split('/').at(-1);
    expect((await fresh.server.request('POST', `/api/portal/payments/sandbox/${key}/pay`, { token })).status).toBe(200);
    // The mother's portal account paid: never "Usuário removido".
    const paid = (await call('GET', `/api/financials/${open.id}`)).body;
    expect(paid.paid_user).toEqual({ id: null, name: 'Mãe de Lara Portal, pelo Portal das famílias' });
    const receipt = await fetch(`${fresh.server.url}/api/exports/receipt/${open.id}`, {
      headers: { authorization: `Bearer ${fresh.token}` },
    });
    const text = (await pdfText(Buffer.from(await receipt.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('registrado por Mãe de Lara Portal, pelo Portal das famílias.');
    expect(text).not.toContain('Usuário removido');

    // A PIX the family made on the portal and the office's staff paid in the simulation: the staff member paid.
    const second = await charge(registration, '81,00', '2099-06-10');
    const made = await fresh.server.request('POST', `/api/portal/students/${student}/charges/${second.id}/payment`, {
      token,
      body: { method: 'pix' },
    });
    expect((await call('POST', `/api/payments/sandbox/${made.body.pix.url.split('/').at(-1)}/pay`)).status).toBe(200);
    expect((await call('GET', `/api/financials/${second.id}`)).body.paid_user.name).toBe('Administrador');
  });

  it('answers 404 for a charge or a student that is not the account’s', async () => {
    const mine = await familyOf('Ivo Meu');
    const theirs = await familyOf('Júlia Deles');
    const their = await charge(theirs.registration, '10,00', '2099-06-10');
    const notFound = { status: 404, body: { message: 'Cobrança não encontrada.' } };
    const as = (method: string, path: string, body?: unknown) =>
      fresh.server.request(method, path, { token: mine.token, body });
    expect(
      await as('POST', `/api/portal/students/${mine.student}/charges/${their.id}/payment`, { method: 'pix' }),
    ).toEqual(notFound);
    expect(await as('GET', `/api/portal/students/${mine.student}/charges/${their.id}/receipt`)).toEqual(notFound);
    expect(await as('GET', `/api/portal/students/${theirs.student}/charges`)).toEqual({
      status: 404,
      body: { message: 'Aluno não encontrado.' },
    });
  });
});
