import { isValidCpf } from '../../resources/text';
import type { Db } from '../db/connection';
import { dynamic } from '../db/connection';
import { payerOf, type PayerRecord } from '../guardians/payer';
import type { InvoiceError, InvoiceTaker } from './service';

/** The error code of a taker the office must complete before the invoice can be sent (ours, not the service's). */
export const TAKER_INCOMPLETE = 'TOMADOR';

/**
 * The tomador of a charge's invoice: its payer (the financial responsible, or the adult student paying), with the
 * office's errors when the layout cannot be filled (a name and a valid CPF are required). The address goes only
 * when complete: the layout takes none rather than half of one.
 */
export function takerOf(payer: PayerRecord): { taker: InvoiceTaker } | { errors: InvoiceError[] } {
  const who = payer.self
    ? 'O(a) aluno(a), que paga as próprias cobranças,'
    : `O responsável financeiro (${payer.name})`;
  const cpf = (payer.cpf ?? '').replace(/\D/g, '');
  const errors: InvoiceError[] = [];
  if (!payer.name.trim()) errors.push({ code: TAKER_INCOMPLETE, message: `${who} está sem nome no cadastro.` });
  if (!cpf)
    errors.push({
      code: TAKER_INCOMPLETE,
      message: `${who} está sem CPF no cadastro: informe o CPF para emitir a nota.`,
    });
  else if (!isValidCpf(cpf))
    errors.push({ code: TAKER_INCOMPLETE, message: `O CPF de ${payer.name} está inválido no cadastro: corrija-o.` });
  if (errors.length) return { errors };
  return { taker: { name: payer.name.trim(), document: cpf, email: payer.email, address: null } };
}

/** The payer of a charge's student, as takerOf reads it. */
export async function chargePayer(db: Db, chargeId: number): Promise<{ payer: PayerRecord; studentId: number }> {
  const k = dynamic(db);
  const row = await k
    .selectFrom('financials as f')
    .innerJoin('registrations as r', 'r.id', 'f.registration_id')
    .select(['r.student_id'])
    .where('f.id', '=', chargeId)
    .executeTakeFirstOrThrow();
  const studentId = Number(row.student_id);
  return { payer: (await payerOf(k, studentId))!, studentId };
}
