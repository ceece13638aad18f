import { loadSettings } from '../../school/routes';
import type { ReportBuilder } from '../builder';
import { averageTenths, GRADE_FORMAT, gradeValue, gridOf, RED_FONT, teamGrades } from '../grades';
import { studentsOfTeam, teamOrFail } from '../queries';
import { reportSheet, streamingWorkbook } from '../xlsx';

/** The verdict of a discipline: only once every stage has its grade. */
function verdict(average: number | null, graded: number, stages: number, passing: number): string {
  if (average === null) return '';
  if (graded < stages) return 'EM CURSO';
  return average >= passing ? 'APROVADO' : 'REPROVADO';
}

/**
 * One row per student and discipline: the grade of each stage, the RESULTADO (average, in red under the
 * school's passing average), FREQUÊNCIA (attendance is kept on paper, in the class diary: left to fill)
 * and the final RESULTADO once every stage is graded.
 */
export const annualPerformance: ReportBuilder = async ({ db }, params, out) => {
  const team = await teamOrFail(db, Number(params.team));
  const [grid, students, grades, settings] = await Promise.all([
    gridOf(db, team.grid_id),
    studentsOfTeam(db, team.id),
    teamGrades(db, team.id),
    loadSettings(db),
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
      ],
    },
    [
      { header: 'Nº', width: 5 },
      { header: 'ALUNO', width: 36 },
      { header: 'DISCIPLINA', width: 30 },
      ...grid.stagesNumbers.map((n) => ({ header: `${n}ª ETAPA`, width: 9, numFmt: GRADE_FORMAT })),
      { header: 'RESULTADO', width: 11, numFmt: GRADE_FORMAT },
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
      const average = averageTenths(marks);
      const graded = marks.filter((m) => m !== undefined).length;
      const row = sheet.addRow([
        i + 1,
        student.name.toLocaleUpperCase('pt-BR'),
        d.discipline.name,
        ...grid.stagesNumbers.map((n) => gradeValue(byNumber.get(n))),
        gradeValue(average),
        null,
        verdict(average, graded, d.stages.length, passing),
      ]);
      if (average !== null && average < passing) row.getCell(averageColumn).font = RED_FONT;
      if (row.getCell(averageColumn + 2).value === 'REPROVADO') row.getCell(averageColumn + 2).font = RED_FONT;
      row.commit();
    }
  });
  sheet.commit();
  await workbook.commit();
};
