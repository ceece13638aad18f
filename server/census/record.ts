import type { CheckRecord, Field, RecordLayout, Value } from './layouts/types';
import { unaccentUpper } from './text';

/** One problem the Educacenso system would refuse, as `GET /educacenso/{year}/check` answers it. */
export interface Problem {
  record: CheckRecord;
  id: number;
  name: string;
  field: string;
  message: string;
  /** The admin screen that fixes it. */
  link: string;
}

/** Who a row is, for the problem's words and link. */
export interface Subject {
  record: CheckRecord;
  id: number;
  name: string;
}

const WORD: Record<CheckRecord, string> = {
  escola: 'Escola',
  turma: 'Turma',
  aluno: 'Aluno',
  profissional: 'Profissional',
};

/** The screen that fixes a problem: the record's edit form (the school's are Configurações and Anos letivos). */
export function linkOf(subject: Subject, field: string): string {
  switch (subject.record) {
    case 'escola':
      return field === 'year' ? '/admin/anos-letivos' : '/admin/configuracoes';
    case 'turma':
      return `/admin/turmas/${subject.id}/editar`;
    case 'aluno':
      return `/admin/alunos/${subject.id}/editar`;
    case 'profissional':
      return `/admin/usuarios/${subject.id}/editar`;
  }
}

const present = (v: Value) => v !== null && v !== undefined && String(v).trim() !== '';
const isRequired = <R>(field: Field<R>, row: R) =>
  typeof field.required === 'function' ? field.required(row) : field.required === true;

/**
 * The problems of one row against its record's layout: every mandatory field without a value and with a form field
 * to fix it (a field our data always fills has no `fix`), every value longer than the layout allows, and what the
 * record's `checks` find in the row as a whole. A form field named by two of the layout's fields (the hour and the
 * minute of a time) is named once.
 */
export function problemsOf<R>(
  layout: RecordLayout<R>,
  row: R,
  subjectOf: Subject | ((about?: 'turma') => Subject),
): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const add = (field: string, words: string, about?: 'turma', link?: string) => {
    const subject = typeof subjectOf === 'function' ? subjectOf(about) : subjectOf;
    if (seen.has(`${subject.record}:${field}`)) return;
    seen.add(`${subject.record}:${field}`);
    const name = subject.record === 'escola' ? '' : ` ${subject.name.toLocaleUpperCase('pt-BR')}`;
    problems.push({
      ...subject,
      field,
      message: `${WORD[subject.record]}${name}: ${words}.`,
      link: link ?? linkOf(subject, field),
    });
  };
  for (const field of layout.fields) {
    if (!field.value) continue;
    const value = field.value(row);
    if (!present(value)) {
      if (field.fix && isRequired(field, row)) add(field.fix.field, field.fix.missing, field.fix.about);
    } else if (String(value).length > field.size)
      add(
        field.fix?.field ?? field.name,
        `${field.name.toLowerCase()} tem mais de ${field.size} caracteres, o máximo do Censo`,
        field.fix?.about,
      );
  }
  for (const check of layout.checks?.(row) ?? []) add(check.field, check.missing, undefined, check.link);
  return problems;
}

/** Characters no field may carry: the separator and line breaks. */
const FORBIDDEN = /[|\p{Cc}]/gu;

/**
 * One line of the file: the record's fields in the layout's order, pipe-separated, each upper case without accents,
 * within its size. The sources already give census text; this is the last guard of the file's shape.
 */
export function lineOf<R>(layout: RecordLayout<R>, row: R): string {
  return layout.fields
    .map((field) => {
      const value = field.value?.(row);
      if (!present(value)) return '';
      return unaccentUpper(String(value)).replace(FORBIDDEN, '').trim().slice(0, field.size);
    })
    .join('|');
}
