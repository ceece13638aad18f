/** Lower case without diacritics: "João" → "joao". Shared by the server's search and the client. */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Keeps only the digits of a masked value: "(91)98888-7777" → "91988887777". */
export function onlyDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

/** Applies a `#`-mask to digits: applyMask("91988887777", "(##)#####-####") → "(91)98888-7777". */
export function applyMask(value: string, mask: string): string {
  const digits = onlyDigits(value);
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === '#') out += digits[i++];
    else out += ch;
  }
  return out;
}
