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

function checkDigit(body: string): number {
  let sum = 0;
  // Weights 2..9 from the right, repeating.
  for (let i = 0; i < body.length; i++) sum += (body.charCodeAt(body.length - 1 - i) - 48) * ((i % 8) + 2);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Whether an unmasked, upper-case CNPJ (see normalizeCnpj) has the shape and the check digits. */
export function isValidCnpj(cnpj: string): boolean {
  if (!SHAPE.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj.slice(0, 12));
  const second = checkDigit(cnpj.slice(0, 12) + String(first));
  return cnpj.endsWith(`${first}${second}`);
}

/** 12ABC34501DE35 → 12.ABC.345/01DE-35 */
export function formatCnpj(cnpj: string): string {
  return cnpj.length === 14
    ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
    : cnpj;
}
