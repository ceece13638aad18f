import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentCheck } from '../../src/public/DocumentCheck';
import { FALLBACK, ForgotPasswordDialog } from '../../src/public/ForgotPasswordDialog';

/**
 * Issue 35, the public pages: the forgot-password dialog says the spec's sentence when the server explains nothing,
 * and the document check brings its answer into view and reads it out.
 */

let answer: () => Promise<Response>;
beforeEach(() => {
  vi.stubGlobal('fetch', () => answer());
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('Recuperar Senha', () => {
  const ask = async () => {
    render(<ForgotPasswordDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Recuperar Senha' });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'ana.oliveira@escola.com.br' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    return (await within(dialog).findByRole('alert')).textContent;
  };

  it.each([
    ['a failure the server does not explain (500)', () => json(500, null)],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows the fallback for %s', async (_case, failure) => {
    answer = failure;
    expect(await ask()).toBe(FALLBACK);
    expect(FALLBACK).toBe('Erro ao enviar e-mail de recuperação. Tente novamente.');
  });

  it("shows the server's own words when it gives some", async () => {
    answer = () => json(429, { message: 'Muitas tentativas. Tente novamente em alguns minutos.' });
    expect(await ask()).toBe('Muitas tentativas. Tente novamente em alguns minutos.');
  });
});

describe('Verificação de documentos', () => {
  it('brings the answer into view and announces it in a live region', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    answer = () =>
      json(200, [
        {
          student: { name: 'Heloísa Martins Costa' },
          type_name: 'Histórico escolar',
          created_at: '2026-11-24T13:30:00Z',
        },
      ]);
    const toast = { show: vi.fn(), element: null };
    render(
      <MemoryRouter>
        <DocumentCheck toast={toast} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Digite o código completo'), { target: { value: 'HIST_0123456789ABCDEF' } });
    // The widget (ALTCHA) tells the page it solved its challenge (again, until the page listens: it loads apart).
    const search = screen.getByRole('button', { name: 'Pesquisar' });
    await waitFor(() => {
      const widget = document.querySelector('altcha-widget');
      if (!widget) throw new Error('the human check is not drawn yet');
      act(() => {
        widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'solucao' } }));
      });
      expect(search.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(search);
    const region = screen.getByTestId('resultado-verificacao');
    expect(region.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(region.textContent).toContain('Heloísa Martins Costa'));
    expect(scrolled).toContain(region);
    expect(toast.show).not.toHaveBeenCalled();
  });
});
