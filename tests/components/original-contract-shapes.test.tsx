import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import { users } from '../../resources/users';
import { fieldOf } from '../../resources/types';
import { displayValue } from '../../src/resources/cells';

/** The real dataProvider over a stubbed `fetch` answering `body`; the mock keeps the requests. */
function serverAnswering(body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("this project's screens and the original contract's shapes", () => {
  it('ask for calendar dates as ISO on every call (the original client gets dd/mm/aaaa)', async () => {
    const fetchMock = serverAnswering([{ id: 7, name: 'Ana', birth_date: '2004-05-20' }]);
    const { data } = await dataProvider.getOne('alunos', { id: 7 });
    expect(data.birth_date).toBe('2004-05-20');
    const headers = fetchMock.mock.calls[0][1]?.headers as Record<string, string>;
    expect(headers['X-Date-Format']).toBe('iso');
  });

  it('read a record answered as the record itself (text documents) as well as one answered in a list', async () => {
    serverAnswering({ id: 5, name: 'Certificado', content: 'Certificamos…' });
    expect((await dataProvider.getOne('ensinos/documentos', { id: 5 })).data).toMatchObject({
      id: 5,
      name: 'Certificado',
    });
    expect((await dataProvider.getMany('ensinos/documentos', { ids: [5] })).data).toEqual([
      expect.objectContaining({ id: 5 }),
    ]);
  });

  it('show a user without a role as "Sem perfil"', () => {
    const role = fieldOf(users, 'role_id');
    render(<span>{displayValue(role, { id: 3, role_id: null, role: null }, false)}</span>);
    expect(screen.getByText('Sem perfil')).toBeTruthy();
    render(<span>{displayValue(role, { id: 4, role_id: 1, role: { id: 1, name: 'Secretaria' } }, false)}</span>);
    expect(screen.getByText('Secretaria')).toBeTruthy();
  });
});
