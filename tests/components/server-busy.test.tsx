import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { teachings } from '../../resources/teachings';
import { BUSY_RETRIES, TOKEN_KEY } from '../../src/api/http';
import { ResourceEdit } from '../../src/resources/ResourceForm';
import { ADMIN_BASENAME, AdminStory, TEACHINGS } from '../../stories/support';

const EDIT_PATH = `${ADMIN_BASENAME}/ensinos/1/editar`;
const OVERLOADED = 'O servidor está sobrecarregado no momento. Tente novamente em alguns segundos.';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
/** The load-shedding answer of server/http/load.ts, told to come back at once so the test does not wait. */
const busy = () => json(503, { message: OVERLOADED }, { 'Retry-After': '0' });

/** The real dataProvider over a stubbed `fetch` answering `answers` in turn (the last one repeated). */
function serverAnswering(...answers: (() => Response)[]) {
  const fetchMock = vi.fn(async () => (answers.length > 1 ? answers.shift()! : answers[0])());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderEdit() {
  return render(
    <AdminStory path={EDIT_PATH} route={`${ADMIN_BASENAME}/ensinos/:id/editar`} dataProvider={dataProvider}>
      <ResourceEdit config={teachings} />
    </AdminStory>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a busy server (503)', () => {
  it('is told as busy, the request is sent again, and the record opens', async () => {
    const fetchMock = serverAnswering(busy, () => json(200, [TEACHINGS[0]]));
    renderEdit();
    expect(await screen.findByText('O servidor está ocupado, tentando de novo…')).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: /^Nome/ })) as HTMLInputElement).value).toBe('Ensino Médio');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Registro inexistente')).toBeNull();
  });

  it('keeps the screen, with the server words, when it stays busy after the bounded retries', async () => {
    const fetchMock = serverAnswering(busy);
    renderEdit();
    expect(await screen.findByText(OVERLOADED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(BUSY_RETRIES + 1);
    expect(screen.queryByText('Registro inexistente')).toBeNull();
    // Still on the record's address, not sent back to the list.
    expect(screen.queryByText(/Navegação para/)).toBeNull();
  });

  it('still answers a record that is gone (404) with "Registro inexistente" and the list', async () => {
    serverAnswering(() => json(404, { message: 'Registro não encontrado.' }));
    renderEdit();
    expect(await screen.findByText('Registro inexistente')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Navegação para/).textContent).toContain(`${ADMIN_BASENAME}/ensinos`));
  });

  it('does not end the session when the session check finds the server busy', async () => {
    localStorage.setItem(TOKEN_KEY, 'a-token');
    serverAnswering(busy);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('a-token');
  });
});
