/** The thirteen report shortcuts of the dashboard (spec §2.6), with their routes under /admin/reports. */
export const REPORTS: { title: string; path: string; icon: string }[] = [
  { title: 'Geral', path: 'general-report-of-students', icon: 'assessment' },
  { title: 'Diário de classe', path: 'diario-de-classe', icon: 'book' },
  { title: 'Relatório financeiro por turma', path: 'relatorio-financeiro-por-turma', icon: 'money' },
  { title: 'Alunos por turma', path: 'alunos-por-turma', icon: 'groups' },
  { title: 'Dados completos dos alunos por turma', path: 'alunos-dados-completos-por-turma', icon: 'people' },
  { title: 'Atestado de conclusão de curso', path: 'atestado-de-conclusao-de-curso', icon: 'school' },
  { title: 'Declaração de matrícula', path: 'declaracao-de-matricula', icon: 'description' },
  { title: 'Boletim do aluno', path: 'boletim-do-aluno', icon: 'assessment' },
  { title: 'Relatório de repasse', path: 'relatorio-de-repasse', icon: 'money' },
  { title: 'Relatório de desempenho anual', path: 'relatorio-de-desempenho-anual', icon: 'assessment' },
  { title: 'Relatório de inadimplentes', path: 'inadimplentes', icon: 'money' },
  { title: 'Gerar contrato', path: 'gerar-contrato', icon: 'description' },
  { title: 'Relatório financeiro com filtro', path: 'relatorio-financeiro-com-filtro', icon: 'money' },
];

/** Card colours: a fixed list, picked per report so the page does not reshuffle on every visit. */
// Each dark enough for white text (contrast of at least 4.5:1).
export const CARD_COLOURS = ['#1565C0', '#2E7D32', '#6A1B9A', '#C62828', '#B45309', '#00838F', '#4527A0', '#AD1457', '#33691E', '#283593', '#B23C17', '#00695C', '#5D4037'];

/** Chart colours, a fixed list too. */
export const CHART_COLOURS = ['#1E88E5', '#43A047', '#FB8C00', '#8E24AA', '#E53935', '#00ACC1', '#3949AB', '#7CB342'];

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** `2026-03` → `mar/2026`. */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? `${MONTHS[Number(m[2]) - 1]}/${m[1]}` : month;
}
