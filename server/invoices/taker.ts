import { municipalityByCode, municipalityOf } from '../../resources/municipalities';
import { isValidCpf } from '../../resources/text';
import type { Db } from '../db/connection';
import { dynamic } from '../db/connection';
import { payerOf, type PayerRecord } from '../guardians/payer';
import type { DanfsePdf } from '../pdf/danfse';
import type { InvoiceError, InvoiceTaker } from './service';

/** The error code of a taker the office must complete before the invoice can be sent (ours, not the service's). */
export const TAKER_INCOMPLETE = 'TOMADOR';

type Address = NonNullable<InvoiceTaker['address']>;

/** The address's parts the layout requires (TCEndereco: endNac's cMun and CEP, xLgr, nro, xBairro), in words. */
const ADDRESS_PARTS = [
  ['cep', 'o CEP'],
  ['street', 'o logradouro'],
  ['number', 'o número'],
  ['neighborhood', 'o bairro'],
  ['city', 'a cidade'],
  ['uf', 'a UF'],
] as const satisfies readonly (readonly [keyof PayerRecord, string])[];

/** "o CEP", "o CEP e o bairro", "o CEP, o número e o bairro". */
const listOf = (parts: string[]) =>
  parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} e ${parts[parts.length - 1]}`;

/** The parts that make a street address: a register with none of them has no address (the city alone is common). */
const STREET_FIELDS = ['cep', 'street', 'number', 'neighborhood'] as const;

/**
 * The tomador's address (the DPS's `toma/end`): null when the register has no street address at all (no CEP,
 * logradouro, número nor bairro; a city and UF alone are no address the layout can carry), which the national layout
 * allows (TCInfoPessoa's `end` is optional); an error for the office when it has part of one (the layout takes no
 * half address, and a half-typed one is a register to finish, not one to drop) or names a city the IBGE list does
 * not have within its UF.
 */
export function takerAddress(payer: PayerRecord): { address: Address | null } | { error: InvoiceError } {
  const whose = payer.self ? `do(a) aluno(a) (${payer.name})` : `do responsável financeiro (${payer.name})`;
  if (STREET_FIELDS.every((field) => !payer[field]?.trim())) return { address: null };
  const missing = ADDRESS_PARTS.filter(([field]) => !payer[field]?.trim()).map(([, name]) => name);
  if (missing.length)
    return {
      error: { code: TAKER_INCOMPLETE, message: `O endereço ${whose} está incompleto: informe ${listOf(missing)}.` },
    };
  const cep = payer.cep!.replace(/\D/g, '');
  if (cep.length !== 8)
    return { error: { code: TAKER_INCOMPLETE, message: `O CEP ${whose} deve ter 8 dígitos: corrija-o no cadastro.` } };
  const municipality = municipalityOf(payer.city, payer.uf);
  if (!municipality)
    return {
      error: {
        code: TAKER_INCOMPLETE,
        message: `A cidade '${payer.city}' (${payer.uf}) ${whose} não foi encontrada na lista do IBGE: corrija a cidade ou a UF no cadastro.`,
      },
    };
  return {
    address: {
      cep,
      street: payer.street!,
      number: payer.number!,
      complement: payer.complement,
      neighborhood: payer.neighborhood!,
      municipalityIbge: municipality.code,
    },
  };
}

/**
 * The tomador of a charge's invoice: its payer (the financial responsible, or the adult student paying), with the
 * office's errors when the layout cannot be filled (a name and a valid CPF are required; an address, when the
 * register has one, complete and in a municipality of the IBGE list — see takerAddress).
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
  const place = takerAddress(payer);
  if ('error' in place) errors.push(place.error);
  if (errors.length || 'error' in place) return { errors };
  return { taker: { name: payer.name.trim(), document: cpf, email: payer.email, address: place.address } };
}

/** The tomador as the DANFSe prints it: the DPS's taker, its address with the IBGE list's name of its city. */
export function danfseTaker(payer: PayerRecord): DanfsePdf['taker'] {
  const made = takerOf(payer);
  if ('errors' in made)
    return { name: payer.name, document: (payer.cpf ?? '').replace(/\D/g, ''), email: payer.email, address: null };
  const { name, document, email, address } = made.taker;
  const city = address ? municipalityByCode(address.municipalityIbge) : undefined;
  return {
    name,
    document,
    email: email ?? null,
    address:
      address && city
        ? {
            street: address.street,
            number: address.number,
            complement: address.complement ?? null,
            neighborhood: address.neighborhood,
            city: city.name,
            uf: city.uf,
            cep: address.cep,
          }
        : null,
  };
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
