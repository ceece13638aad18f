import { describe, expect, it } from 'vitest';
import { REPORTS } from '../../reports';
import { undeclaredReach, type FileReport } from '../../reports/types';
import { studentCensusFields, students } from '../../resources/students';
import { assertReachDeclared, pathReach } from '../../server/reports/reach';

/**
 * Issue 34: every report declares whom it reads and what personal data it prints, and a report that forgets
 * cannot be registered. The server applies the declarations (tests/api/report-reach.test.ts shows it does).
 */
const PERSONAL = students.fields.filter((f) => f.personal).map((f) => f.name);

describe('the report registry declares whom each report reads', () => {
  it('names, in its reach, every field that names a team or a student, with the resource it names', () => {
    const forgotten = REPORTS.flatMap((r) => (r.kind === 'file' ? undeclaredReach(r).map((f) => `${r.key}.${f}`) : []));
    expect(forgotten).toEqual([]);
    // And nothing else: a reach naming a field the report does not have is a typo.
    const strays = REPORTS.flatMap((r) =>
      Object.keys(r.reach)
        .filter((name) => r.kind !== 'file' || !r.fields.some((f) => f.name === name))
        .map((name) => `${r.key}.${name}`),
    );
    expect(strays).toEqual([]);
  });

  it("says 'reach' where no team or student must be named (the builder then keeps to the caller's teams)", () => {
    const unnamed = REPORTS.filter(
      (r) => r.kind === 'table' || !r.fields.some((f) => f.required && r.reach[f.name] !== undefined),
    );
    expect(unnamed.map((r) => r.key).sort()).toEqual(
      ['bolsa-familia', 'defaulters', 'financial-with-filter', 'general', 'low-attendance', 'movements'].sort(),
    );
    expect(unnamed.filter((r) => r.scope !== 'reach').map((r) => r.key)).toEqual([]);
    const named = REPORTS.filter((r) => !unnamed.includes(r));
    expect(named.filter((r) => r.scope !== 'named').map((r) => r.key)).toEqual([]);
  });

  it('lists as personal only the fields resources/students.ts marks personal', () => {
    const wrong = REPORTS.flatMap((r) => r.personal.filter((f) => !PERSONAL.includes(f)).map((f) => `${r.key}.${f}`));
    expect(wrong).toEqual([]);
    // The complete data prints every one the student form has, but the census's answers (cor/raça, deficiências,
    // NIS…: sensitive data under the LGPD) go to INEP's file only, never to a class's print-out.
    const census = studentCensusFields.map((f) => f.name);
    const complete = REPORTS.find((r) => r.key === 'student-data-by-class')!;
    expect([...complete.personal].sort()).toEqual(
      PERSONAL.filter((f) => f !== 'financials_count' && !census.includes(f)).sort(),
    );
    expect(complete.personal.filter((f) => census.includes(f))).toEqual([]);
  });

  it('refuses to register a report that forgets a team or a student it reads', () => {
    const report: FileReport = {
      ...(REPORTS.find((r) => r.key === 'report-card') as FileReport),
      key: 'esquecido',
      api: '/exports/esquecido/{student}',
      reach: { team: 'teams' },
    };
    expect(undeclaredReach(report)).toEqual(['student']);
    expect(() => assertReachDeclared(report)).toThrow(/esquecido.*student/);
    // A declared one is handed to the reach guard when it is in the path.
    expect(() => assertReachDeclared({ ...report, reach: { student: 'students', team: 'teams' } })).not.toThrow();
    expect(pathReach({ ...report, reach: { student: 'students', team: 'teams' } })).toEqual({ student: 'students' });
  });
});
