/**
 * How complete a stage's grades are before the office publishes them (issue 35): the server counts, the team's
 * PUBLICAÇÃO DE NOTAS tab and the API's 409 say it in the same words.
 */

/** Every active student × every discipline of the stage in the grid: the grades expected, and those missing. */
export interface StageCompleteness {
  expected_grades: number;
  missing_grades: number;
  /** Students with at least one grade of the stage missing. */
  students_missing: number;
  /** The disciplines with grades missing, by name (pt-BR order), with how many. */
  disciplines_missing: { name: string; missing: number }[];
}

const counted = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** "Faltam 12 notas de 40 em 1º bimestre (5 alunos sem todas as notas; História: 5, Matemática: 7)." */
export function missingGradesText(stageName: string, c: StageCompleteness): string {
  const disciplines = c.disciplines_missing.map((d) => `${d.name}: ${d.missing}`).join(', ');
  return (
    `${c.missing_grades === 1 ? 'Falta' : 'Faltam'} ${counted(c.missing_grades, 'nota', 'notas')} de ` +
    `${c.expected_grades.toLocaleString('pt-BR')} em ${stageName} ` +
    `(${counted(c.students_missing, 'aluno', 'alunos')} sem todas as notas; ${disciplines}).`
  );
}

/** What publishing a stage with grades missing means for the families. */
export const PARTIAL_PUBLICATION = 'As famílias verão no portal só as notas já lançadas.';
