import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { logout } from '../../authProvider';
import { TOKEN_KEY } from '../../src/api/http';
import { flush, keep, OUTBOX_KEY, pendingItems, rememberedRoll, rememberRoll } from '../../src/lessons/outbox';

/** The outbox alone against a fake `/api`: each step that reached the server is never sent twice. */

let calls: string[];
let failAttendance: boolean;

beforeEach(() => {
  calls = [];
  failAttendance = true;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push(`${init.method} ${url}`);
    if (url.endsWith('/attendance') && failAttendance) throw new TypeError('Failed to fetch');
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
