import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TwoStepPage } from '../../src/account/TwoStepPage';
import { AdminStory } from '../../stories/support';

/** Minha conta › Verificação em duas etapas: new recovery codes, asked with the app's code (fetch stubbed). */

type Answer = { status: number; body: unknown };
let sent: { url: string; method: string; body: unknown }[];
let renewAnswers: Answer[];
let left: number;

beforeEach(() => {
  sent = [];
  left = 2;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const answer: Answer =
      url === '/api/auth/two-step' && method === 'GET'
        ? {
            status: 200,
            body: { enabled: true, enabled_at: '2026-03-02T12:00:00.000Z', recovery_codes_left: left, required: false },
          }
        : url === '/api/auth/two-step/recovery-codes'
          ? (renewAnswers.shift() ?? { status: 500, body: { message: 'Erro.' } })
          : { status: 404, body: { message: 'Rota não encontrada.' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const NEW_CODES = Array.from({ length: 10 }, (_, i) => `novos-${String(i).padStart(4, '0')}`.slice(0, 11));

describe('new recovery codes on the two-step page', () => {
  it('asks for the app’s code, says when it is wrong, then shows the new codes once', async () => {
    renewAnswers = [
      {
        status: 422,
        body: {
          message: 'Verifique os dados informados.',
          errors: {
            code: ['Código inválido. Informe o código de 6 dígitos que o aplicativo autenticador mostra agora.'],
          },
        },
      },
      {
        status: 200,
        body: {
          recovery_codes: NEW_CODES,
          message: 'Novos códigos de recuperação gerados: os anteriores não valem mais.',
        },
      },
    ];
    render(
      <AdminStory path="/admin/minha-conta/duas-etapas">
        <TwoStepPage />
      </AdminStory>,
    );
    expect(await screen.findByText('Códigos de recuperação ainda não usados: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Gerar novos códigos de recuperação' }));
    const field = screen.getByLabelText('Código do aplicativo');
    expect(screen.getByText('Os códigos de recuperação atuais deixam de valer.')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Gerar códigos' });
    expect(submit).toHaveProperty('disabled', true);

    fireEvent.change(field, { target: { value: '111111' } });
    fireEvent.click(submit);
    expect(
      await screen.findByText(/Informe o código de 6 dígitos que o aplicativo autenticador mostra agora/),
    ).toBeTruthy();
    expect(sent.find((c) => c.url === '/api/auth/two-step/recovery-codes')).toEqual({
      url: '/api/auth/two-step/recovery-codes',
      method: 'POST',
      body: { code: '111111' },
    });

    left = 10;
    fireEvent.change(field, { target: { value: ' 222222 ' } });
    fireEvent.click(submit);
    const list = await screen.findByRole('list', { name: 'Códigos de recuperação' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(NEW_CODES);
    expect(sent.filter((c) => c.url === '/api/auth/two-step/recovery-codes').at(-1)?.body).toEqual({ code: '222222' });
    expect(await screen.findByText('Novos códigos de recuperação gerados: os anteriores não valem mais.')).toBeTruthy();
    expect(await screen.findByText('Códigos de recuperação ainda não usados: 10')).toBeTruthy();
    expect(screen.queryByLabelText('Código do aplicativo')).toBeNull();
  });
});
