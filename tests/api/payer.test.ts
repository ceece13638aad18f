import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { cpfCheckDigits } from '../../resources/text';
import { pdfText } from '../support/pdf-text';
import { RecordingMercadoPago } from './support/fake-mercadopago';
import { serverPerFile, type PerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

let seq = 0;
/** A valid CPF of this file alone. */
function cpf(): string {
  const base = String(300_000_000 + ++seq * 7919).slice(0, 9);
  return base + cpfCheckDigits(base);
}
const dotted = (c: string) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;

/** A birth date `years` years and a month ago on the school's calendar. */
function bornYearsAgo(years: number): string {
  const [y, m] = schoolDayOf().split('-').map(Number);
  const month = m === 1 ? 12 : m - 1;
  return `${m === 1 ? y - years - 1 : y - years}-${String(month).padStart(2, '0')}-10`;
}

const ADDRESS = {
  cep: '66000000',
  street: 'Avenida Presidente Vargas',
  number: '100',
  neighborhood: 'Campina',
  city: 'Belém',
  uf: 'PA',
};

interface Family {
  student: number;
  registration: number;
  charge: number;
  /** Who must be named as the payer. */
  payer: { name: string; cpf: string; email: string };
  studentName: string;
}

/**
 * A minor (no CPF, e-mail or address of their own) whose mother pays, or an adult who pays for themselves
 * (with a guardian linked who is not the financial responsible); each enrolled in team 1 with one charge.
 */
async function family(call: PerTest['call'], kind: 'minor' | 'adult', guardianExtra = {}): Promise<Family> {
  const n = ++seq;
  const own = { name: `Adulto Pagante ${n}`, cpf: cpf(), email: `adulto${n}@familia.com.br`, ...ADDRESS };
  const studentName = kind === 'minor' ? `João Menor Souza ${n}` : own.name;
  const created = await call(
    'POST',
    '/api/students',
    kind === 'minor' ? { name: studentName, birth_date: bornYearsAgo(10) } : { ...own, birth_date: bornYearsAgo(30) },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const student = created.body.data.id as number;
  const mother = {
    name: `Marta Souza Lima ${n}`,
    cpf: cpf(),
    email: `marta${n}@familia.com.br`,
    phone: '91988887777',
    rg: '1234567',
    complement: 'apto 12',
    ...ADDRESS,
    street: 'Travessa Rui Barbosa',
    number: '77',
    ...guardianExtra,
  };
  const guardian = await call('POST', '/api/guardians', mother);
  expect(guardian.status, JSON.stringify(guardian.body)).toBe(201);
  const link = await call('POST', `/api/students/${student}/guardians`, {
    guardian_id: guardian.body.data.id,
    kinship: 'mae',
    financial_responsible: kind === 'minor',
    pedagogical_responsible: true,
  });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data.id;
  const charge = await call('POST', '/api/financials', {
    registration_id: registration,
    value: '150,20',
    due_date: '2030-12-10',
    service_type_id: 1,
  });
  expect(charge.status, JSON.stringify(charge.body)).toBe(201);
  const payer = kind === 'minor' ? mother : own;
  return {
    student,
    registration,
    charge: charge.body.data.id,
    payer: { name: payer.name, cpf: payer.cpf, email: payer.email },
    studentName,
  };
}

describeOnDatabases('the financial responsible is the payer', (dialect) => {
  describe('Mercado Pago (a local fake of its API)', () => {
    const fake = new RecordingMercadoPago();
    beforeAll(() => fake.start());
    afterAll(() => fake.close());
    const shared = serverPerFile(dialect, () => ({
      payments: { accessToken: 'TEST-token', webhookSecret: 'segredo', baseUrl: fake.url, retryDelayMs: 10 },
    }));
    const lastBody = (path: string) => fake.calls.filter((c) => c.path === path).at(-1)!.body!;

    it("sends the guardian as the payer of a minor's boleto, PIX and card link, and an adult as their own", async () => {
      const minor = await family(shared.call, 'minor');
      const [first, ...rest] = minor.payer.name.split(' ');
      const payer = {
        email: minor.payer.email,
        first_name: first,
        last_name: rest.join(' '),
        identification: { type: 'CPF', number: minor.payer.cpf },
        address: {
          zip_code: '66000000',
          street_name: 'Travessa Rui Barbosa',
          street_number: '77',
          neighborhood: 'Campina',
          city: 'Belém',
          federal_unit: 'PA',
        },
      };
      for (const method of ['boleto', 'pix']) {
        const link = await shared.call('POST', `/api/mercadopago/ticket/${minor.charge}`, { method });
        expect(link.status, JSON.stringify(link.body)).toBe(200);
        expect(lastBody('/v1/payments')).toMatchObject({ payment_method_id: method === 'pix' ? 'pix' : 'bolbradesco' });
        expect(lastBody('/v1/payments').payer).toEqual(payer);
      }
      const card = await shared.call('POST', `/api/mercadopago/preference/${minor.charge}`);
      expect(card.status, JSON.stringify(card.body)).toBe(200);
      expect(lastBody('/checkout/preferences').payer).toEqual({
        email: minor.payer.email,
        name: first,
        surname: rest.join(' '),
        identification: { type: 'CPF', number: minor.payer.cpf },
      });

      const adult = await family(shared.call, 'adult');
      expect((await shared.call('POST', `/api/mercadopago/ticket/${adult.charge}`, {})).status).toBe(200);
      expect(lastBody('/v1/payments').payer).toMatchObject({
        email: adult.payer.email,
        first_name: 'Adulto',
        identification: { type: 'CPF', number: adult.payer.cpf },
        address: { street_name: 'Avenida Presidente Vargas', street_number: '100' },
      });
    });

    it("asks for the financial responsible's missing data, naming them, before any boleto is made", async () => {
      const minor = await family(shared.call, 'minor', { cpf: null, cep: null, email: null });
      const calls = fake.calls.length;
      const refused = await shared.call('POST', `/api/mercadopago/ticket/${minor.charge}`, {});
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(
        `Complete o cadastro do responsável financeiro ${minor.payer.name} para gerar a cobrança: falta e-mail, CPF, CEP.`,
      );
      expect(fake.calls.length).toBe(calls);
    });
  });

  describe('simulation and documents', () => {
    const shared = serverPerFile(dialect, { payments: { sandbox: true } });
    const call = shared.call;
    const download = async (path: string) => {
      const response = await fetch(`${shared.server.url}${path}`, {
        headers: { authorization: `Bearer ${shared.token}` },
      });
      expect(response.status, path).toBe(200);
      return pdfText(Buffer.from(await response.arrayBuffer()));
    };

    it('stores the payer in the simulated boleto, and shows them on its page and as its Pagador', async () => {
      const minor = await family(call, 'minor');
      const boleto = await call('POST', `/api/mercadopago/ticket/${minor.charge}`, {});
      expect(boleto.status, JSON.stringify(boleto.body)).toBe(200);
      expect(boleto.body.payer).toMatchObject({
        email: minor.payer.email,
        identification: { type: 'CPF', number: minor.payer.cpf },
      });
      const page = String(boleto.body.transaction_details.external_resource_url).replace('http://escola.test', '');
      const html = await (await fetch(`${shared.server.url}${page}`)).text();
      // The page and its boleto are open to whoever has the link: the CPF masked (issue 34).
      const masked = `***.${minor.payer.cpf.slice(3, 6)}.${minor.payer.cpf.slice(6, 9)}-**`;
      expect(html).toContain(`Pagador: ${minor.payer.name} — CPF ${masked}`);
      expect(html).not.toContain(dotted(minor.payer.cpf));
      const slip = await download(`${page}/boleto.pdf`);
      expect(slip).toContain(`Pagador ${minor.payer.name} — CPF ${masked}`);
      expect(slip).not.toContain(minor.studentName);
    });

    it('issues the receipt from the payer, naming the student they paid for', async () => {
      const minor = await family(call, 'minor');
      await call('PUT', `/api/financials/${minor.charge}`, { paid: 1, pay_day: '2027-03-04' });
      const text = await download(`/api/exports/receipt/${minor.charge}`);
      expect(text).toContain(
        `Recebemos de ${minor.payer.name.toUpperCase()}, CPF ${dotted(minor.payer.cpf)}, a importância de R$ 150,20`,
      );
      expect(text).toContain(`do(a) aluno(a) ${minor.studentName.toUpperCase()}, Turma`);

      const adult = await family(call, 'adult');
      await call('PUT', `/api/financials/${adult.charge}`, { paid: 1, pay_day: '2027-03-04' });
      const own = await download(`/api/exports/receipt/${adult.charge}`);
      expect(own).toContain(`Recebemos de ${adult.payer.name.toUpperCase()}, CPF ${dotted(adult.payer.cpf)}`);
      expect(own).not.toContain('Marta');
    });

    it('heads the statement with the financial responsible and the student', async () => {
      const minor = await family(call, 'minor');
      const text = await download(`/api/exports/student-financial-history/${minor.student}`);
      expect(text).toContain(
        `Responsável financeiro: ${minor.payer.name.toUpperCase()} — CPF ${dotted(minor.payer.cpf)}`,
      );
      expect(text).toContain(`Aluno(a): ${minor.studentName.toUpperCase()}`);

      const adult = await family(call, 'adult');
      const own = await download(`/api/exports/student-financial-history/${adult.student}`);
      expect(own).toContain(`${adult.payer.name.toUpperCase()} — CPF ${dotted(adult.payer.cpf)}`);
      expect(own).not.toContain('Responsável financeiro');
    });

    it("fills the contract's RESPONSAVEL placeholders with the guardian, or the adult student's own data", async () => {
      const settings = (await call('GET', '/api/school-settings')).body.data;
      const updated = await call('PUT', `/api/text-documents/${settings.contract_text_document_id}`, {
        content:
          'Pagante: [[RESPONSAVEL_NOME]] ([[RESPONSAVEL_PARENTESCO]]), CPF [[RESPONSAVEL_CPF]], RG [[RESPONSAVEL_RG]], ' +
          'residente em [[RESPONSAVEL_ENDERECO]], e-mail [[RESPONSAVEL_EMAIL]], telefone [[RESPONSAVEL_TELEFONE]]. ' +
          'Aluno: [[NOME]].',
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      const contractOf = async (f: Family) => {
        const path = `/api/exports/student-contract/${f.student}/1`;
        expect((await call('POST', path)).status).toBe(200);
        return download(path);
      };
      const minor = await family(call, 'minor');
      expect(await contractOf(minor)).toContain(
        `Pagante: ${minor.payer.name} (Mãe), CPF ${dotted(minor.payer.cpf)}, RG 1234567, residente em Travessa Rui ` +
          `Barbosa, nº 77 apto 12, Campina, Belém/PA, CEP 66000-000, e-mail ${minor.payer.email}, telefone ` +
          `(91) 98888-7777. Aluno: ${minor.studentName}.`,
      );
      const adult = await family(call, 'adult');
      expect(await contractOf(adult)).toContain(
        `Pagante: ${adult.payer.name} (o(a) próprio(a) aluno(a)), CPF ${dotted(adult.payer.cpf)}, RG __________, ` +
          `residente em Avenida Presidente Vargas, nº 100, Campina, Belém/PA, CEP 66000-000, e-mail ` +
          `${adult.payer.email}, telefone __________. Aluno: ${adult.payer.name}.`,
      );
    });
  });
});
