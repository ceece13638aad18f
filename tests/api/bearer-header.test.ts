import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, describeOnDatabases, startServer, type TestServer } from './support/server';

/** The Authorization header as outside clients of the original server send it. */
describeOnDatabases('bearer header from outside clients', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    token = await server.session();
  });
  afterAll(() => server?.close());
  const as = (authorization: string) => ({ headers: { authorization } });

  it('accepts the scheme written twice (a stored "Bearer <token>" with the scheme added again)', async () => {
    for (const header of [`Bearer Bearer ${token}`, `bearer Bearer  ${token}`]) {
      const me = await server.request('POST', '/api/auth/me', as(header));
      expect(me, header).toMatchObject({ status: 200, body: { email: ADMIN.email } });
    }
    expect((await server.request('GET', '/api/teachings', as(`Bearer Bearer ${token}`))).status).toBe(200);
    // Only twice, and only the same scheme.
    expect((await server.request('POST', '/api/auth/me', as(`Bearer Bearer Bearer ${token}`))).status).toBe(401);
    expect((await server.request('POST', '/api/auth/me', as(`Bearer Basic ${token}`))).status).toBe(401);
  });

  it('takes "Bearer null" and "Bearer undefined" as no token: public routes answer, private ones ask to sign in', async () => {
    for (const header of ['Bearer null', 'Bearer undefined', 'Bearer Bearer null']) {
      expect((await server.request('GET', '/api/captcha/challenge', as(header))).status, header).toBe(200);
      expect((await server.request('GET', '/api/health', as(header))).status, header).toBe(200);
      const login = await server.request('POST', '/api/auth/login', {
        body: { email: ADMIN.email, password: ADMIN.password },
        ...as(header),
      });
      expect(login.status, header).toBe(200);
      expect(await server.request('POST', '/api/auth/me', as(header)), header).toEqual({
        status: 401,
        body: { message: 'Não autenticado.' },
      });
    }
    // No public route at all asks for a sign-in with them (the webhook's own 401 is its signature check).
    for (const route of server.app.apiRoutes.filter((r) => r.public)) {
      const path = route.url.replace(/:\w+/g, 'X');
      for (const header of ['Bearer null', 'Bearer undefined']) {
        expect(
          (await server.request(route.method, path, as(header))).body,
          `${route.method} ${path} ${header}`,
        ).not.toEqual({ message: 'Não autenticado.' });
      }
    }
  });
});
