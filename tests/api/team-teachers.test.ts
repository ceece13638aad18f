import { expect, it } from 'vitest';
import { PROVIDER_USER_ID } from '../../resources/users';
import { dynamic } from '../../server/db/connection';
import { disciplinesTaughtBy, teamsTaughtBy } from '../../server/teams/teachers-queries';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

describeOnDatabases("a team's teachers", (dialect) => {
  // A school of its own per test: assignments made by one test are not the next one's starting point.
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  async function teacher(name: string, email: string): Promise<number> {
    const { status, body } = await call('POST', '/api/users', {
      name,
      email,
      password: 'senha-forte-1',
      role_id: ROLE_IDS.professor,
    });
    expect(status).toBe(201);
    return Number(body.data.id);
  }

  /** A team with its grid's disciplines, and one discipline of the catalogue its grid does not have. */
  async function teamWithDisciplines(teamId = 3) {
    const inGrid = (await call('GET', `/api/teams/${teamId}/disciplines`)).body as { id: number; discipline: string }[];
    const all = (await call('GET', '/api/disciplines?page=0')).body.data as { id: number; name: string }[];
    const outside = all.find((d) => !inGrid.some((g) => g.id === d.id));
    expect(inGrid.length).toBeGreaterThan(1);
    expect(outside).toBeDefined();
    return { teamId, inGrid, outside: outside! };
  }

  it("lists, adds and removes a team's teachers, with the teacher's and the discipline's names", async () => {
    const { teamId, inGrid } = await teamWithDisciplines();
    expect(await call('GET', `/api/teams/${teamId}/teachers`)).toEqual({ status: 200, body: [] });
    const ana = await teacher('Ana Paula Ferreira', 'ana.ferreira@escola.com.br');
    const added = await call('POST', `/api/teams/${teamId}/teachers`, {
      user_id: ana,
      discipline_id: String(inGrid[0].id),
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Professor atribuído à turma com sucesso!');
    expect(added.body.data).toEqual({
      id: expect.any(Number),
      user: { id: ana, name: 'Ana Paula Ferreira' },
      discipline: { id: inGrid[0].id, name: inGrid[0].discipline },
    });
    // The same teacher in a second discipline is another assignment.
    await call('POST', `/api/teams/${teamId}/teachers`, { user_id: ana, discipline_id: inGrid[1].id });
    const list = await call('GET', `/api/teams/${teamId}/teachers`);
    expect(list.body.map((a: { discipline: { id: number } }) => a.discipline.id).sort()).toEqual(
      [inGrid[0].id, inGrid[1].id].sort(),
    );

    const removed = await call('DELETE', `/api/teams/${teamId}/teachers/${added.body.data.id}`);
    expect(removed).toEqual({ status: 200, body: { message: 'Professor removido da turma com sucesso!' } });
    const rows = await dynamic(fresh.server.db).selectFrom('team_teachers').select(['discipline_id']).execute();
    expect(rows.map((r) => Number(r.discipline_id))).toEqual([inGrid[1].id]);
    expect((await call('DELETE', `/api/teams/${teamId}/teachers/${added.body.data.id}`)).status).toBe(404);
  });

  it('refuses a missing teacher or discipline, one outside the grid, and a duplicate, in Portuguese', async () => {
    const { teamId, inGrid, outside } = await teamWithDisciplines();
    const post = (body: unknown) => call('POST', `/api/teams/${teamId}/teachers`, body);
    const empty = await post({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      user_id: ['Selecione o professor.'],
      discipline_id: ['Selecione a disciplina.'],
    });
    const missing = await post({ user_id: 99999, discipline_id: 99999 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      user_id: ['O professor selecionado não existe.'],
      discipline_id: ['A disciplina selecionada não existe.'],
    });
    const carlos = await teacher('Carlos Eduardo Souza', 'carlos.souza@escola.com.br');
    const notInGrid = await post({ user_id: carlos, discipline_id: outside.id });
    expect(notInGrid.status).toBe(422);
    expect(notInGrid.body).toEqual({
      message: 'A disciplina selecionada não faz parte da grade desta turma.',
      errors: { discipline_id: ['A disciplina selecionada não faz parte da grade desta turma.'] },
    });
    const provider = await post({ user_id: PROVIDER_USER_ID, discipline_id: inGrid[0].id });
    expect(provider.body.errors).toEqual({ user_id: ['Este usuário não pode ser atribuído como professor.'] });

    expect((await post({ user_id: carlos, discipline_id: inGrid[0].id })).status).toBe(201);
    const duplicate = await post({ user_id: carlos, discipline_id: inGrid[0].id });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors).toEqual({
      discipline_id: ['Este professor já leciona esta disciplina nesta turma.'],
    });
    const rows = await dynamic(fresh.server.db).selectFrom('team_teachers').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for a missing team and for an assignment of another team', async () => {
    const { teamId, inGrid } = await teamWithDisciplines();
    expect(await call('GET', '/api/teams/99999/teachers')).toEqual({
      status: 404,
      body: { message: 'Turma não encontrada.' },
    });
    const lia = await teacher('Lia Nascimento', 'lia.nascimento@escola.com.br');
    expect(
      (await call('POST', '/api/teams/99999/teachers', { user_id: lia, discipline_id: inGrid[0].id })).status,
    ).toBe(404);
    const { body } = await call('POST', `/api/teams/${teamId}/teachers`, { user_id: lia, discipline_id: inGrid[0].id });
    const other = (await call('GET', '/api/teams?page=0')).body.data.find((t: { id: number }) => t.id !== teamId);
    const elsewhere = await call('DELETE', `/api/teams/${other.id}/teachers/${body.data.id}`);
    expect(elsewhere).toEqual({
      status: 404,
      body: { message: 'Atribuição de professor não encontrada nesta turma.' },
    });
    expect((await call('DELETE', `/api/teams/${teamId}/teachers/abc`)).status).toBe(404);
    expect((await call('GET', `/api/teams/${teamId}/teachers`)).body).toHaveLength(1);
  });

  it('keeps a team, a teacher and a discipline with assignments from being deleted (409)', async () => {
    const { teamId, inGrid } = await teamWithDisciplines();
    const rui = await teacher('Rui Barbosa Lima', 'rui.lima@escola.com.br');
    const { body } = await call('POST', `/api/teams/${teamId}/teachers`, { user_id: rui, discipline_id: inGrid[0].id });
    const user = await call('DELETE', `/api/users/${rui}`);
    expect(user.status).toBe(409);
    expect(user.body.message).toContain('1 atribuição de professor');
    const discipline = await call('DELETE', `/api/disciplines/${inGrid[0].id}`);
    expect(discipline.status).toBe(409);
    expect(discipline.body.message).toContain('1 atribuição de professor');
    const team = await call('DELETE', `/api/teams/${teamId}`);
    expect(team.status).toBe(409);
    expect(team.body.message).toContain('1 atribuição de professor');

    await call('DELETE', `/api/teams/${teamId}/teachers/${body.data.id}`);
    expect((await call('DELETE', `/api/users/${rui}`)).status).toBe(200);
  });

  it('offers as teachers only the users whose role is Professor, by name', async () => {
    await teacher('Zilda Arns', 'zilda.arns@escola.com.br');
    await teacher('Beatriz Nogueira', 'beatriz.nogueira@escola.com.br');
    const clerk = await call('POST', '/api/users', {
      name: 'Sandra Secretaria',
      email: 'sandra.secretaria@escola.com.br',
      password: 'senha-forte-1',
      role_id: ROLE_IDS.secretaria,
    });
    expect(clerk.status).toBe(201);
    const { status, body } = await call('GET', '/api/teams/3/teachers/candidates');
    expect(status).toBe(200);
    const names = body.map((u: { name: string }) => u.name);
    expect(names).toEqual(['Beatriz Nogueira', 'Zilda Arns']);
    expect(body.some((u: { id: number }) => u.id === PROVIDER_USER_ID)).toBe(false);
    const { inGrid } = await teamWithDisciplines();
    const refused = await call('POST', '/api/teams/3/teachers', {
      user_id: clerk.body.data.id,
      discipline_id: inGrid[0].id,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ user_id: ['Este usuário não pode ser atribuído como professor.'] });
    expect((await call('GET', '/api/teams/99999/teachers/candidates')).status).toBe(404);
  });

  it('tells which teams and disciplines a teacher teaches (what a professor will be scoped to)', async () => {
    const { teamId, inGrid } = await teamWithDisciplines();
    const joana = await teacher('Joana Darc Ribeiro', 'joana.ribeiro@escola.com.br');
    const pedro = await teacher('Pedro Henrique Alves', 'pedro.alves@escola.com.br');
    const other = (await call('GET', '/api/teams?page=0')).body.data.find((t: { id: number }) => t.id !== teamId);
    const otherDisciplines = (await call('GET', `/api/teams/${other.id}/disciplines`)).body as { id: number }[];
    const assign = async (team: number, user: number, discipline: number) =>
      expect(
        (await call('POST', `/api/teams/${team}/teachers`, { user_id: user, discipline_id: discipline })).status,
      ).toBe(201);
    await assign(teamId, joana, inGrid[1].id);
    await assign(teamId, joana, inGrid[0].id);
    await assign(other.id, joana, otherDisciplines[0].id);
    await assign(teamId, pedro, inGrid[0].id);

    const db = fresh.server.db;
    expect(await teamsTaughtBy(db, joana)).toEqual([teamId, other.id].sort((a, b) => a - b));
    expect(await teamsTaughtBy(db, pedro)).toEqual([teamId]);
    expect(await disciplinesTaughtBy(db, joana, teamId)).toEqual([inGrid[0].id, inGrid[1].id].sort((a, b) => a - b));
    expect(await disciplinesTaughtBy(db, joana, other.id)).toEqual([otherDisciplines[0].id]);
    expect(await disciplinesTaughtBy(db, pedro, other.id)).toEqual([]);
    expect(await teamsTaughtBy(db, 99999)).toEqual([]);
  });
});
