import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases, startServer } from './support/server';

/** A local stand-in of a postal-code service speaking its real protocol; `calls` counts requests. */
async function fakeService(handler: (url: string) => { status: number; body: unknown }) {
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    calls.push(req.url ?? '');
    const { status, body } = handler(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise((r) => server.close(r)),
  };
}

describeOnDatabases('CEP lookup through ViaCEP, then BrasilAPI', (dialect) => {
  // Fresh fakes and a fresh server (with its cache) per test: ViaCEP is down unless a test brings it up.
  let viacep: Awaited<ReturnType<typeof fakeService>>;
  let brasil: Awaited<ReturnType<typeof fakeService>>;
  let viacepUp: boolean;
  beforeEach(async () => {
    viacepUp = false;
    viacep = await fakeService((url) => {
      if (!viacepUp) return { status: 503, body: { message: 'fora do ar' } };
      if (url === '/ws/66000000/json/')
        return {
          status: 200,
          body: {
            cep: '66000-000',
            logradouro: 'Avenida Presidente Vargas',
            bairro: 'Campina',
            localidade: 'Belém',
            uf: 'PA',
          },
        };
      return { status: 200, body: { erro: true } };
    });
    brasil = await fakeService((url) =>
      url === '/api/cep/v2/01001000'
        ? {
            status: 200,
            body: { cep: '01001000', state: 'SP', city: 'São Paulo', neighborhood: 'Sé', street: 'Praça da Sé' },
          }
        : { status: 404, body: { message: 'CEP não encontrado' } },
    );
  });
  const fresh = serverPerTest(dialect, () => ({ cep: { viaCepUrl: viacep.url, brasilApiUrl: brasil.url } }));
  afterEach(async () => {
    await viacep.close();
    await brasil.close();
  });
  const get = (cep: string) => fresh.call('GET', `/api/cep/${cep}`);

  it('falls back to BrasilAPI when ViaCEP is down, keeping the leading zero, and caches the answer', async () => {
    const first = await get('01001-000');
    expect(first).toEqual({
      status: 200,
      body: { cep: '01001000', logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' },
    });
    expect(viacep.calls).toContain('/ws/01001000/json/');
    const before = brasil.calls.length;
    expect((await get('01001000')).status).toBe(200);
    expect(brasil.calls.length).toBe(before);
  });

  it('answers "CEP não encontrado" for an unknown CEP and asks for 8 digits', async () => {
    expect(await get('99999999')).toEqual({ status: 404, body: { erro: true, message: 'CEP não encontrado' } });
    expect((await get('1234')).body.errors).toEqual({ cep: ['O CEP deve ter 8 dígitos.'] });
  });

  it('uses ViaCEP first when it is up', async () => {
    viacepUp = true;
    const { body } = await get('66000000');
    expect(body).toEqual({
      cep: '66000000',
      logradouro: 'Avenida Presidente Vargas',
      bairro: 'Campina',
      localidade: 'Belém',
      uf: 'PA',
    });
    expect(viacep.calls).toEqual(['/ws/66000000/json/']);
    expect(brasil.calls).toEqual([]);
  });

  it('answers the failure message when no service answers', async () => {
    const offline = await startServer(dialect);
    try {
      const t = await offline.session();
      expect(await offline.request('GET', '/api/cep/68000000', { token: t })).toEqual({
        status: 502,
        body: { message: 'Não foi possível buscar o CEP agora: digite o endereço.' },
      });
    } finally {
      await offline.close();
    }
  });
});
