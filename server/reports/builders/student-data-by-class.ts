import { registrationNumber } from '../../../resources/format';
import { CEP_MASK, CPF_MASK } from '../../../resources/students';
import { applyMask, formatPhone } from '../../../resources/text';
import { seesPersonal, type ReportBuilder } from '../builder';
import { PERSONAL_FIELDS, studentsOfTeam, teamHeaderLines, teamOrFail } from '../queries';
import { dateCell, DATE_FORMAT, reportSheet, streamingWorkbook } from '../xlsx';

const GENDERS: Record<string, string> = { F: 'Feminino', M: 'Masculino' };
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const masked = (v: unknown, mask: string) => (v ? applyMask(String(v), mask) : '');

/**
 * Each column: its header, width, the student field it prints (`field`: the personal ones are left out for a role
 * without `students.personal`), and the cell of a student (date cells carry DATE_FORMAT).
 */
const COLUMNS: {
  header: string;
  width: number;
  field?: string;
  date?: true;
  value: (s: Record<string, unknown>, enrolledOn: string) => unknown;
}[] = [
  { header: 'NOME', width: 38, field: 'name', value: (s) => text(s.name).toLocaleUpperCase('pt-BR') },
  { header: 'SEXO', width: 11, field: 'gender', value: (s) => GENDERS[text(s.gender)] ?? '' },
  {
    header: 'DATA DE NASCIMENTO',
    width: 14,
    field: 'birth_date',
    date: true,
    value: (s) => dateCell(text(s.birth_date)),
  },
  { header: 'CPF', width: 16, field: 'cpf', value: (s) => masked(s.cpf, CPF_MASK) },
  { header: 'RG', width: 14, field: 'rg', value: (s) => text(s.rg) },
  { header: 'ÓRGÃO EXPEDIDOR', width: 12, field: 'expedient_body', value: (s) => text(s.expedient_body) },
  { header: 'NACIONALIDADE', width: 14, field: 'nationality', value: (s) => text(s.nationality) },
  { header: 'NATURALIDADE', width: 18, field: 'naturalness', value: (s) => text(s.naturalness) },
  {
    header: 'NOME DA MÃE',
    width: 34,
    field: 'name_mother',
    value: (s) => text(s.name_mother).toLocaleUpperCase('pt-BR'),
  },
  { header: 'E-MAIL', width: 28, field: 'email', value: (s) => text(s.email) },
  { header: 'CONTATO', width: 16, field: 'phone', value: (s) => (s.phone ? formatPhone(String(s.phone)) : '') },
  { header: 'CEP', width: 10, field: 'cep', value: (s) => masked(s.cep, CEP_MASK) },
  { header: 'LOGRADOURO', width: 30, field: 'street', value: (s) => text(s.street) },
  { header: 'NÚMERO', width: 8, field: 'number', value: (s) => text(s.number) },
  { header: 'BAIRRO', width: 18, field: 'neighborhood', value: (s) => text(s.neighborhood) },
  { header: 'CIDADE', width: 18, field: 'city', value: (s) => text(s.city) },
  { header: 'UF', width: 5, field: 'uf', value: (s) => text(s.uf) },
  { header: 'STATUS', width: 11, field: 'status', value: (s) => text(s.status) },
  { header: 'DATA DA MATRÍCULA', width: 14, date: true, value: (_, enrolledOn) => dateCell(enrolledOn) },
];

/**
 * One row per student of the team with every personal field (CPF and CEP masked, dates as date cells) for a role
 * that sees personal data; for any other, the columns of the personal fields are absent.
 */
export const studentDataByClass: ReportBuilder = async ({ db }, params, out) => {
  const team = await teamOrFail(db, Number(params.team));
  const personal = seesPersonal(params);
  const students = await studentsOfTeam(db, team.id, personal);
  const columns = COLUMNS.filter((c) => personal || !c.field || !PERSONAL_FIELDS.has(c.field));
  const workbook = streamingWorkbook(out);
  const sheet = await reportSheet(
    db,
    workbook,
    'Alunos',
    { title: 'DADOS COMPLETOS DOS ALUNOS POR TURMA', lines: teamHeaderLines(team) },
    [
      { header: 'Nº', width: 5 },
      { header: 'MATRÍCULA', width: 11 },
      ...columns.map((c) => ({ header: c.header, width: c.width, numFmt: c.date ? DATE_FORMAT : undefined })),
    ],
    'landscape',
  );
  students.forEach((s, i) => {
    const row = sheet.addRow([
      i + 1,
      registrationNumber(s.registration_id),
      ...columns.map((c) => c.value(s.student, s.enrolled_on)),
    ]);
    row.commit();
  });
  sheet.commit();
  await workbook.commit();
};
