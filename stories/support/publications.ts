import type { StagePublication } from '../../src/teams/PublicationsTab';

/** The stages of "3º ano A" (28 students, six disciplines) in the second half of the year: two published, two open. */
export const TEAM_STAGES: StagePublication[] = [
  {
    stage_id: 1,
    stage: 1,
    name: '1º bimestre',
    published_at: '2026-04-30T18:20:00.000Z',
    published_by: { id: 3, name: 'Cláudia Ribeiro' },
  },
  {
    stage_id: 2,
    stage: 2,
    name: '2º bimestre',
    published_at: '2026-07-03T14:05:00.000Z',
    published_by: { id: 3, name: 'Cláudia Ribeiro' },
  },
  // Half of the class still without some grades: the office is told before publishing.
  {
    stage_id: 3,
    stage: 3,
    name: '3º bimestre',
    published_at: null,
    published_by: null,
    expected_grades: 168,
    missing_grades: 19,
    students_missing: 14,
    disciplines_missing: [
      { name: 'Física', missing: 14 },
      { name: 'Língua Portuguesa', missing: 5 },
    ],
  },
  // Not begun: every grade missing.
  {
    stage_id: 4,
    stage: 4,
    name: '4º bimestre',
    published_at: null,
    published_by: null,
    expected_grades: 168,
    missing_grades: 168,
    students_missing: 28,
    disciplines_missing: ['Biologia', 'Física', 'Geografia', 'História', 'Língua Portuguesa', 'Matemática'].map(
      (name) => ({ name, missing: 28 }),
    ),
  },
];
