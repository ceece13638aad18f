import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arrivedEarly, startEarly, takeEarly } from '../../src/api/early';
import { apiHeaders, apiRequest, buildUrl, TOKEN_KEY } from '../../src/api/http';
import { portalApi, portalRequest } from '../../src/portal/api';
import { PORTAL_TOKEN_KEY } from '../../src/portal/token';
import { chunk, lazyChunk } from '../../src/routeChunks';

/** Issue 36: what the page's first script asks for before the screens exist, and how the screens take it. */

let asked: string[];
beforeEach(() => {
  asked = [];
  localStorage.setItem(TOKEN_KEY, 'token-da-professora');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const auth = new Headers(init.headers).get('authorization');
    asked.push(`${url} ${auth}`);
    return new Response(
      JSON.stringify({ lesson: { id: 7 }, attendance: [{ student: 'ANA BEATRIZ' }], asked: asked.length }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a read started early', () => {
  it("is the roll call screen's own read: asked once, and only that once", async () => {
    startEarly(buildUrl('/lessons/7/attendance'), apiHeaders());
    expect(asked).toEqual(['/api/lessons/7/attendance Bearer token-da-professora']);
    expect(await apiRequest('/lessons/7/attendance')).toMatchObject({
      attendance: [{ student: 'ANA BEATRIZ' }],
      asked: 1,
    });
    expect(asked).toHaveLength(1);
    // Taken once: the next read is the server's answer of now.
    expect(await apiRequest('/lessons/7/attendance')).toMatchObject({ asked: 2 });
  });

  it('is not taken by another person signed in meanwhile, nor by a write', async () => {
    startEarly(buildUrl('/lessons/7/attendance'), apiHeaders());
    localStorage.setItem(TOKEN_KEY, 'token-de-outra-pessoa');
    await apiRequest('/lessons/7/attendance');
    expect(asked).toEqual([
      '/api/lessons/7/attendance Bearer token-da-professora',
      '/api/lessons/7/attendance Bearer token-de-outra-pessoa',
    ]);
    localStorage.setItem(TOKEN_KEY, 'token-da-professora');
    await apiRequest('/lessons/7/attendance', { method: 'PUT', body: { attendance: [] } });
    expect(asked).toHaveLength(3);
  });

  it("is the portal home's `me` with the family's token", async () => {
    localStorage.setItem(PORTAL_TOKEN_KEY, 'token-da-familia');
    startEarly(buildUrl('/portal/me'), { Accept: 'application/json', Authorization: 'Bearer token-da-familia' });
    expect(await portalRequest('/portal/me')).toMatchObject({ asked: 1 });
    expect(asked).toEqual(['/api/portal/me Bearer token-da-familia']);
  });
});

describe('an early answer that has arrived', () => {
  const headers = { Accept: 'application/json', Authorization: 'Bearer token-da-familia' };

  it("is read at once by the portal's first render, and still taken by its own read (asked once)", async () => {
    localStorage.setItem(PORTAL_TOKEN_KEY, 'token-da-familia');
    startEarly(buildUrl('/portal/me'), headers);
    expect(portalApi.meArrived()).toBeUndefined(); // not yet arrived: the home says "Carregando…" as before
    await vi.waitFor(() => expect(portalApi.meArrived()).toMatchObject({ asked: 1 }));
    expect(await portalApi.me()).toMatchObject({ asked: 1 });
    expect(asked).toHaveLength(1);
    // Once taken, nothing is kept: another first render would read the server again.
    expect(portalApi.meArrived()).toBeUndefined();
  });

  it('is not read with another token, nor when the server refused it', async () => {
    localStorage.setItem(PORTAL_TOKEN_KEY, 'token-de-outra-familia');
    startEarly(buildUrl('/portal/me'), headers);
    await vi.waitFor(() => expect(arrivedEarly(buildUrl('/portal/me'), headers)).toBeDefined());
    expect(portalApi.meArrived()).toBeUndefined();

    vi.stubGlobal('fetch', async () => new Response('{"message":"Não autenticado"}', { status: 401 }));
    const refused = { ...headers, Authorization: 'Bearer token-expirado' };
    startEarly(buildUrl('/portal/me'), refused);
    await new Promise((r) => setTimeout(r, 10));
    expect(arrivedEarly(buildUrl('/portal/me'), refused)).toBeUndefined();
    // Nothing left for the files after this one.
    void takeEarly(buildUrl('/portal/me'), headers);
    void takeEarly(buildUrl('/portal/me'), refused)?.catch(() => undefined);
  });
});

describe("a route's chunk", () => {
  it('draws its screen without a moment of "Carregando" once it has arrived', async () => {
    const lessons = chunk(() => Promise.resolve({ LessonsPage: () => <h1>Minhas aulas</h1> }));
    const LessonsPage = lazyChunk(lessons, 'LessonsPage');
    await lessons.load();
    render(
      <Suspense fallback={<p>Carregando</p>}>
        <LessonsPage />
      </Suspense>,
    );
    // In the first commit already: React had nothing to wait for (nor its 300 ms between reveals).
    expect(screen.getByRole('heading', { name: 'Minhas aulas' })).toBeTruthy();
    expect(screen.queryByText('Carregando')).toBeNull();
  });

  it('is asked for again after a dropped connection', async () => {
    let tries = 0;
    const page = chunk(() => (++tries === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({})));
    await expect(page.load()).rejects.toThrow('Failed to fetch');
    await expect(page.load()).resolves.toEqual({});
    expect(tries).toBe(2);
  });
});
