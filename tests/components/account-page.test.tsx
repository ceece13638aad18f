import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '../../src/account/AccountPage';
import { AdminStory } from '../../stories/support';

/** Minha conta: one's own name and password (fetch stubbed with the server's answers). */

type Answer = { status: number; body: unknown };
let sent: { url: string; method: string; body: unknown }[];
let passwordAnswers: Answer[];
let name: string;

const signedIn = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => [],
  getIdentity: async () => ({ id: 7, fullName: name, email: 'sara@escolamodelo.edu.br', roleName: 'Secretaria' }),
};

beforeEach(() => {
  sent = [];
  name = 'Sara Secretária';
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ url, method, body });
    let answer: Answer = { status: 404, body: { message: 'Rota não encontrada.' } };
    if (url === '/api/auth/two-step')
      answer = { status: 200, body: { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false } };
    else if (url === '/api/auth/password' && method === 'PUT')
      answer = passwordAnswers.shift() ?? { status: 500, body: { message: 'Erro.' } };
    else if (url === '/api/auth/me' && method === 'PUT') {
      name = body.name.trim();
      answer = {
        status: 200,
        body: { data: { id: 7, name, email: 'sara@escolamodelo.edu.br' }, message: 'Nome atualizado com sucesso!' },
      };
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <AdminStory path="/admin/minha-conta" authProvider={signedIn}>
      <AccountPage />
    </AdminStory>,
  );

const section = (title: string) => screen.getByRole('region', { name: title });

describe('Minha conta', () => {
  it('shows who is signed in, with the role, and the three parts', async () => {
    renderPage();
    expect(await screen.findByRole('textbox', { name: /^Nome/ })).toHaveProperty('value', 'Sara Secretária');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveProperty('value', 'sara@escolamodelo.edu.br');
    expect(screen.getByText('Perfil: Secretaria')).toBeTruthy();
    expect(section('Senha')).toBeTruthy();
    expect(await within(section('Verificação em duas etapas')).findByText(/Ativar a verificação/)).toBeTruthy();
  });

  it('changes the password: says a mismatch before sending, the server’s refusal under its field, then empties', async () => {
    passwordAnswers = [
      {
        status: 422,
        body: { message: 'A senha atual não confere.', errors: { current_password: ['A senha atual não confere.'] } },
      },
      { status: 200, body: { message: 'Senha alterada com sucesso! As suas outras sessões foram encerradas.' } },
    ];
    renderPage();
    const form = within(await screen.findByRole('region', { name: 'Senha' }));
    const current = form.getByLabelText(/^Senha atual/);
    const fresh = form.getByLabelText(/^Nova senha/);
    const again = form.getByLabelText(/^Repita a nova senha/);
    fireEvent.change(current, { target: { value: 'chute-123' } });
    fireEvent.change(fresh, { target: { value: 'senha-nova-123' } });
    fireEvent.change(again, { target: { value: 'senha-nova-124' } });
    fireEvent.click(form.getByRole('button', { name: 'Trocar senha' }));
    expect(await form.findByText('As senhas não coincidem.')).toBeTruthy();
    expect(sent.filter((c) => c.url === '/api/auth/password')).toEqual([]);

    fireEvent.change(again, { target: { value: 'senha-nova-123' } });
    fireEvent.click(form.getByRole('button', { name: 'Trocar senha' }));
    expect(await form.findByText('A senha atual não confere.')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(current, { target: { value: 'senha-de-antes-1' } });
    fireEvent.click(form.getByRole('button', { name: 'Trocar senha' }));
    expect(
      await screen.findByText('Senha alterada com sucesso! As suas outras sessões foram encerradas.'),
    ).toBeTruthy();
    expect(sent.filter((c) => c.url === '/api/auth/password').map((c) => [c.method, c.body])).toEqual([
      ['PUT', { current_password: 'chute-123', password: 'senha-nova-123', password_confirmation: 'senha-nova-123' }],
      [
        'PUT',
        { current_password: 'senha-de-antes-1', password: 'senha-nova-123', password_confirmation: 'senha-nova-123' },
      ],
    ]);
    for (const field of [current, fresh, again]) expect(field).toHaveProperty('value', '');
  });

  it('changes the name, which the page then shows as stored', async () => {
    renderPage();
    const field = await screen.findByRole('textbox', { name: /^Nome/ });
    const save = screen.getByRole('button', { name: 'Salvar nome' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: 'Sara Souza ' } });
    fireEvent.click(save);
    expect(await screen.findByText('Nome atualizado com sucesso!')).toBeTruthy();
    expect(sent.find((c) => c.url === '/api/auth/me')).toMatchObject({ method: 'PUT', body: { name: 'Sara Souza ' } });
    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveProperty('value', 'Sara Souza'),
    );
    expect(screen.getByRole('button', { name: 'Salvar nome' })).toHaveProperty('disabled', true);
  });
});
