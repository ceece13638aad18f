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
