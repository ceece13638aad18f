import { expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { dynamic } from '../../server/db/connection';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

let seq = 0;

/** A ten-year-old whose mother (the financial responsible, with `phone`) pays one charge of R$ 1.234,56. */
describeOnDatabases('GET /financials/{id}/whatsapp (Cobrar por WhatsApp)', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = (method: string, path: string, body?: unknown) => shared.call(method, path, body);

  async function family(phone: string | null, due = '2030-03-05', service?: number) {
    const n = ++seq;
    const [y, m] = schoolDayOf().split('-').map(Number);
    const birth = `${y - 10}-${String(m).padStart(2, '0')}-01`;
    const student = (await call('POST', '/api/students', { name: `Ana Beatriz Conceição ${n}`, birth_date: birth }))
      .body.data.id;
    const guardian = await call('POST', '/api/guardians', { name: `Maria José da Silva ${n}`, phone });
    expect(guardian.status, JSON.stringify(guardian.body)).toBe(201);
    const link = await call('POST', `/api/students/${student}/guardians`, {
      guardian_id: guardian.body.data.id,
      kinship: 'mae',
      financial_responsible: true,
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data.id;
    const charge = await call('POST', '/api/financials', {
      registration_id: registration,
      value: '1.234,56',
      due_date: due,
      ...(service ? { service_type_id: service } : {}),
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    return {
      id: charge.body.data.id as number,
      student: `Ana Beatriz Conceição ${n}`,
      mother: `Maria José da Silva ${n}`,
    };
  }

  it('opens a chat with the mother on 55 + her digits, the text carrying name, amount, due date and where to pay', async () => {
    const { id, student, mother } = await family('(91) 98888-7777');
    const answer = await call('GET', `/api/financials/${id}/whatsapp`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const url = new URL(answer.body.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/5591988887777');
    const text = url.searchParams.get('text')!;
    expect(text).toContain(`Olá, ${mother}!`);
    // A charge without a service type is "a cobrança", never "a mensalidade".
    expect(text).toContain(`A cobrança (parcela 1) de ${student} no valor de R$ 1.234,56 vence em 05/03/2030.`);
    expect(text).toMatch(
      /Para pagar, acesse o Portal da Família \(http.*\/portal\) ou procure a secretaria da escola\./,
    );
    // Encoded with encodeURIComponent: spaces as %20, line breaks as %0A, "ç" as UTF-8.
    expect(answer.body.url).toBe(`https://wa.me/5591988887777?text=${encodeURIComponent(text)}`);
    expect(answer.body.url).toContain('Concei%C3%A7%C3%A3o');
    expect(answer.body.url).not.toContain('+');
  });

  it('names the charge by its service type: a Material didático charge is no mensalidade', async () => {
    // The installation's own "Material didático" (migrations seed it), or one made here.
    const service = async (name: string): Promise<number> => {
      const found = (await call('GET', `/api/service-types?page=0&search=${encodeURIComponent(name)}`)).body.data as {
        id: number;
        name: string;
      }[];
      return (
        found.find((t) => t.name === name)?.id ?? (await call('POST', '/api/service-types', { name })).body.data.id
      );
    };
    const books = await family('(91) 98888-7777', '2030-03-05', await service('Material didático'));
    let text = (await call('GET', `/api/financials/${books.id}/whatsapp`)).body.text as string;
    expect(text).toContain(`A cobrança de material didático (parcela 1) de ${books.student} no valor de R$ 1.234,56`);
    expect(text).not.toMatch(/mensalidade/i);
    const fee = await family('(91) 98888-7777', '2030-03-05', await service('Mensalidade escolar'));
    text = (await call('GET', `/api/financials/${fee.id}/whatsapp`)).body.text as string;
    expect(text).toContain(`A cobrança de mensalidade escolar (parcela 1) de ${fee.student}`);
  });

  it("links the charge's own payment page when one was made, and says an overdue charge 'venceu'", async () => {
    const { id } = await family('(91) 3222-1111', '2024-02-29');
    const page = 'https://www.mercadopago.com.br/payments/123/ticket?caller_id=1&hash=a b';
    await dynamic(shared.server.db)
      .updateTable('financials')
      .set({ gateway_response: JSON.stringify({ point_of_interaction: { transaction_data: { ticket_url: page } } }) })
      .where('id', '=', id)
      .execute();
    const answer = await call('GET', `/api/financials/${id}/whatsapp`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const url = new URL(answer.body.url);
    expect(url.pathname).toBe('/559132221111');
    const text = url.searchParams.get('text')!;
    expect(text).toContain('venceu em 29/02/2024.');
    expect(text).toContain(`Para pagar, use o link: ${page}`);
    // Overdue: what the charge asks today (fine and interest to date), as GET …/amount-due answers it.
    const due = (await call('GET', `/api/financials/${id}/amount-due`)).body;
    expect(due.total).toBeGreaterThan(123456);
    const reais = (due.total / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 });
    expect(text).toContain(`Valor a pagar hoje: R$ ${reais}.`);
  });

  it('refuses, in Portuguese, a responsible without a phone or a DDD, a paid charge and an unknown one', async () => {
    const none = await family(null);
    const noPhone = await call('GET', `/api/financials/${none.id}/whatsapp`);
    expect(noPhone.status).toBe(422);
    expect(noPhone.body.message).toBe('O responsável financeiro não tem celular cadastrado.');

    // A number from before phones were checked (the API keeps DDD and number now): eight digits, no DDD.
    const short = await family('91988887777');
    await dynamic(shared.server.db)
      .updateTable('guardians')
      .set({ phone: '98887777' })
      .where('name', '=', short.mother)
      .execute();
    const noDdd = await call('GET', `/api/financials/${short.id}/whatsapp`);
    expect(noDdd.status).toBe(422);
    expect(noDdd.body.message).toContain('sem DDD');

    const paid = await family('91988887777');
    expect((await call('PUT', `/api/financials/${paid.id}`, { paid: 1 })).status).toBe(200);
    const refused = await call('GET', `/api/financials/${paid.id}/whatsapp`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Esta cobrança já está paga.');

    const unknown = await call('GET', '/api/financials/999999/whatsapp');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Pendência financeira não encontrada.');
  });
});
