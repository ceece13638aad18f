import extenso from 'extenso';
import {
  formatBRL,
  formatDate,
  formatDateTime,
  formatLongDate,
  registrationNumber,
  schoolDayOf,
  teamPhrase,
} from '../../resources/format';
import { CPF_MASK } from '../../resources/students';
import { applyMask } from '../../resources/text';
import { dynamic, type Db } from '../db/connection';
import { conflict, notFound } from '../http/errors';
import { payerOf, type PayerRecord } from '../guardians/payer';
import { renderPdf } from '../workers/pdf';
import { loadSettings } from '../school/routes';
import { priceOn, pricingFor } from './amount-due-of';
import { chargeById, chargesWhere, type Charge } from './queries';
import { scholarshipText } from './scholarships';

/** "cento e cinquenta reais e vinte centavos", from centavos (the library reads a decimal text). */
export function amountInWords(cents: number): string {
  return extenso(`${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`, { mode: 'currency' });
}

/** "MARTA SOUZA, CPF 529.982.247-25" (no CPF known: the name alone). */
const payerWithCpf = (payer: PayerRecord, separator: string) =>
  `${payer.name.toUpperCase()}${payer.cpf ? `${separator}CPF ${applyMask(payer.cpf, CPF_MASK)}` : ''}`;

/** What a paid charge was paid in total (issue 27's parts; before them, its value). */
const paidTotal = (c: Charge) => c.paid_parts?.total ?? c.value_cents;

/** "Valor da parcela R$ 500,00; desconto …; multa …; juros …; total pago …", when they differ from the value. */
function partsLine(c: Charge): string | null {
  const p = c.paid_parts;
  if (!p || (p.discount === 0 && p.fine === 0 && p.interest === 0 && p.total === c.value_cents)) return null;
  return (
    [
      `Valor da parcela: ${formatBRL(p.principal)}`,
      `Desconto: ${formatBRL(p.discount)}`,
      `Multa: ${formatBRL(p.fine)}`,
      `Juros: ${formatBRL(p.interest)}`,
      `Total pago: ${formatBRL(p.total)}`,
    ].join('; ') + '.'
  );
}

const PAID_FILL = '#dcf2dc';
const OVERDUE_FILL = '#f8d7d7';

/**
 * The receipt of a paid charge: who paid what (the student's financial responsible, or the student), for which
 * service, student and enrolment, in figures and words.
 */
