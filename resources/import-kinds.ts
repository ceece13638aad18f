/**
 * What may be imported from a spreadsheet (issue 37), as the screen names it and the server checks it: the
 * permission each kind needs besides `imports.run` is the write permission of what it changes, so that an import
 * never does what its caller could not do on screen.
 */
export const IMPORT_KINDS = {
  students: {
    label: 'Alunos e responsáveis',
    permission: 'students.write',
    hint: 'Um aluno por linha, com até dois responsáveis (nome, CPF, parentesco, e-mail, telefone).',
  },
  teams: { label: 'Turmas', permission: 'teams.write', hint: 'Nome, início e fim, polo e grade pelo nome.' },
  enrolments: {
    label: 'Matrículas',
    permission: 'students.write',
    hint: 'O aluno pelo CPF (ou nome e nascimento), a turma pelo nome e a data da matrícula.',
  },
  charges: {
    label: 'Cobranças',
    permission: 'finance.write',
    hint: 'A matrícula, a parcela, o valor em reais, o vencimento e, se paga, o dia do pagamento.',
  },
  grades: { label: 'Notas', permission: 'grades.write', hint: 'Aluno, turma, disciplina, etapa e nota.' },
} as const;

export type ImportKind = keyof typeof IMPORT_KINDS;

export const IMPORT_KIND_NAMES = Object.keys(IMPORT_KINDS) as ImportKind[];

export function isImportKind(value: unknown): value is ImportKind {
  return typeof value === 'string' && Object.hasOwn(IMPORT_KINDS, value);
}

/** The copy from the previous system (server/imports/legacy) is listed among the imports under this kind. */
export const LEGACY_KIND = 'legacy';

/** How the screens name an import's kind, the previous system's copy included. */
export const importKindLabel = (kind: string): string =>
  isImportKind(kind) ? IMPORT_KINDS[kind].label : kind === LEGACY_KIND ? 'Sistema anterior' : kind;

/** What an import's `status` says, in the office's words. */
export const IMPORT_STATUS_LABELS: Record<string, string> = {
  preview: 'Conferência',
  queued: 'Na fila',
  running: 'Importando',
  done: 'Concluída',
  failed: 'Falhou',
};
