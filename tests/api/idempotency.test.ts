import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { IN_PROGRESS_MESSAGE, KEY_REUSED_MESSAGE } from '../../server/http/idempotency';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

/** The outbox's writes sent again after their answer was lost (issue 34): done once, answered alike. */
describeOnDatabases('Idempotency-Key on the writes the outbox sends', (dialect) => {
  const fresh = serverPerTest(dialect);
  const send = (method: string, path: string, body: unknown, key?: string, token = fresh.token) =>
    fresh.server.request(method, path, { token, body, headers: key ? { 'idempotency-key': key } : {} });
  const lessonsOf = async () =>
    (await dynamic(fresh.server.db).selectFrom('lessons').select(['id', 'created_by']).orderBy('id').execute()).map(
      (l) => ({ id: Number(l.id), created_by: Number(l.created_by) }),
    );

  async function aLesson() {
    const diary = await diaryOf(fresh);
    return { body: diary.lessonBody(), ...diary };
  }

  it('creates a lesson once when its POST is sent again with the same key, and answers the first answer', async () => {
    const { body } = await aLesson();
    const first = await send('POST', '/api/lessons', body, 'aula-nova-1');
    expect(first.status).toBe(201);
    for (let i = 0; i < 4; i++) expect(await send('POST', '/api/lessons', body, 'aula-nova-1')).toEqual(first);
    expect(await lessonsOf()).toEqual([{ id: first.body.data.id, created_by: expect.any(Number) }]);

    // The replay says it is one.
    const replay = await fetch(`${fresh.server.url}/api/lessons`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fresh.token}`,
        'content-type': 'application/json',
        'idempotency-key': 'aula-nova-1',
      },
      body: JSON.stringify(body),
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(first.body);

    // Another key, or none, is another lesson.
    expect((await send('POST', '/api/lessons', body, 'aula-nova-2')).status).toBe(201);
    expect((await send('POST', '/api/lessons', body)).status).toBe(201);
    expect(await lessonsOf()).toHaveLength(3);
  });

  it('refuses a key used again with another request, and one that is not a key', async () => {
    const { body } = await aLesson();
    expect((await send('POST', '/api/lessons', body, 'chave-1')).status).toBe(201);
    const other = await send('POST', '/api/lessons', { ...body, content: 'Outro conteúdo' }, 'chave-1');
    expect(other).toEqual({
      status: 422,
      body: { message: KEY_REUSED_MESSAGE, errors: { 'Idempotency-Key': [KEY_REUSED_MESSAGE] } },
    });
    // The same body on another route is another request too.
    const elsewhere = await send('PUT', `/api/lessons/${(await lessonsOf())[0].id}`, body, 'chave-1');
    expect(elsewhere.status).toBe(422);
    for (const bad of ['com espaço', 'x'.repeat(201), 'acentuação'])
      expect((await send('POST', '/api/lessons', body, bad)).body.errors['Idempotency-Key'][0]).toMatch(
        /^Chave de idempotência \(Idempotency-Key\) inválida/,
      );
    expect(await lessonsOf()).toHaveLength(1);
  });

  it("never answers one user's key with another user's answer", async () => {
    const { body, mathTeacher } = await aLesson();
    const { userId } = await mathTeacher();
    const token = await fresh.server.session('paula@escola.com.br');
    const office = await send('POST', '/api/lessons', body, 'mesma-chave');
    const teacher = await send('POST', '/api/lessons', body, 'mesma-chave', token);
    expect(teacher.status).toBe(201);
    expect(teacher.body.data.id).not.toBe(office.body.data.id);
    expect(teacher.body.data.created_by).toBe(userId);
    expect(await lessonsOf()).toHaveLength(2);
  });

  it('creates one lesson from ten identical requests sent at once; the others get its answer or 409', async () => {
    const { body } = await aLesson();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send('POST', '/api/lessons', body, 'ao-mesmo-tempo')),
    );
    const lessons = await lessonsOf();
    expect(lessons).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.body).toEqual({ message: IN_PROGRESS_MESSAGE });
      else expect(answer).toMatchObject({ status: 201, body: { data: { id: lessons[0].id } } });
    }
  });

  it('replays a roll call and an edit, and keeps a refusal for its replay too', async () => {
    const { body, enrol } = await aLesson();
    const ana = await enrol('Ana Beatriz');
    const lesson = (await send('POST', '/api/lessons', body, 'criar')).body.data.id;
    const roll = { attendance: [{ registration_id: ana, absences: 1 }] };
    const saved = await send('PUT', `/api/lessons/${lesson}/attendance`, roll, 'chamada-1');
    expect(saved).toEqual({ status: 200, body: { message: 'Chamada salva com sucesso!' } });
    // Corrected meanwhile on another device: the lost answer's replay does not write the old roll call again.
    expect((await send('PUT', `/api/lessons/${lesson}/attendance`, { attendance: [] }, 'chamada-2')).status).toBe(200);
    expect(await send('PUT', `/api/lessons/${lesson}/attendance`, roll, 'chamada-1')).toEqual(saved);
    const rows = await dynamic(fresh.server.db).selectFrom('attendance').selectAll().execute();
    expect(rows).toEqual([]);

    const future = await send('PUT', `/api/lessons/${lesson}`, { ...body, date: daysAgo(-1) }, 'editar-1');
    expect(future.status).toBe(422);
    expect(await send('PUT', `/api/lessons/${lesson}`, { ...body, date: daysAgo(-1) }, 'editar-1')).toEqual(future);
    const removed = await send('DELETE', `/api/lessons/${lesson}`, undefined, 'apagar-1');
    expect(removed.status).toBe(200);
    expect(await send('DELETE', `/api/lessons/${lesson}`, undefined, 'apagar-1')).toEqual(removed);
  });

  it('forgets an answer after a day, and takes over a key whose first request died mid-way', async () => {
    const { body } = await aLesson();
    const k = dynamic(fresh.server.db);
    const first = await send('POST', '/api/lessons', body, 'ontem');
    await k
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const again = await send('POST', '/api/lessons', body, 'ontem');
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(first.body.data.id);

    // Claimed by an instance killed before it answered (no answer, its lease run out): the replay runs.
    const [{ user_id }] = await k.selectFrom('idempotency_keys').select('user_id').execute();
    const past = new Date(Date.now() - 1000).toISOString();
    await k
      .insertInto('idempotency_keys')
      .values({
        user_id,
        key: 'morta',
        fingerprint: (await k.selectFrom('idempotency_keys').select('fingerprint').executeTakeFirstOrThrow())
          .fingerprint,
        owner: 'instancia-morta',
        locked_until: past,
        created_at: past,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();
    const taken = await send('POST', '/api/lessons', body, 'morta');
    expect(taken.status).toBe(201);
    expect(await send('POST', '/api/lessons', body, 'morta')).toEqual(taken);
    expect(await lessonsOf()).toHaveLength(3);
  });
});
