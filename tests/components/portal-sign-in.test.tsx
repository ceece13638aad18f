import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../src/api/http';
import { PORTAL_TOKEN_KEY } from '../../src/portal/api';
import { PortalApp } from '../../src/portal/PortalApp';
import { axeProblems } from './support/axe';
import { answer, fakePortal, type FakePortal } from './support/portal';

/**
 * The family portal's doors (PORTAL-CONTRACT.md): sign-in, the invitation's activation, sign-out and a session the
 * server ended, against a fake `/api` (fetch stubbed with the contract's answers).
 */

configure({ asyncUtilTimeout: 5000 });

// The ALTCHA widget's script needs a secure context jsdom does not give: an inert element stands in its place, and
// the test tells the page the challenge was solved as the widget would (its `statechange` event).
vi.mock('altcha', () => ({}));
vi.mock('altcha/i18n/pt-br', () => ({}));

let fake: FakePortal;

beforeEach(() => {
  fake = fakePortal();
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => answer(fake, url, init));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderPortal = (path = '/portal') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/portal/*" element={<PortalApp />} />
      </Routes>
    </MemoryRouter>,
  );

/** The sign-in is fetched after the portal (its own chunk): the family waits for its form, then types. */
async function signIn(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

/** The helper text (or error) MUI ties to a field through aria-describedby. */
const describedBy = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('the portal’s sign-in', () => {
  it('shows the server’s words for a wrong password, and the human check when the server asks for it', async () => {
    fake.answers['POST /api/portal/login'] = {
      status: 401,
      body: { message: 'E-mail ou senha não correspondem.', captcha: true },
    };
    const { container } = renderPortal();
    await screen.findByLabelText('E-mail');
    expect(await axeProblems(container)).toEqual([]);
    await signIn('ana.oliveira@gmail.com', 'errada123');
    expect(await screen.findByText('E-mail ou senha não correspondem.')).toBeTruthy();
    expect(screen.getByTestId('verificacao-humana')).toBeTruthy();
    // Without the solved check the button waits.
    expect(screen.getByRole('button', { name: 'Entrar' }).hasAttribute('disabled')).toBe(true);
    expect(localStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
  });

  it('keeps the portal’s token under its own key and opens the home with a card per student', async () => {
    localStorage.setItem(TOKEN_KEY, 'staff-token');
    const { container } = renderPortal();
    await signIn('ana.oliveira@gmail.com', 'senha-certa-2026');
    expect(await screen.findByText('Olá, Ana!')).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'Alunos' })).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Lucas Oliveira Santos8º ano A — 2026Matrícula 004512'),
      expect.stringContaining('Beatriz Oliveira Santos5º ano B — 2026Matrícula 004513'),
    ]);
    expect(localStorage.getItem(PORTAL_TOKEN_KEY)).toBe('portal-token-1');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('staff-token');
    expect(fake.calls.find((c) => c.url === '/api/portal/me')?.auth).toBe('Bearer portal-token-1');
    expect(await axeProblems(container)).toEqual([]);
  });

  it('signs out clearing the portal’s token only', async () => {
    localStorage.setItem(TOKEN_KEY, 'staff-token');
    localStorage.setItem(PORTAL_TOKEN_KEY, 'portal-token-1');
    renderPortal();
    fireEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(localStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('staff-token');
    expect(fake.calls.map((c) => `${c.method} ${c.url} ${c.auth}`)).toContain(
      'POST /api/portal/logout Bearer portal-token-1',
    );
  });

  it('returns to the sign-in with a message when the server no longer knows the token (401)', async () => {
    localStorage.setItem(TOKEN_KEY, 'staff-token');
    localStorage.setItem(PORTAL_TOKEN_KEY, 'revoked-token');
    fake.answers['GET /api/portal/students/7/report-card'] = { status: 401, body: { message: 'Sessão expirada.' } };
    renderPortal('/portal/alunos/7');
    expect(await screen.findByText('Sua sessão terminou. Entre novamente.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(localStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('staff-token');
  });

  it('sends "Esqueci a senha" to the portal’s route, with the human check solved', async () => {
    fake.answers['POST /api/portal/forgot-password'] = {
      status: 200,
      body: { message: 'Se o e-mail estiver cadastrado, você receberá um link para criar uma nova senha.' },
    };
    renderPortal();
    fireEvent.click(screen.getByRole('button', { name: 'Esqueci a senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recuperar Senha' });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'ana.oliveira@gmail.com' } });
    expect(within(dialog).getByRole('button', { name: 'Enviar' }).hasAttribute('disabled')).toBe(true);
    // The widget (ALTCHA) tells the page it solved its challenge.
    const widget = await waitFor(() => {
      const found = dialog.querySelector('altcha-widget');
      if (!found) throw new Error('the human check is not drawn yet');
      return found;
    });
    act(() => {
      widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'solucao' } }));
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(/Se o e-mail estiver cadastrado/)).toBeTruthy();
    expect(fake.calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/portal/forgot-password', { email: 'ana.oliveira@gmail.com', altcha: 'solucao' }],
    ]);
  });
});

