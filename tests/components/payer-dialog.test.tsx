import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { BUILTIN_ROLES } from '../../resources/permissions';
import { PayerFixButton, payerFixOf } from '../../src/students/PayerDialog';
import { AdminStory } from '../../stories/support';

/**
 * Issue 35: a PIX refused for a payer without address offers "Completar o cadastro", which opens the contact and
 * address of whoever pays at the field the refusal named; Financeiro saves them with `PUT /students/{id}/payer`.
 * The CEP lookup down says to type the address. Against a fake `/api` (fetch stubbed with the server's answers).
 */

configure({ asyncUtilTimeout: 5000 });

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[];
let cepDown: boolean;

const PAYER = {
  self: false,
  guardian_id: 31,
  name: 'Ana Paula Oliveira Santos',
  cpf: '52998224725',
  email: 'ana.oliveira@gmail.com',
  phone: '91987654321',
  kinship: 'mae',
  cep: null,
  street: null,
  number: null,
  complement: null,
  neighborhood: null,
  city: null,
  uf: null,
};

/** The 422 of `POST /mercadopago/ticket/{id}` for that payer (server/payments/routes.ts). */
const REFUSAL = {
  message: `Complete o cadastro do responsável financeiro ${PAYER.name} para gerar a cobrança: falta CEP, logradouro.`,
  errors: { student: ['…'] },
  payer: { student_id: 7, guardian_id: 31, missing: ['cep', 'street', 'number', 'neighborhood', 'city', 'uf'] },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  cepDown = false;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/students/7/payer' && method === 'GET') return json(200, { data: PAYER });
    if (url === '/api/students/7/payer' && method === 'PUT')
      return json(200, { message: 'Cadastro de quem paga atualizado.', data: { ...PAYER, ...body } });
    if (url.startsWith('/api/cep/'))
      return cepDown
        ? json(502, { message: 'Não foi possível buscar o CEP agora: digite o endereço.' })
        : json(200, { logradouro: 'Avenida Nazaré', bairro: 'Nazaré', localidade: 'Belém', uf: 'PA' });
    return json(404, { message: 'Não encontrado.' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderFix(role: string, onSaved = vi.fn()) {
  const permissions = BUILTIN_ROLES.find((r) => r.key === role)!.permissions;
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Pessoa', email: 'p@escola.com.br', permissions }));
  render(
    <AdminStory titleBar={false} resource="alunos" authProvider={authProvider}>
      <PayerFixButton fix={payerFixOf(REFUSAL)!} onSaved={onSaved} />
    </AdminStory>,
  );
  return onSaved;
}

describe('completing the payer from a refused PIX', () => {
  it('lets Financeiro fill the address from the CEP and save only the contact and address', async () => {
    const onSaved = renderFix('financeiro');
    fireEvent.click(await screen.findByRole('button', { name: 'Completar o cadastro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contato e endereço de quem paga' });
    const cep = await within(dialog).findByRole('textbox', { name: 'CEP' });
    // Opened where the refusal pointed.
    expect(document.activeElement).toBe(cep);
    fireEvent.change(cep, { target: { value: '66010-000' } });
    fireEvent.blur(cep);
    await within(dialog).findByDisplayValue('Avenida Nazaré');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Número' }), { target: { value: '512' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/students/7/payer',
        body: {
          email: 'ana.oliveira@gmail.com',
          phone: '91987654321',
          cep: '66010000',
          street: 'Avenida Nazaré',
          number: '512',
          complement: null,
          neighborhood: 'Nazaré',
          city: 'Belém',
          uf: 'PA',
        },
      },
    ]);
  });

  it('says to type the address when the CEP lookup is down, and keeps what was typed', async () => {
    cepDown = true;
    renderFix('financeiro');
    fireEvent.click(await screen.findByRole('button', { name: 'Completar o cadastro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contato e endereço de quem paga' });
    // The payer is read as the dialog opens: the form shows once it arrives.
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Logradouro' }), {
      target: { value: 'Travessa Rui Barbosa' },
    });
    const cep = within(dialog).getByRole('textbox', { name: 'CEP' });
    fireEvent.change(cep, { target: { value: '66035-000' } });
    fireEvent.blur(cep);
    expect(await screen.findByText('Não foi possível buscar o CEP agora: digite o endereço.')).toBeTruthy();
    expect(screen.queryByText('Erro ao buscar informações do CEP')).toBeNull();
    expect(within(dialog).getByDisplayValue('Travessa Rui Barbosa')).toBeTruthy();
  });

  it('is not offered to a role that changes neither students nor charges', async () => {
    renderFix('direcao');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Completar o cadastro' })).toBeNull();
  });
});
