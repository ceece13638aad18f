import { afterAll, beforeAll, expect, it } from 'vitest';
import { resources } from '../../resources';
import { PERMISSION_KEYS, SIGNED_IN } from '../../resources/permissions';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

/** The routes anyone may call (spec: public site, login, webhooks). Everything else needs a token. */
const PUBLIC = [
  'GET /api/data-of-client',
  // The logo /data-of-client names, for the public header (issue 35); only the current one answers.
  'GET /api/school-logo/:file',
  'GET /api/health',
  'POST /api/auth/login',
  // Two-step sign-in: the code after the password, or the set-up the school requires (each needs its challenge).
  'POST /api/auth/two-step/verify',
  'POST /api/auth/two-step/setup',
  'POST /api/auth/two-step/setup/confirm',
  'POST /api/forgot-password',
  'POST /api/reset-password',
  'GET /api/send-mail',
  'POST /api/send-mail',
  'GET /api/documents/has-document/:code',
  'POST /api/documents/has-document/:code/file',
  'GET /api/captcha/challenge',
  // New families ask for a place (issue 39): the open campaign's teams, the form (captcha, honeypot, limits) and
  // the e-mailed link that shows that request's status only.
  'GET /api/admissions/open',
  'POST /api/admissions',
  'GET /api/admissions/follow/:token',
  // The payment provider's notifications (checked by their HMAC signature) and, with the offline
  // sandbox, the payer's simulated payment page (its pay button needs the finance permission).
  'POST /api/webhooks/mercadopago',
  'GET /api/payments/sandbox/:id',
  'GET /api/payments/sandbox/:id/boleto.pdf',
  'GET /api/payments/sandbox/pay.js',
  // The family portal's door (issue 26): the invitation's password, sign-in and its reset; whether an invitation's
  // link still works, asked when it is opened (issue 35).
  'POST /api/portal/activate',
  'POST /api/portal/invitation',
  'POST /api/portal/login',
  'POST /api/portal/forgot-password',
  'POST /api/portal/reset-password',
  // A VAPID public key is public by design: the browser needs it to subscribe (issue 36).
  'GET /api/portal/push/public-key',
];

describeOnDatabases('every private route needs a token', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // With the simulation on: every route there is, its pages included.
    server = await startServer(dialect, { payments: { sandbox: true } });
  });
  afterAll(() => server.close());

  it('knows exactly which routes are public', () => {
    const routes = server.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(8);
    expect(
      routes
        .filter((r) => r.public)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  it('knows who may call each private route: a permission of the catalogue or any signed-in user', () => {
    // The family portal's routes take a portal session instead (and are the only ones under /api/portal).
    const portal = server.app.apiRoutes.filter((r) => r.portal);
    expect(portal.filter((r) => r.access || !r.url.startsWith('/api/portal/')).map((r) => r.url)).toEqual([]);
    const routes = server.app.apiRoutes.filter((r) => !r.public && !r.portal);
    expect(routes.filter((r) => !r.url.startsWith('/api/portal/') !== true).map((r) => r.url)).toEqual([]);
    expect(routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const unknown = routes.filter((r) => r.access !== SIGNED_IN && !PERMISSION_KEYS.includes(r.access!));
    expect(unknown.map((r) => `${r.method} ${r.url} ${r.access}`)).toEqual([]);
    // Each resource of the product says its permissions (the generic routes take them from there).
    expect(resources.filter((r) => !r.access).map((r) => r.name)).toEqual([]);
  });

  it('answers 401 to each private route without a token or with a forged one', async () => {
    const checked: string[] = [];
    for (const route of server.app.apiRoutes.filter((r) => !r.public)) {
      const url = route.url.replace(/:(\w+)/g, '1');
      for (const token of [undefined, 'forjado-123']) {
        const { status, body } = await server.request(route.method, url, {
          token,
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(status, `${route.method} ${url}`).toBe(401);
        // Routes the original client reads under `error` (login, boleto) carry the text there too.
        expect(body).toMatchObject({ message: 'Não autenticado.' });
      }
      checked.push(`${route.method} ${route.url}`);
    }
    expect(checked).toContain('GET /api/teachings');
    expect(checked).toContain('DELETE /api/teachings/:id');
    expect(checked).toContain('POST /api/auth/me');
    expect(checked).toContain('GET /api/portal/me');
  });

  it('answers public routes without a token', async () => {
    const branding = await server.request('GET', '/api/data-of-client');
    expect(branding.status).toBe(200);
    expect(branding.body).toMatchObject({
      school_name: 'Escola Modelo Secretaria',
      main_color: '#1E5AA8',
      secondary_color: '#0B2F5B',
    });
    expect(Object.keys(branding.body).sort()).toEqual(
      [
        'average_grade',
        'city',
        'colored_logo',
        'cover',
        'email',
        'main_color',
        'main_service',
        'phones',
        'school_name',
        'secondary_color',
      ].sort(),
    );
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    expect(await server.request('GET', '/api/nao-existe')).toEqual({
      status: 404,
      body: { message: 'Rota não encontrada.' },
    });
  });
});
