import { countedAbsences, frequencyText, teamAttendance } from '../../lessons/standing';
import { teamOutcomes } from '../../results/outcomes';
import { loadSettings } from '../../school/routes';
import type { ReportBuilder } from '../builder';
import { GRADE_FORMAT, gradeValue, gridOf, RED_FONT, teamGrades } from '../grades';
import { studentsOfTeam, teamOrFail } from '../queries';
import { reportSheet, streamingWorkbook } from '../xlsx';

const FAILED = new Set(['REPROVADO', 'REPROVADO POR FALTA']);

/**
 * One row per student and discipline: the grade of each stage, the RESULTADO (average, in red under the
 * school's passing average), FALTAS and FREQUÊNCIA from the class diary ("—" for a discipline without
 * recorded lessons, red under the minimum) and the final RESULTADO once every stage is graded (verdictOf:
 * attendance under the minimum fails whatever the average).
 */
export const annualPerformance: ReportBuilder = async ({ db }, params, out) => {
  const team = await teamOrFail(db, Number(params.team));
  const [grid, students, grades, settings, attendance, outcomes] = await Promise.all([
    gridOf(db, team.grid_id),
    studentsOfTeam(db, team.id, false),
    teamGrades(db, team.id),
    loadSettings(db),
    teamAttendance(db, team.id),
    teamOutcomes(db, team.id),
  ]);
  const passing = Math.round(settings.average_grade * 10);
  const workbook = streamingWorkbook(out);
  const sheet = await reportSheet(
    db,
    workbook,
    'Desempenho anual',
    {
      title: 'RELATÓRIO DE DESEMPENHO ANUAL',
      lines: [
        `Turma: ${team.name}`,
        `Curso: ${team.course}`,
        `Ano: ${team.start_date.slice(0, 4)}`,
        `Média para aprovação: ${(passing / 10).toFixed(1).replace('.', ',')}`,
        `Frequência mínima para aprovação: ${attendance.minimum}%`,
      ],
    },
    [
      { header: 'Nº', width: 5 },
      { header: 'ALUNO', width: 36 },
      { header: 'DISCIPLINA', width: 30 },
      ...grid.stagesNumbers.map((n) => ({ header: `${n}ª ETAPA`, width: 9, numFmt: GRADE_FORMAT })),
      { header: 'RESULTADO', width: 11, numFmt: GRADE_FORMAT },
      { header: 'FALTAS', width: 8 },
      { header: 'FREQUÊNCIA', width: 11 },
      { header: 'RESULTADO FINAL', width: 16 },
    ],
    'landscape',
  );
  const averageColumn = 4 + grid.stagesNumbers.length;
  students.forEach(({ student }, i) => {
    for (const d of grid.list) {
      const byNumber = new Map(d.stages.map((s) => [s.stage, grades.at(student.id, d.discipline.id, s.id)]));
      const marks = d.stages.map((s) => byNumber.get(s.stage));
      const presence = attendance.at(student.id, d.discipline.id);
      const { frequency } = presence;
      const { minimum } = attendance;
      const numbers = { grades: marks, stages: d.stages.map((s) => s.stage), gridStages: d.stages.length };
      const { average, verdict } = outcomes.outcome(student.id, d.discipline.id, numbers, { frequency, minimum });
      const row = sheet.addRow([
        i + 1,
        student.name.toLocaleUpperCase('pt-BR'),
        d.discipline.name,
        ...grid.stagesNumbers.map((n) => gradeValue(byNumber.get(n))),
        gradeValue(average),
        countedAbsences(presence, attendance.countsJustified) ?? '—',
        frequencyText(frequency),
        verdict,
      ]);
      if (average !== null && average < passing) row.getCell(averageColumn).font = RED_FONT;
      if (frequency !== null && frequency < attendance.minimum) row.getCell(averageColumn + 2).font = RED_FONT;
      if (FAILED.has(verdict)) row.getCell(averageColumn + 3).font = RED_FONT;
      row.commit();
    }
  });
  sheet.commit();
  await workbook.commit();
};
