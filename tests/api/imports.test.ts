import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, ROLE_IDS, startServer, type TestServer } from './support/server';

describeOnDatabases('spreadsheet imports: the record', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await server.session();
  });
  afterAll(() => server.close());

  it('lists no import on a new school, and answers 404 for one that does not exist', async () => {
    const list = await server.request('GET', '/api/imports', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ data: [], total: 0 });
    const missing = await server.request('GET', '/api/imports/999', { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Importação não encontrada.');
  });

  it('is Administração’s by default: Secretaria gets a 403 that names the permission', async () => {
    const email = 'secretaria.importacao@escolamodelo.edu.br';
    await server.request('POST', '/api/users', {
      token: admin,
      body: { name: 'Secretaria', email, password: 'senha-da-secretaria-1', role_id: ROLE_IDS.secretaria },
    });
    const token = await server.session(email);
    const list = await server.request('GET', '/api/imports', { token });
    expect(list.status).toBe(403);
    expect(list.body.message).toBe(
      'Você não tem permissão para importar planilhas de alunos, turmas, matrículas, cobranças e notas.',
    );
  });
});
