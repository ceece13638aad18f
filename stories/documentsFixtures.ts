import type { HistoryData } from '../src/documents/HistoryPreview';
import type { DocumentsStudent } from '../src/documents/student';

/** A student with two enrolments, as `GET /students/{id}` answers it (first item). */
export const STUDENT: DocumentsStudent = {
  id: 5,
  name: 'Heloísa Martins Costa',
  cpf: '52998224725',
  birth_date: '2008-03-01',
  naturalness: 'Belém - PA',
  documents: [],
  registrations: [
    { id: 12, number: '000012', team: { id: 1, name: 'Turma Médio 2026 A' } },
    { id: 30, number: '000030', team: { id: 2, name: 'Técnico em Enfermagem' } },
  ],
};

/** `GET /documents/5/history-data?team_id=1`. */
export const HISTORY_DATA: HistoryData = {
  school: { name: 'Escola Modelo', city: 'Ananindeua', uf: 'PA', average: '6,0' },
  student: {
    name: 'Heloísa Martins Costa',
    mother: 'Maria das Graças',
    naturalness: 'Belém - PA',
    birthDate: '01/03/2008',
    cpf: '529.982.247-25',
  },
  team: { id: 1, name: 'Turma Médio 2026 A', course: 'Ensino Médio' },
  registrationId: 12,
  stages: [1, 2, 3],
  ordinals: '1ª, 2ª e 3ª',
  minimum: 75,
  rows: [
    {
      discipline: 'Língua Portuguesa',
      workload: 120,
      cells: [1, 2, 3].map((stage) => ({ stage, workload: 40, grade: stage === 3 ? null : '7.5' })),
      frequency: null,
      standing: { average: 75, graded: 2, stages: 3 },
    },
    {
      discipline: 'Matemática',
      workload: 120,
      cells: [1, 2, 3].map((stage) => ({ stage, workload: 40, grade: '8.0' })),
      // 40 % of the lessons missed: failed by attendance whatever the grades.
      frequency: 60,
      standing: { average: 80, graded: 3, stages: 3 },
    },
  ],
  totalWorkload: 240,
};

export const TEMPLATES = [
  {
    id: 3,
    name: 'Certificado de conclusão',
    content: 'Concluiu o Ensino Médio no ano letivo de [[DATA_ANO]], com aproveitamento.',
  },
  { id: 4, name: 'Certificado de curso livre', content: 'Participou do curso livre de informática.' },
];