export async function renderReceipt(db: Db, chargeId: number): Promise<{ pdf: Buffer; studentId: number }> {
  const charge = await chargeById(db, chargeId);
  if (!charge) throw notFound('Pendência financeira não encontrada.');
  if (!charge.paid) throw conflict('Só é possível emitir o recibo de uma pendência paga.');
  const k = dynamic(db);
  const who = await k
    .selectFrom('registrations as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .innerJoin('grids as g', 'g.id', 't.grid_id')
    .leftJoin('courses as c', 'c.id', 'g.course_id')
    .select(['s.id', 's.name', 't.name as team', 'c.name as course'])
    .where('r.id', '=', charge.registration_id)
    .executeTakeFirstOrThrow();
  const payer = (await payerOf(k, Number(who.id)))!;
  const school = await loadSettings(db);
  const service = charge.service_type?.name ?? 'pendência financeira';
  // A guardian pays: the student the charge is for is named too.
  const student = payer.self ? '' : ` do(a) aluno(a) ${String(who.name).toUpperCase()}`;
  const total = paidTotal(charge);
  const body = [
    `Recebemos de ${payerWithCpf(payer, ', ')}, a importância de ${formatBRL(total)} (${amountInWords(total)}), referente à parcela ${charge.quota} de ${service}${who.course ? ` do curso ${who.course}` : ''}${student}, ${teamPhrase(String(who.team))}, matrícula ${registrationNumber(charge.registration_id)}.`,
    ...[partsLine(charge)].filter((line): line is string => line !== null),
    `Pagamento recebido em ${formatDate(charge.pay_day ?? '')}${charge.payment_type ? `, por ${charge.payment_type.name}` : ''}${charge.paid_user ? `, registrado por ${charge.paid_user.name}` : ''}.`,
    'Para maior clareza, firmamos o presente recibo.',
  ].join('\n\n');
  const pdf = await renderPdf('text', {
    title: `RECIBO Nº ${String(charge.id).padStart(6, '0')}`,
    author: school.school_name,
    header: [school.school_name, school.city].filter(Boolean).join(' — '),
    body,
    place: `${school.city ?? ''}${school.city ? ', ' : ''}${formatLongDate(charge.pay_day ?? schoolDayOf())}.`,
    signatures: [school.school_name],
    footer: `Recibo emitido em ${formatDateTime(new Date().toISOString())}`,
  });
  return { pdf, studentId: Number(who.id) };
}

interface Totals {
  paid: number;
  open: number;
  overdue: number;
  /**
   * What the open charges due by today ask today (scholarship, fine and interest): what is to be paid today. A charge
   * due later is not asked yet (twelve future instalments are no debt of today).
   */
  today: number;
}

/** Per charge: what it asks today when open, what was paid when paid (centavos). */
type Amounts = Map<Charge, number>;

function totalsOf(charges: Charge[], today: string, amounts: Amounts): Totals {
  // Sums of integer centavos: exact however many charges there are.
  return charges.reduce(
    (t, c) =>
      c.paid
        ? { ...t, paid: t.paid + amounts.get(c)! }
        : {
            ...t,
            open: t.open + c.value_cents,
            overdue: t.overdue + (c.due_date < today ? c.value_cents : 0),
            today: t.today + (c.due_date <= today ? amounts.get(c)! : 0),
          },
    { paid: 0, open: 0, overdue: 0, today: 0 },
  );
}

const totalLines = (t: Totals) => [
  `Total pago: ${formatBRL(t.paid)}`,
  `Total em aberto: ${formatBRL(t.open)}`,
  `Total vencido: ${formatBRL(t.overdue)}`,
  `A pagar hoje, com descontos, multa e juros: ${formatBRL(t.today)}`,
];

/**
 * A student's statement: one section per enrolment with every charge, and totals paid, open and overdue; headed
 * by the student and, when a guardian pays, by the financial responsible.
 */
export async function renderStatement(db: Db, studentId: number): Promise<Buffer> {
  const k = dynamic(db);
  const student = await k
    .selectFrom('students')
    .select(['id', 'name', 'cpf'])
    .where('id', '=', studentId)
    .executeTakeFirst();
  if (!student) throw notFound('Aluno não encontrado.');
  const registrations = await k
    .selectFrom('registrations as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select(['r.id', 't.name as team'])
    .where('r.student_id', '=', studentId)
    .orderBy('r.id')
    .execute();
  const charges = await chargesWhere(
    db,
    'registration_id',
    registrations.map((r) => Number(r.id)),
  );
  const school = await loadSettings(db);
  const today = schoolDayOf();
  const pricing = await pricingFor(
    db,
    registrations.map((r) => Number(r.id)),
  );
  const amounts: Amounts = new Map(charges.map((c) => [c, c.paid ? paidTotal(c) : priceOn(pricing, c, today).total]));
  const columns = [
    { title: 'Parcela', width: 0.085, align: 'center' as const },
    { title: 'Serviço', width: 0.175 },
    { title: 'Forma', width: 0.13 },
    { title: 'Vencimento', width: 0.12, align: 'center' as const },
    { title: 'Valor', width: 0.12, align: 'right' as const },
    { title: 'Hoje ou pago', width: 0.13, align: 'right' as const },
    { title: 'Situação', width: 0.24 },
  ];
  const sections = registrations.map((r) => {
    const own = charges.filter((c) => c.registration_id === Number(r.id));
    const scholarship = pricing.scholarships.get(Number(r.id));
    return {
      heading: `Matrícula ${registrationNumber(Number(r.id))} — ${r.team}${scholarship ? ` — ${scholarshipText(scholarship)}` : ''}`,
      columns,
      empty: 'Nenhuma pendência financeira nesta matrícula.',
      rows: own.map((c) => ({
        cells: [
          String(c.quota),
          c.service_type?.name ?? '—',
          c.payment_type?.name ?? '—',
          formatDate(c.due_date),
          formatBRL(c.value_cents),
          formatBRL(amounts.get(c)!),
          c.paid
            ? `Paga em ${formatDate(c.pay_day ?? '')} (${c.paid_user?.name ?? '—'})`
            : c.due_date < today
              ? 'Vencida'
              : 'Em aberto',
        ],
        fill: c.paid ? PAID_FILL : c.due_date < today ? OVERDUE_FILL : undefined,
      })),
      totals: totalLines(totalsOf(own, today, amounts)),
    };
  });
  const payer = (await payerOf(k, studentId))!;
  const cpf = student.cpf ? ` — CPF ${applyMask(String(student.cpf), CPF_MASK)}` : '';
  const who = `${String(student.name).toUpperCase()}${cpf}`;
  return renderPdf('table', {
    title: 'EXTRATO FINANCEIRO',
    author: school.school_name,
    header: payer.self
      ? [school.school_name, who]
      : [school.school_name, `Responsável financeiro: ${payerWithCpf(payer, ' — ')}`, `Aluno(a): ${who}`],
    sections,
    summary:
      registrations.length > 1
        ? totalLines(totalsOf(charges, today, amounts)).map((l) => l.replace('Total', 'Total geral'))
        : undefined,
    footer: `Extrato emitido em ${formatDateTime(new Date().toISOString())}`,
  });
}
