import { fillPlaceholders, type ContractPlaceholder } from '../../resources/text-documents';
import { CEP_MASK, CPF_MASK } from '../../resources/students';
import { formatDate, formatDateTime, formatLongDate, registrationNumber, schoolDayOf } from '../../resources/format';
import { applyMask, formatPhone } from '../../resources/text';
import { payerOf, type PayerRecord } from '../guardians/payer';
import { dynamic, type Db } from '../db/connection';
import { ApiError, notFound } from '../http/errors';
import { renderPdf } from '../workers/pdf';
import { loadSettings } from '../school/routes';

export const MISSING_TEMPLATE =
  'Nenhum modelo de contrato foi escolhido. Escolha um texto de documento em Configurações da escola.';

export interface Enrolment {
  id: number;
  student_id: number;
  team_id: number;
  contract_key: string | null;
  contract_updated_at: string | null;
}

/** The enrolment of a student in a team, as the contract routes name it (student and team ids). */
export async function enrolmentOf(db: Db, studentId: number, teamId: number): Promise<Enrolment> {
  const row = await dynamic(db)
    .selectFrom('registrations')
    .select(['id', 'student_id', 'team_id', 'contract_key', 'contract_updated_at'])
    .where('student_id', '=', studentId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!row) throw notFound('Matrícula não encontrada para este aluno e turma.');
  return {
    id: Number(row.id),
    student_id: Number(row.student_id),
    team_id: Number(row.team_id),
    contract_key: row.contract_key ?? null,
    contract_updated_at: row.contract_updated_at ?? null,
  };
}

function addressOf(s: Record<string, unknown>): string {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : '');
  const street = [[text(s.street), text(s.number)].filter(Boolean).join(', nº '), text(s.complement)]
    .filter(Boolean)
    .join(' ');
  const cityUf = [text(s.city), text(s.uf)].filter(Boolean).join('/');
  const cep = text(s.cep) ? `CEP ${applyMask(text(s.cep), CEP_MASK)}` : '';
  return [street, text(s.neighborhood), cityUf, cep].filter(Boolean).join(', ');
}

/** Who and what a contract names: the student's and payer's records as they will stand, the team, the number. */
export interface ContractParties {
  student: Record<string, unknown>;
  payer: PayerRecord;
  team_id: number;
  /** The registration number, or the words that stand for it before there is one. */
  number: string;
  /** The text document to fill; the school's setting when absent. */
  template_id?: number | null;
  /** Paragraphs after the template's text (a re-enrolment's payment plan). */
  appendix?: string;
  footer: string;
}

/**
 * The contract of one enrolment as a PDF, from the template chosen in the school's settings, stamped with
 * the code and public page it is issued under.
 */
export async function renderContract(
  db: Db,
  enrolment: Enrolment,
  verification: { code: string; url: string },
  now = new Date(),
): Promise<Buffer> {
  const k = dynamic(db);
  const student = await k
    .selectFrom('students')
    .selectAll()
    .where('id', '=', enrolment.student_id)
    .executeTakeFirstOrThrow();
  // Whoever pays signs for the money: the financial responsible, or the (adult) student themselves.
  const payer = (await payerOf(k, enrolment.student_id))!;
  const number = registrationNumber(enrolment.id);
  return renderContractFor(
    db,
    { student, payer, team_id: enrolment.team_id, number, footer: `Contrato da matrícula nº ${number}` },
    verification,
    now,
  );
}

/** A contract filled from its parties: the one filling of the placeholders, for an enrolment or a request. */
export async function renderContractFor(
  db: Db,
  parties: ContractParties,
  verification: { code: string; url: string } | undefined,
  now = new Date(),
): Promise<Buffer> {
  const k = dynamic(db);
  const settings = await loadSettings(db);
  const templateId = parties.template_id ?? settings.contract_text_document_id;
  const template = templateId
    ? await k.selectFrom('text_documents').select(['name', 'content']).where('id', '=', templateId).executeTakeFirst()
    : undefined;
  if (!template) throw new ApiError(409, MISSING_TEMPLATE);
  const { student, payer, number } = parties;
  const team = await k
    .selectFrom('teams as t')
    .innerJoin('polos as p', 'p.id', 't.polo_id')
    .innerJoin('grids as g', 'g.id', 't.grid_id')
    .leftJoin('courses as c', 'c.id', 'g.course_id')
    .select(['t.name as team', 'p.name as polo', 'p.city as polo_city', 'p.uf as polo_uf', 'c.name as course'])
    .where('t.id', '=', parties.team_id)
    .executeTakeFirstOrThrow();
  const name = String(student.name);
  // A missing personal datum leaves a line to be filled in by hand, not a gap in a signed text.
  const blank = (value: string) => (value.trim() ? value : '__________');
  const values: Record<ContractPlaceholder, string> = {
    '[[NOME]]': name,
    '[[CPF]]': blank(student.cpf ? applyMask(String(student.cpf), CPF_MASK) : ''),
    '[[RG]]': blank([student.rg, student.expedient_body].filter(Boolean).join(' ')),
    '[[ENDERECO]]': blank(addressOf(student)),
    '[[DATA_NASCIMENTO]]': blank(formatDate(student.birth_date)),
    '[[NOME_MAE]]': blank(String(student.name_mother ?? '')),
    '[[RESPONSAVEL_NOME]]': payer.name,
    '[[RESPONSAVEL_CPF]]': blank(payer.cpf ? applyMask(payer.cpf, CPF_MASK) : ''),
    '[[RESPONSAVEL_RG]]': blank(payer.rg ?? ''),
    '[[RESPONSAVEL_ENDERECO]]': blank(addressOf(payer)),
    '[[RESPONSAVEL_PARENTESCO]]': blank(payer.kinship),
    '[[RESPONSAVEL_EMAIL]]': blank(payer.email ?? ''),
    '[[RESPONSAVEL_TELEFONE]]': blank(payer.phone ? formatPhone(payer.phone) : ''),
    '[[CURSO]]': String(team.course ?? ''),
    '[[TURMA]]': String(team.team),
    '[[POLO]]': String(team.polo),
    '[[MATRICULA]]': number,
    '[[ESCOLA]]': settings.school_name,
    '[[DATA_EXTENSO]]': formatLongDate(now),
    '[[DATA_ANO]]': schoolDayOf(now).slice(0, 4),
  };
  const city = settings.city ?? [team.polo_city, team.polo_uf].filter(Boolean).join('/');
  const body = fillPlaceholders(String(template.content), values);
  return renderPdf('text', {
    title: String(template.name).toUpperCase(),
    author: settings.school_name,
    header: settings.school_name,
    body: parties.appendix ? `${body}\n\n${parties.appendix}` : body,
    place: `${city ? `${city}, ` : ''}${values['[[DATA_EXTENSO]]']}.`,
    // A guardian who pays signs beside the student.
    signatures: payer.self ? [name, settings.school_name] : [name, payer.name, settings.school_name],
    footer: `${parties.footer} — gerado em ${formatDateTime(now)}`,
    verification,
  });
}
