import { registrationNumber } from '../../../resources/format';
import type { ReportBuilder } from '../builder';
import { studentsOfTeam, teamHeaderLines, teamOrFail } from '../queries';
import { reportSheet, streamingWorkbook } from '../xlsx';

/** Numbered students of a team, plus empty lines for late enrolments written by hand (domain notes). */
export const studentsPerClass: ReportBuilder = async ({ db }, params, out) => {
  const team = await teamOrFail(db, Number(params.team_id));
  const students = await studentsOfTeam(db, team.id, false);
  const workbook = streamingWorkbook(out);
  const sheet = await reportSheet(db, workbook, 'Alunos', { title: 'ALUNOS POR TURMA', lines: teamHeaderLines(team) }, [
    { header: 'Nº', width: 6 },
    { header: 'ALUNO', width: 50 },
    { header: 'MATRÍCULA', width: 12 },
    { header: 'ASSINATURA', width: 40 },
  ]);
  students.forEach((s, i) => {
    const row = sheet.addRow([i + 1, s.student.name.toUpperCase(), registrationNumber(s.registration_id), '']);
    row.eachCell({ includeEmpty: true }, (cell) => (cell.border = { bottom: { style: 'hair' } }));
    row.commit();
  });
  for (let i = 0; i < Number(params.extra_lines ?? 1); i++) {
    const row = sheet.addRow([students.length + i + 1, '', '', '']);
    row.eachCell({ includeEmpty: true }, (cell) => (cell.border = { bottom: { style: 'hair' } }));
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
};
