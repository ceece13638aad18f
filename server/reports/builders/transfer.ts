import { formatDate, formatDateTime, registrationNumber } from '../../../resources/format';
import { chargesWithStudents } from '../financial-query';
import { validationError } from '../../http/errors';
import type { ReportBuilder } from '../builder';
import { teamOrFail } from '../queries';
import { BRL_FORMAT, dateCell, DATE_FORMAT, reportSheet, streamingWorkbook } from '../xlsx';
import { byName } from '../../db/name-order';

export const NO_RECEIVED_CHARGES = 'Não há contas recebidas desta turma no período informado.';
export const BAD_PERIOD = 'A data final deve ser igual ou posterior à data inicial.';
const MONTHS = [
  'JANEIRO',
  'FEVEREIRO',
  'MARÇO',
  'ABRIL',
  'MAIO',
  'JUNHO',
  'JULHO',
  'AGOSTO',
  'SETEMBRO',
  'OUTUBRO',
  'NOVEMBRO',
  'DEZEMBRO',
];

/** "(3) Mensalidade — MARÇO/2027": the quota, the service and the month it is due. */
const description = (quota: number, service: string | null, due: string) =>
  `(${quota}) ${service ?? 'Cobrança'} — ${MONTHS[Number(due.slice(5, 7)) - 1]}/${due.slice(0, 4)}`;

const COLUMNS = [
  { header: 'Matrícula/Cliente', width: 12 },
  { header: 'Turma', width: 22 },
  { header: 'Aluno', width: 34 },
  { header: 'Obs', width: 24 },
  { header: 'Descrição', width: 34 },
  { header: 'Valor até venc.', width: 15, numFmt: BRL_FORMAT },
  { header: 'Dt. venc.', width: 12, numFmt: DATE_FORMAT },
  { header: 'Valor recebido', width: 15, numFmt: BRL_FORMAT },
  // The share passed to the polo is agreed case by case: the office writes it in.
  { header: 'Repasse', width: 13, numFmt: BRL_FORMAT },
  { header: 'Dt. recebido', width: 12, numFmt: DATE_FORMAT },
  { header: 'Forma pgto', width: 18 },
  { header: 'Usuário recebimento', width: 22 },
];

/**
 * The charges of a team received (paid) in a period, by pay day: the statement the school sends the polo.
 * A period without any answers the check `{error, message}` before a file is made.
 */
export const transferReport: ReportBuilder = async ({ db, now }, params, out) => {
  const start = String(params.start_date);
  const end = String(params.end_date);
  if (end < start) throw validationError({ end_date: [BAD_PERIOD] });
  const team = await teamOrFail(db, Number(params.team));
  const rows = await chargesWithStudents(db)
    .leftJoin('payment_types as pt', 'pt.id', 'f.payment_type_id')
    .leftJoin('users as u', 'u.id', 'f.paid_by')
    .select([
      'f.id',
      'f.registration_id',
      'f.value_cents',
      'f.quota',
      'f.due_date',
      'f.pay_day',
      'f.observations',
      's.name as student',
      'st.name as service',
      'pt.name as payment',
      'u.name as user',
    ])
    .where('r.team_id', '=', team.id)
    .where('f.paid', '<>', 0)
    .where('f.pay_day', '>=', start)
    .where('f.pay_day', '<=', end)
    .orderBy('f.pay_day')
    .orderBy(byName(db, 's.name'))
    .orderBy('f.id')
    .execute();
  if (rows.length === 0) return { error: true, message: NO_RECEIVED_CHARGES };

  const workbook = streamingWorkbook(out);
  const sheet = await reportSheet(
    db,
    workbook,
    'Contas recebidas',
    {
      title: `RELATÓRIO DE CONTAS RECEBIDAS / ${team.course.toLocaleUpperCase('pt-BR')} / ${team.name.toLocaleUpperCase('pt-BR')}`,
      lines: [
        `Período: ${formatDate(start)} a ${formatDate(end)}`,
        `Gerado em: ${formatDateTime(now)}`,
        `Número de títulos: ${rows.length}`,
      ],
    },
    COLUMNS,
    'landscape',
  );
  let total = 0;
  for (const r of rows) {
    const cents = Number(r.value_cents);
    total += cents;
    const due = String(r.due_date);
    sheet
      .addRow([
        registrationNumber(Number(r.registration_id)),
        team.name,
        String(r.student).toLocaleUpperCase('pt-BR'),
        r.observations ?? '',
        description(Number(r.quota), r.service === null ? null : String(r.service), due),
        cents / 100,
        dateCell(due),
        cents / 100,
        null,
        dateCell(String(r.pay_day)),
        r.payment ?? '',
        r.user ?? '',
      ])
      .commit();
  }
  const totalRow = sheet.addRow(['TOTAL', '', '', '', `${rows.length} título(s)`, total / 100, null, total / 100]);
  totalRow.font = { bold: true };
  totalRow.commit();
  sheet.commit();
  await workbook.commit();
};
