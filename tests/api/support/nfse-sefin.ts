import { expect } from 'vitest';
import { cpfCheckDigits } from '../../../resources/text';
import type { A1File } from './a1';
import type { TestServer } from './server';

/** The school's NFS-e settings for produção restrita, with the CNPJ of the tests' A1 (makeA1's default). */
export const RESTRICTED_SETTINGS = {
  cnpj: '12.ABC.345/01DE-35',
  inscricao_municipal: '1234567',
  municipio_ibge: '1501402',
  regime: 'simples_nacional',
  service_code: '08.01.01',
  iss_rate: '2,5',
  description_template: 'Mensalidade escolar de {aluno}, referente a {mes} (parcela {parcela}).',
  issue_on: 'payment',
  environment: 'producao_restrita',
};

/** The A1 sent as Administração sends it: `POST /api/nfse/certificate`, a form with the file and its password. */
export async function uploadA1(server: TestServer, token: string, a1: A1File, password: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(a1.pfx)], { type: 'application/x-pkcs12' }), 'escola.pfx');
  form.append('password', password);
  const response = await fetch(`${server.url}/api/nfse/certificate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/**
 * A student whose mother pays (with a CPF and an address in Belém), enrolled, with an open charge of R$ 850,00 due
 * in March 2030. `seq` keeps the CPF and e-mail apart between the calls of one file; `guardian` changes the mother's
 * record (`{ cpf: undefined }` leaves the CPF out, `{ cep: null }` the CEP).
 */
export async function familyCharge(
  server: TestServer,
  token: string,
  name: string,
  seq: number,
  guardian: Record<string, unknown> = {},
) {
  const call = (method: string, path: string, body?: unknown) => server.request(method, path, { token, body });
  const student = await call('POST', '/api/students', { name });
  expect(student.status, JSON.stringify(student.body)).toBe(201);
  const base = String(402_000_000 + seq * 7_919 + (server.dialect === 'postgres' ? 3 : 0)).slice(0, 9);
  const cpf = base + cpfCheckDigits(base);
  const email = `mae.sefin${seq}@familia.com.br`;
  const mother = await call('POST', '/api/guardians', {
    name: `Mãe de ${name}`,
    email,
    cpf,
    cep: '66010000',
    street: 'Avenida Nazaré',
    number: '512',
    neighborhood: 'Nazaré',
    city: 'Belém',
    uf: 'PA',
    ...guardian,
  });
  expect(mother.status, JSON.stringify(mother.body)).toBe(201);
  await call('POST', `/api/students/${student.body.data.id}/guardians`, {
    guardian_id: mother.body.data.id,
    kinship: 'mae',
    financial_responsible: true,
    pedagogical_responsible: true,
  });
  const registration = await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 });
  const charge = await call('POST', '/api/financials', {
    registration_id: registration.body.data.id,
    value: '850,00',
    due_date: '2030-03-10',
  });
  expect(charge.status, JSON.stringify(charge.body)).toBe(201);
  return {
    charge: Number(charge.body.data.id),
    student: Number(student.body.data.id),
    guardian: Number(mother.body.data.id),
    email,
    cpf,
  };
}

/** Paid in the simulation, as the family pays the PIX (the office's "Pagar" on the PIX page) and it is settled. */
export async function payInSimulation(server: TestServer, token: string, charge: number) {
  const call = (method: string, path: string, body?: unknown) => server.request(method, path, { token, body });
  const pix = await call('POST', `/api/mercadopago/ticket/${charge}`, { method: 'pix' });
  expect(pix.status, JSON.stringify(pix.body)).toBe(200);
  const key = String(pix.body.point_of_interaction.transaction_data.ticket_url).split('/').at(-1);
  expect((await call('POST', `/api/payments/sandbox/${key}/pay`)).status).toBe(200);
}