describe('the invitation’s link, /portal/ativar', () => {
  // Opening the link asks the server whether it still works (a used one says so before any typing).
  const linkWorks = () =>
    (fake.answers['POST /api/portal/invitation'] = { status: 200, body: { email: 'ana.oliveira@gmail.com' } });
  const fill = async (password: string, again = password) => {
    fireEvent.change(await screen.findByLabelText('Senha'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Repita a senha'), { target: { value: again } });
    fireEvent.click(screen.getByRole('button', { name: 'Definir senha' }));
  };

  it('shows the password rule’s refusal under the password field', async () => {
    fake.answers['POST /api/portal/activate'] = {
      status: 422,
      body: { message: 'Verifique os campos.', errors: { password: ['A senha não pode conter o seu e-mail.'] } },
    };
    linkWorks();
    const { container } = renderPortal('/portal/ativar?token=abc123');
    expect(await axeProblems(container)).toEqual([]);
    expect(await screen.findByText('ana.oliveira@gmail.com')).toBeTruthy();
    expect(await axeProblems(container)).toEqual([]);
    await fill('ana.oliveira@gmail.com');
    await screen.findByText('A senha não pode conter o seu e-mail.');
    expect(describedBy(screen.getByLabelText('Senha'))).toBe('A senha não pode conter o seu e-mail.');
    expect(fake.calls.at(-1)?.body).toEqual({ token: 'abc123', password: 'ana.oliveira@gmail.com' });
  });

  it('says on opening when the link expired or was used, before any password is typed', async () => {
    fake.answers['POST /api/portal/invitation'] = {
      status: 422,
      body: {
        message: 'Verifique os campos.',
        errors: { token: ['Este link de convite expirou ou já foi usado. Peça um novo à secretaria.'] },
      },
    };
    renderPortal('/portal/ativar?token=usado');
    expect(
      await screen.findByText('Este link de convite expirou ou já foi usado. Peça um novo à secretaria.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Senha')).toBeNull();
    expect(screen.getByRole('link', { name: 'Tenho um código de convite' })).toBeTruthy();
    expect(fake.calls.map((c) => [c.url, c.body])).toEqual([['/api/portal/invitation', { token: 'usado' }]]);
  });

  it('checks the repetition before sending, and shows a refusal of the link when setting the password', async () => {
    linkWorks();
    fake.answers['POST /api/portal/activate'] = {
      status: 422,
      body: {
        message: 'Verifique os campos.',
        errors: { token: ['Este link de convite expirou ou já foi usado. Peça um novo à secretaria.'] },
      },
    };
    renderPortal('/portal/ativar?token=usado-agora');
    await fill('senha-nova-2026', 'outra-senha');
    expect(await screen.findByText('As senhas não coincidem.')).toBeTruthy();
    expect(describedBy(screen.getByLabelText('Repita a senha'))).toBe('As senhas não coincidem.');
    expect(fake.calls.filter((c) => c.url === '/api/portal/activate')).toEqual([]);
    // Used meanwhile (another tab): the refusal still reads as the server says.
    await fill('senha-nova-2026');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Este link de convite expirou ou já foi usado. Peça um novo à secretaria.',
    );
  });

  it('leads to the sign-in once the password is set', async () => {
    fake.answers['POST /api/portal/activate'] = {
      status: 200,
      body: { message: 'Senha definida. Entre com o seu e-mail e a nova senha.' },
    };
    linkWorks();
    renderPortal('/portal/ativar?token=abc123');
    await fill('senha-nova-2026');
    expect(await screen.findByText('Senha definida. Entre com o seu e-mail e a nova senha.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Ir para o login' }));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
  });
});
