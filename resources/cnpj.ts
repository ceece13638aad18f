import { isValidCnpj as isValidCnpjText } from './text';

/**
 * The CNPJ as the Receita Federal writes it from July 2026 (IN RFB 2.229/2024): 12 characters of [0-9A-Z] (the
 * root and the branch) and two numeric check digits, computed by the old modulo 11 with each character worth its
 * ASCII code minus 48 — so a numeric CNPJ checks exactly as before, and 12.ABC.345/01DE-35 is valid.
 */
const SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Upper case, without the mask's dots, slash and dash (and spaces); anything else is left for the check to refuse. */
export function normalizeCnpj(text: string): string {
  return text.replace(/[.\-/\s]/g, '').toUpperCase();
}

/** Whether an unmasked, upper-case CNPJ (see normalizeCnpj) has the shape and the check digits (resources/text.ts). */
export function isValidCnpj(cnpj: string): boolean {
  return SHAPE.test(cnpj) && isValidCnpjText(cnpj);
}

/** 12ABC34501DE35 → 12.ABC.345/01DE-35 */
export function formatCnpj(cnpj: string): string {
  return cnpj.length === 14
    ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
    : cnpj;
}
