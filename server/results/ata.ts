import { formatDate, formatDateTime } from '../../resources/format';
import type { Db } from '../db/connection';
import { loadSettings } from '../school/routes';
import { renderPdf } from '../workers/pdf';
import { teamResults, type DisciplineResult } from './team-results';

const grade = (n: number | null) => (n === null ? '—' : n.toFixed(1).replace('.', ','));

/** Each verdict's short mark in a cell of the ata (the legend under the table spells them out). */
const MARKS: Record<string, string> = {
  APROVADO: '',
  'APROVADO APÓS RECUPERAÇÃO': ' AR',
  'APROVADO PELO CONSELHO': ' AC',
  REPROVADO: ' RP',
  'REPROVADO POR FALTA': ' RF',
  'EM RECUPERAÇÃO': ' ER',
  'EM CURSO': ' EC',
};
const LEGEND =
  'AR: aprovado após recuperação; AC: aprovado pelo conselho de classe; RP: reprovado; RF: reprovado por falta; ' +
  'ER: em recuperação; EC: em curso. Nota final: a média anual, ou a recuperação onde ela a substitui.';

const cellOf = (d: DisciplineResult) => `${grade(d.final)}${MARKS[d.verdict] ?? ''}`;

/**
 * The "Ata de resultados finais" of a team: the whole class on one table (students × disciplines, the final grade
 * and its mark, the overall result), the class council's decisions with their reasons, who recorded them and when,
 * the counts, and the lines the secretary and the direction sign. Drawn by the table renderer in a worker thread.
 */
export async function ataPdf(db: Db, teamId: number): Promise<Buffer> {
  const [results, school] = await Promise.all([teamResults(db, teamId), loadSettings(db)]);
  const disciplines = results.data[0]?.disciplines.map((d) => d.name) ?? [];
  const share = disciplines.length ? 0.6 / disciplines.length : 0;
  const decisions = results.data.flatMap((r) =>
    r.disciplines
      .filter((d) => d.council)
      .map((d) => ({
        cells: [
          r.student.name,
          d.name,
          d.council!.reason,
          `${d.council!.decided_by?.name ?? 'Usuário removido'}, ${formatDateTime(d.council!.decided_at)}`,
        ],
      })),
  );
  const count = (verdict: string) => results.data.filter((r) => r.verdict === verdict).length;
  const dependencias = results.data.filter((r) => r.dependencias.length);
  return renderPdf('table', {
    title: 'ATA DE RESULTADOS FINAIS',
    author: school.school_name,
    landscape: true,
    header: [
      school.school_name,
      `Turma: ${results.team.name} — Curso: ${results.team.course || '—'} — Ano letivo: ${results.team.year}`,
      `Período: ${formatDate(results.team.start_date)} a ${formatDate(results.team.end_date)} — Média para aprovação: ${grade(results.passing / 10)} — Frequência mínima: ${results.minimum}%`,
    ],
    sections: [
      {
        heading: 'Resultados por aluno e disciplina (nota final)',
        columns: [
          { title: 'Nº', width: 0.04, align: 'center' },
          { title: 'Aluno', width: 0.22 },
          ...disciplines.map((name) => ({ title: name, width: share, align: 'center' as const })),
          { title: 'Resultado', width: 0.14, align: 'center' },
        ],
        rows: results.data.map((r, i) => ({
          cells: [String(i + 1), r.student.name, ...r.disciplines.map(cellOf), r.verdict || '—'],
        })),
        empty: 'Nenhum aluno matriculado nesta turma.',
        totals: [
          LEGEND,
          ...dependencias.map((r) => `${r.student.name}: promovido com dependência em ${r.dependencias.join(', ')}.`),
        ],
      },
      {
        heading: 'Decisões do conselho de classe',
        columns: [
          { title: 'Aluno', width: 0.24 },
          { title: 'Disciplina', width: 0.16 },
          { title: 'Motivo', width: 0.4 },
          { title: 'Registrada por', width: 0.2 },
        ],
        rows: decisions,
        empty: 'Nenhuma decisão do conselho de classe.',
      },
    ],
    summary: [
      `Alunos: ${results.data.length}. Aprovados: ${count('APROVADO')}. Reprovados: ${count('REPROVADO')}. ` +
        `Reprovados por falta: ${count('REPROVADO POR FALTA')}. Em recuperação: ${count('EM RECUPERAÇÃO')}. ` +
        `Em curso: ${count('EM CURSO')}.`,
      results.closed ? 'Turma encerrada.' : 'Turma ainda não encerrada: os resultados podem mudar.',
      '',
      '_______________________________________          _______________________________________',
      'Secretário(a) escolar                                                  Diretor(a)',
    ],
    footer: `Ata emitida em ${formatDateTime(new Date().toISOString())}`,
  });
}
