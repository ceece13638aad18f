import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../src/api/http';
import { LoginPage } from '../../src/public/LoginPage';

/** The login page's second step: after a right password, the code of the authenticator app. */

let answers: { status: number; body: unknown }[];
let sent: { url: string; body: unknown }[];

beforeEach(() => {
  sent = [];
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.shift() ?? { status: 404, body: { message: 'Não encontrado.' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/admin/dashboard" element={<p>Painel da escola</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function typePassword() {
  fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'marta@colegiomonteiro.edu.br' } });
  fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: 'senha-da-marta-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('two-step sign-in on the login page', () => {
  it('asks for the code after the password, says when it is wrong, and enters with the right one', async () => {
    answers = [
      { status: 200, body: { two_step: true, challenge: 'desafio-1', message: 'Informe o código.' } },
      {
        status: 401,
        body: { message: 'Código inválido. Confira o código no aplicativo autenticador e tente novamente.' },
      },
      {
        status: 200,
        body: {
          access_token: 'token-da-marta',
          token_type: 'Bearer',
          menu: [],
          user: { id: 7, name: 'Marta', email: 'marta@colegiomonteiro.edu.br' },
        },
      },
    ];
    renderLogin();
    await typePassword();
    const field = await screen.findByLabelText('Código de verificação');
    // No session yet: only the password was checked.
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(/Código inválido/)).toBeTruthy();
    expect(sent[1]).toEqual({ url: '/api/auth/two-step/verify', body: { challenge: 'desafio-1', code: '123456' } });

    fireEvent.change(field, { target: { value: ' 654321 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Painel da escola')).toBeTruthy();
    expect(sent[2].body).toEqual({ challenge: 'desafio-1', code: '654321' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token-da-marta');
  });

  it('enters at once, as before, for a user without two-step sign-in', async () => {
    answers = [
      {
        status: 200,
        body: { access_token: 't', token_type: 'Bearer', menu: [], user: { id: 1, name: 'Ana', email: 'a@b.br' } },
      },
    ];
    renderLogin();
    await typePassword();
    expect(await screen.findByText('Painel da escola')).toBeTruthy();
    expect(screen.queryByLabelText('Código de verificação')).toBeNull();
  });
});
