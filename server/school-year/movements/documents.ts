import { HISTORY_TYPES } from '../../../resources/documents';
import { formatDate, formatLongDate, registrationNumber, schoolDayOf, teamPhrase } from '../../../resources/format';
import { schoolPlace } from '../../../resources/place';
import { CPF_MASK } from '../../../resources/students';
import { applyMask } from '../../../resources/text';
import type { AreaContext } from '../../area';
import { dynamic } from '../../db/connection';
import { historyData } from '../../documents/history';
import { issueDocument, issuedFileName } from '../../documents/issue';
import { loadBranding, loadSettings } from '../../school/routes';
import { cachedLogo } from '../../school/logo-cache';
import { teamOrFail } from '../../reports/queries';
import { renderPdf } from '../../workers/pdf';

export interface TransferDetails {
  registrationId: number;
  studentId: number;
  teamId: number;
  date: string;
  destination_school: string;
  destination_city: string;
}

export interface LinkedDocument {
  id: number;
  type: string;
  code: string;
  /** Where the office downloads it (`GET`, with the session). */
  url: string;
}

const linkOf = (d: { id: number; type: unknown; code: unknown; folder: unknown; file_name: unknown }) => ({
  id: Number(d.id),
  type: String(d.type),
  code: String(d.code),
  url: `/api/documents/storage/${String(d.folder)}/${String(d.file_name)}`,
});

/** "Belém - PA, 12 de março de 2026." or, for a school that has not told its city yet, the date alone. */
function placeAndDate(city: string | null | undefined, day: string): string {
  const place = schoolPlace(city);
  const where = [place.city, place.uf].filter(Boolean).join(' - ');
  return where ? `${where}, ${formatLongDate(day)}.` : `${formatLongDate(day)}.`;
}

/**
 * The papers a transfer hands the family at once (Lei 9.870, art. 6: never held back for debt): the "Declaração de
 * transferência" and the enrolment's history up to the exit day (its frequency counts only the days enrolled). Both are
 * issued documents (code, QR code, public page). A history already issued for the enrolment and not revoked is the one
 * linked: a history is issued once per enrolment (revoking it lets the office issue another).
 */
export async function issueTransferDocuments(
  ctx: AreaContext,
  transfer: TransferDetails,
  userId: number | undefined,
): Promise<{ declaration: LinkedDocument; history: LinkedDocument }> {
  const k = dynamic(ctx.db);
  const student = await k
    .selectFrom('students')
    .select(['name', 'cpf', 'birth_date'])
    .where('id', '=', transfer.studentId)
    .executeTakeFirstOrThrow();
  const team = await teamOrFail(ctx.db, transfer.teamId);
  const settings = await loadSettings(ctx.db);
  const today = formatLongDate(new Date());
  const who = [
    String(student.name).toUpperCase(),
    student.cpf ? `inscrito(a) no CPF sob o nº ${applyMask(String(student.cpf), CPF_MASK)}` : '',
    student.birth_date ? `nascido(a) em ${formatDate(student.birth_date)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const course = team.course ? `do curso ${team.course}, ` : '';
  const body =
    `Declaramos, para os devidos fins, que ${who}, esteve matriculado(a) nesta instituição de ensino sob a matrícula ` +
    `nº ${registrationNumber(transfer.registrationId)}, ${course}na ${teamPhrase(team.name)}, e dela foi ` +
    `transferido(a) em ${formatDate(transfer.date)}, com destino à escola ${transfer.destination_school}, em ` +
    `${transfer.destination_city}.\n\nO histórico escolar do(a) aluno(a) até essa data é emitido com esta declaração.` +
    '\n\nPor ser expressão da verdade, firmamos a presente.';
  const declaration = await issueDocument(
    ctx.db,
    ctx.storage,
    ctx.settings.appUrl,
    {
      studentId: transfer.studentId,
      registrationId: transfer.registrationId,
      type: 'TRANSFER',
      prefix: 'DECL_',
      documentName: issuedFileName('TRANSFER', transfer.registrationId, student.cpf),
      render: (code, url) =>
        renderPdf('text', {
          title: 'DECLARAÇÃO DE TRANSFERÊNCIA',
          author: settings.school_name,
          header: settings.school_name,
          body,
          place: placeAndDate(settings.city, schoolDayOf(new Date())),
          signatures: ['Secretaria escolar'],
          footer: `Declaração de transferência emitida em ${today}.`,
          verification: { code, url },
        }),
    },
    userId,
  );

  const existing = await k
    .selectFrom('documents')
    .select(['id', 'type', 'code', 'folder', 'file_name'])
    .where('registration_id', '=', transfer.registrationId)
    .where('type', 'in', [...HISTORY_TYPES])
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (existing) return { declaration: linkOf(declaration), history: linkOf({ ...existing, id: Number(existing.id) }) };

  const data = await historyData(ctx.db, transfer.studentId, transfer.teamId);
  const logo = cachedLogo((await loadBranding(ctx.db)).colored_logo);
  const history = await issueDocument(
    ctx.db,
    ctx.storage,
    ctx.settings.appUrl,
    {
      studentId: transfer.studentId,
      registrationId: transfer.registrationId,
      type: 'HISTORY',
      prefix: 'HIST_',
      documentName: issuedFileName('HISTORY', transfer.registrationId, student.cpf),
      render: (code, url) =>
        renderPdf('history', {
          ...data,
          code,
          url,
          place: placeAndDate(settings.city, schoolDayOf(new Date())),
          average: data.school.average,
          logo,
        }),
    },
    userId,
  );
  return { declaration: linkOf(declaration), history: linkOf(history) };
}
