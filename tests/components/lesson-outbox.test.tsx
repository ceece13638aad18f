import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { logout } from '../../authProvider';
import { TOKEN_KEY } from '../../src/api/http';
import { flush, keep, OUTBOX_KEY, pendingItems, rememberedRoll, rememberRoll } from '../../src/lessons/outbox';

/** The outbox alone against a fake `/api`: each step that reached the server is never sent twice. */

let calls: string[];
/** The `Idempotency-Key` of each call, in order. */
let keys: (string | undefined)[];
let failAttendance: boolean;
/** Calls to `/api/lessons` that reach the server and whose answer is then lost (the network drops). */
let loseLessonAnswers: number;
/** Calls answered 409 first: the same write still running on the server. */
let stillRunning: number;

beforeEach(() => {
  calls = [];
  keys = [];
  failAttendance = true;
  loseLessonAnswers = 0;
  stillRunning = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push(`${init.method} ${url}`);
    keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
    if (url.endsWith('/attendance') && failAttendance) throw new TypeError('Failed to fetch');
    if (stillRunning > 0) {
      stillRunning--;
      return new Response(JSON.stringify({ message: 'Requisição em andamento.' }), { status: 409 });
    }
    if (/\/lessons(\/\d+)?$/.test(url) && loseLessonAnswers > 0) {
      loseLessonAnswers--;
      throw new TypeError('Failed to fetch');
    }
    const body = init.method === 'POST' ? { data: { id: 31 } } : { message: 'ok' };
    return new Response(JSON.stringify(body), { status: init.method === 'POST' ? 201 : 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const LESSON = { team_id: 5, discipline_id: 8, stage_id: 41, date: '2026-03-10', periods: 1, content: 'Frações' };
const ROLL = [
  {
    registration_id: 11,
    number: '000011',
    student: { id: 1, name: 'Ana Beatriz', has_photo: false },
    absences: 1,
    justified: false,
    reason: null,
  },
];

it('creates a lesson once: the network lost after the lesson, the next try sends only its roll call', async () => {
  keep({ key: 'nova-abc', lesson: LESSON, lessonChanged: true, attendance: ROLL });
  await flush();
  expect(calls).toEqual(['POST /api/lessons', 'PUT /api/lessons/31/attendance']);
  expect(pendingItems()).toEqual([expect.objectContaining({ key: 'nova-abc', lessonId: 31, lessonChanged: false })]);

  failAttendance = false;
  calls = [];
  await flush();
  expect(calls).toEqual(['PUT /api/lessons/31/attendance']);
  expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
});

it('sends each write with an Idempotency-Key and sends it again under the same key after a lost answer', async () => {
  keep({ key: 'nova-abc', lesson: LESSON, lessonChanged: true, attendance: ROLL });
  loseLessonAnswers = 1;
  await flush();
  await flush();
  await flush();
  expect(calls).toEqual([
    'POST /api/lessons',
    'POST /api/lessons',
    'PUT /api/lessons/31/attendance',
    'PUT /api/lessons/31/attendance',
  ]);
  const [create, createAgain, roll, rollAgain] = keys;
  expect(create).toMatch(/^[0-9a-f]{32}$/);
  expect(createAgain).toBe(create);
  expect(roll).toMatch(/^[0-9a-f]{32}$/);
  expect(rollAgain).toBe(roll);
  expect(roll).not.toBe(create);
  expect(pendingItems()).toHaveLength(1);

  // The next version of the roll call is another write: another key.
  failAttendance = false;
  keep({ key: 'nova-abc', lessonId: 31, lesson: LESSON, lessonChanged: false, attendance: ROLL });
  calls = [];
  keys = [];
  await flush();
  expect(calls).toEqual(['PUT /api/lessons/31/attendance']);
  expect(keys[0]).not.toBe(roll);
  expect(pendingItems()).toEqual([]);
});

it('creates a lesson under its first key, though its content was changed before the answer came', async () => {
  // The screen's own try (LessonsHome) lost its answer: the outbox goes on under that key, with those fields.
  keep({
    key: 'nova-def',
    lesson: LESSON,
    lessonChanged: true,
    attendance: null,
    creating: { key: 'chave-da-tela', lesson: LESSON },
  });
  loseLessonAnswers = 1;
  await flush();
  keep({
    key: 'nova-def',
    lesson: { ...LESSON, content: 'Frações e decimais' },
    lessonChanged: true,
    attendance: null,
  });
  await flush();
  expect(calls).toEqual(['POST /api/lessons', 'POST /api/lessons', 'PUT /api/lessons/31']);
  expect(keys.slice(0, 2)).toEqual(['chave-da-tela', 'chave-da-tela']);
  expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
  expect(pendingItems()).toEqual([]);
});

it('keeps a write the server is still running (409) to send again, not as a refusal', async () => {
  keep({ key: 'nova-ghi', lesson: LESSON, lessonChanged: true, attendance: null });
  stillRunning = 1;
  await flush();
  expect(pendingItems()).toHaveLength(1);
  expect(pendingItems()[0].refusal).toBeUndefined();
  await flush();
  expect(calls).toEqual(['POST /api/lessons', 'POST /api/lessons']);
  expect(keys[1]).toBe(keys[0]);
  expect(pendingItems()).toEqual([]);
});

it("keeps each user's items apart: another teacher on this phone does not send them", async () => {
  localStorage.setItem('secretaria.user', JSON.stringify({ id: 7, name: 'Paula' }));
  keep({ key: 'aula-3', lessonId: 3, lesson: LESSON, lessonChanged: false, attendance: ROLL });
  localStorage.setItem('secretaria.user', JSON.stringify({ id: 8, name: 'Rita' }));
  expect(pendingItems()).toEqual([]);
  await flush();
  expect(calls).toEqual([]);
  localStorage.setItem('secretaria.user', JSON.stringify({ id: 7, name: 'Paula' }));
  expect(pendingItems()).toHaveLength(1);
});

it("forgets the classes' roll calls kept on the device at sign-out, and keeps the work not yet sent", async () => {
  localStorage.setItem(TOKEN_KEY, 'token-da-professora');
  keep({ key: 'nova-xyz', lesson: LESSON, lessonChanged: true, attendance: ROLL });
  rememberRoll(5, ROLL);
  expect(rememberedRoll(5)?.[0].student.name).toBe('Ana Beatriz');
  const before = localStorage.getItem(OUTBOX_KEY);

  await logout();
  expect(rememberedRoll(5)).toBeNull();
  expect(
    Object.keys(localStorage).some(
      (key) => localStorage.getItem(key)?.includes('"registration_id":11') && key !== OUTBOX_KEY,
    ),
  ).toBe(false);
  expect(localStorage.getItem(OUTBOX_KEY)).toBe(before);
  localStorage.removeItem(OUTBOX_KEY);
});
