import type { ImportView } from '../../src/imports/imports';

/** Administração › Importar at a school moving in: the students' spreadsheet the office kept until now. */
export const PREVIEW: ImportView = {
  id: 12,
  kind: 'students',
  status: 'preview',
  total: 512,
  done: 0,
  valid: 509,
  created: 498,
  updated: 11,
  unchanged: 0,
  errors: [
    { line: 7, column: 'CPF', message: 'Linha 7, coluna CPF: CPF inválido.' },
    {
      line: 31,
      column: 'Data de nascimento',
      message: 'Linha 31, coluna Data de nascimento: data inválida (use dd/mm/aaaa).',
    },
    {
      line: 204,
      column: 'Parentesco do responsável 1',
      message: 'Linha 204, coluna Parentesco do responsável 1: use Mãe, Pai, Avó, Avô, Tio(a) ou Outro.',
    },
  ],
  more_errors: 0,
  warnings: ['Coluna desconhecida ignorada: "Apelido".'],
  dry_run: true,
  only_valid: false,
  file_name: 'alunos-2026.xlsx',
  resumed: 0,
  created_by: { id: 2, name: 'Márcia Secretária' },
  created_at: '2026-11-28T13:00:00.000Z',
  finished_at: '2026-11-28T13:00:02.000Z',
  preview: {
    columns: ['Nome', 'CPF', 'Nascimento', 'Mãe', 'Responsável 1', 'Parentesco'],
    rows: [
      [
        'Heloísa Martins Costa',
        '123.456.789-09',
        '01/03/2010',
        'Maria das Graças Costa',
        'Maria das Graças Costa',
        'Mãe',
      ],
      [
        'João Pedro Albuquerque dos Santos',
        '987.654.321-00',
        '15/07/2011',
        'Ana Paula dos Santos',
        'José Carlos dos Santos',
        'Pai',
      ],
      ['Lívia Ferreira Lima', '045.678.912-34', '22/11/2009', 'Rosângela Ferreira', 'Rosângela Ferreira', 'Mãe'],
    ],
  },
};

export const RUNNING: ImportView = {
  ...PREVIEW,
  id: 13,
  status: 'running',
  dry_run: false,
  only_valid: true,
  done: 320,
  preview: undefined,
};

export const DONE: ImportView = { ...RUNNING, status: 'done', done: 512, finished_at: '2026-11-28T13:01:40.000Z' };

export const HISTORY: ImportView[] = [
  DONE,
  {
    ...PREVIEW,
    id: 11,
    kind: 'teams',
    file_name: 'turmas.csv',
    total: 18,
    valid: 18,
    created: 18,
    updated: 0,
    errors: [],
    status: 'done',
    dry_run: false,
  },
  { ...PREVIEW, id: 10, created_at: '2026-11-27T18:20:00.000Z' },
];

/** The copy from the previous system: the simulation of a 120-student school, then the copy. */
export const LEGACY_PREVIEW: ImportView = {
  id: 31,
  kind: 'legacy',
  status: 'preview',
  total: 266,
  done: 266,
  valid: 123,
  created: 1908,
  updated: 3,
  unchanged: 12,
  errors: [],
  more_errors: 0,
  warnings: [],
  dry_run: true,
  only_valid: false,
  file_name: 'secretaria.escola-antiga.com.br',
  resumed: 0,
  created_by: { id: 2, name: 'Márcia Secretária' },
  created_at: '2026-11-28T14:00:00.000Z',
  finished_at: '2026-11-28T14:02:10.000Z',
  counts: {
    teachings: { created: 2, updated: 0, unchanged: 0 },
    courses: { created: 3, updated: 0, unchanged: 0 },
    disciplines: { created: 14, updated: 0, unchanged: 0 },
    teams: { created: 6, updated: 0, unchanged: 0 },
    users: { created: 5, updated: 0, unchanged: 0 },
    students: { created: 120, updated: 3, unchanged: 0 },
    registrations: { created: 123, updated: 0, unchanged: 0 },
    financials: { created: 1440, updated: 0, unchanged: 12 },
    grades: { created: 190, updated: 0, unchanged: 0 },
    documents: { created: 5, updated: 0, unchanged: 0 },
  },
};

export const LEGACY_DONE: ImportView = {
  ...LEGACY_PREVIEW,
  id: 32,
  status: 'done',
  dry_run: false,
  created: 1905,
  updated: 0,
  unchanged: 15,
  finished_at: '2026-11-28T14:09:41.000Z',
  counts: { ...LEGACY_PREVIEW.counts, students: { created: 120, updated: 0, unchanged: 3 } },
};

export const LEGACY_FAILED: ImportView = {
  ...LEGACY_PREVIEW,
  id: 33,
  status: 'failed',
  counts: {},
  created: 0,
  updated: 0,
  unchanged: 12,
  errors: [{ line: 0, column: 'base_url', message: 'O sistema anterior recusou o e-mail ou a senha informados.' }],
};
