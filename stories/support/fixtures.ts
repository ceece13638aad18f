import type { RaRecord } from 'react-admin';

/** A row of the `teachings` table as the API returns it. */
export interface TeachingRecord extends RaRecord {
  id: number;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

/** A handful of Ensinos, as a school would register them (one with a long description, one without). */
export const TEACHINGS: readonly TeachingRecord[] = [
  {
    id: 1,
    name: 'Ensino Médio',
    description: 'Etapa final da educação básica, com duração mínima de três anos.',
    created_at: '2025-02-03T13:45:00.000Z',
    updated_at: '2025-02-03T13:45:00.000Z',
  },
  {
    id: 2,
    name: 'Ensino Técnico Integrado',
    description:
      'Formação técnica de nível médio integrada ao ensino médio, na mesma instituição e com matrícula única para cada estudante, ' +
      'com estágio supervisionado obrigatório.',
    created_at: '2025-02-04T10:00:00.000Z',
    updated_at: '2025-03-10T18:30:00.000Z',
  },
  {
    id: 3,
    name: 'Educação de Jovens e Adultos',
    description: 'EJA: para quem não concluiu os estudos na idade própria.',
    created_at: '2025-02-05T09:15:00.000Z',
    updated_at: '2025-02-05T09:15:00.000Z',
  },
  {
    id: 4,
    name: 'Ensino Fundamental',
    description: null,
    created_at: '2025-02-06T16:20:00.000Z',
    updated_at: '2025-02-06T16:20:00.000Z',
  },
];

/** `count` generated Ensinos ("Curso Técnico 01" …), for pagination. */
export function manyTeachings(count: number): TeachingRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const created = new Date(Date.UTC(2025, 0, 1, 12, 0) + i * 86_400_000).toISOString();
    return {
      id: n,
      name: `Curso Técnico ${String(n).padStart(2, '0')}`,
      description: `Descrição do curso técnico número ${n}.`,
      created_at: created,
      updated_at: created,
    };
  });
}
