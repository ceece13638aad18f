import { expect } from 'vitest';
import { schoolDayOf } from '../../../resources/format';
import { slotsOf, type Slot } from '../../support/full-grid';
import type { PerTest } from './per-test';
import { ROLE_IDS } from './server';

/** The school's calendar day `days` ago (São Paulo), as a lesson's date. */
export const daysAgo = (days: number) => schoolDayOf(new Date(Date.now() - days * 86_400_000));

/**
 * Team 1 of the seeded school with two of its disciplines, and helpers to enrol students (on a chosen day) and
 * to give lessons: what the class diary's tests start from.
 */
export async function diaryOf(fresh: PerTest) {
  const { call } = fresh;
  const grid = slotsOf((await call('GET', '/api/grids/1/get-full-grid')).body);
  const math: Slot = grid.find((d) => d.discipline.name === 'Matemática')!;
  const history: Slot = grid.find((d) => d.discipline.name === 'História')!;

  /** A new student enrolled in team 1 on `since` (a school day): their registration id. */
  async function enrol(name: string, since = daysAgo(60)): Promise<number> {
    const created = await call('POST', '/api/students', { name });
    expect(created.status).toBe(201);
    const student = Number(created.body.data.id);
    // The enrolment day as the office types it (issue 37).
    const enrolled = await call('POST', '/api/teams/register-student', {
      student_id: student,
      team_id: 1,
      enrolled_on: since,
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    return Number(enrolled.body.data.id);
  }

  /** The body of a lesson of team 1 (Matemática, first stage, yesterday, 2 periods unless said). */
  const lessonBody = (fields: Record<string, unknown> = {}) => ({
    team_id: 1,
    discipline_id: math.discipline.id,
    stage_id: math.stages[0].id,
    date: daysAgo(1),
    periods: 2,
    content: 'Frações equivalentes',
    ...fields,
  });

  /** A lesson of team 1 (see `lessonBody`): its id. */
  async function lesson(fields: Record<string, unknown> = {}): Promise<number> {
    const { status, body } = await call('POST', '/api/lessons', lessonBody(fields));
    expect(status, JSON.stringify(body)).toBe(201);
    return Number(body.data.id);
  }

  /** Paula, a professor who teaches Matemática in team 1 only: her user id, and requests in her name. */
  async function mathTeacher() {
    const created = await call('POST', '/api/users', {
      name: 'Paula Professora',
      email: 'paula@escola.com.br',
      password: 'senha-forte-1',
      role_id: ROLE_IDS.professor,
    });
    await call('POST', '/api/teams/1/teachers', { user_id: created.body.data.id, discipline_id: math.discipline.id });
    const token = await fresh.server.session('paula@escola.com.br');
    const as = (method: string, path: string, body?: unknown) => fresh.server.request(method, path, { token, body });
    return { as, userId: Number(created.body.data.id) };
  }

  return { math, history, enrol, lesson, lessonBody, mathTeacher };
}
