/**
 * The codes printed on issued documents, as server and public pages read them. The random part is
 * Crockford's base 32 (no I, L, O or U), chosen so that no letter reads as a digit on paper; reading a code
 * back follows the same rules: any case, O read as 0, I and L read as 1, spaces and dashes ignored. Codes the
 * original client made for its own PDFs (any letter, U included) are kept too, when not guessable.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The prefixes of the kinds of issued document, as the school prints them (DECL_: declarations of enrolment; ATES_:
 * completion statements; NFSE_: the DANFSe of a service invoice).
 */
export const CODE_PREFIXES = ['HIST_', 'CERT_', 'CONT_', 'DECL_', 'ATES_', 'NFSE_'] as const;

/** Crockford's reading of the letters people type for digits. */
const READ_AS: Record<string, string> = { O: '0', I: '1', L: '1' };

/** A code as written, without its separators: `cert_7k2m-9p4q` → `CERT7K2M9P4Q`. */
const compactCode = (typed: string) => typed.toUpperCase().replace(/[\s_\-‐-―.]+/g, '');

/**
 * The one written form of a code as typed, scanned or uploaded: `cert_7k2m-9p4q 8r3t` → `CERT_7K2M9P4Q8R3T`.
 * The prefix is told apart before the letters are read as digits (`CONT_` has an O of its own); its
 * underscore may be typed as a dash or a space, or left out. Anything outside the alphabet is kept as it
 * is: a U (in the original client's codes) reads as itself, never as another letter, and a slash finds nothing.
 */
export function normalizeDocumentCode(typed: string): string {
  const compact = compactCode(typed);
  const read = (text: string) => text.replace(/[OIL]/g, (c) => READ_AS[c]);
  for (const prefix of CODE_PREFIXES) {
    const letters = prefix.slice(0, 4);
    if (compact.length > 4 && read(compact.slice(0, 4)) === read(letters)) return `${prefix}${read(compact.slice(4))}`;
  }
  return read(compact);
}

/** Whether a normalised code is made of the alphabet: an optional prefix, then at least `min` symbols. */
export function isAlphabetCode(code: string, min: number, max = 60): boolean {
  return new RegExp(`^(${CODE_PREFIXES.join('|')})?[${CODE_ALPHABET}]{${min},${max}}$`).test(code);
}

/** The shortest code kept: 10 symbols of 32 are 50 bits, still hopeless to guess at the public page's rate. */
export const MIN_CODE = 10;

/**
 * The original client's own codes: a prefix and 10 letters or digits of its generator, which draws from all 36
 * (so a U, which our alphabet leaves out, comes up in about 1 code in 4). Read as normalised: O, I and L are
 * already 0 and 1 there, so the letters left are those of the alphabet and U.
 */
const CLIENT_CODE = new RegExp(`^(${CODE_PREFIXES.join('|')})[0-9A-Z]{${MIN_CODE}}$`);

export const CODE_FORMAT = `O código deve ter um prefixo (${CODE_PREFIXES.slice(0, -1).join(', ')} ou ${CODE_PREFIXES.at(-1)}) e ${MIN_CODE} letras ou algarismos, ou pelo menos ${MIN_CODE} letras ou algarismos sem a letra U.`;
export const GUESSABLE_CODE =
  'Este código é fácil de adivinhar (poucos símbolos diferentes, ou vários repetidos ou em sequência): use outro código.';

/** Fewer distinct symbols than this, or this many in a row repeating one or counting up or down, is a guess away. */
const GUESSABLE_SPAN = 5;
/** The orders a person counts in: the letters and digits as everyone writes them, and our alphabet (no I, L, O). */
const ORDERS = ['0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', CODE_ALPHABET];

/**
 * Whether symbols a person (or a careless generator) chose would be among an attacker's first guesses:
 * `0000000000`, `ABABABABAB`, `0123456789`, `X7K22222M9`. Judged as written, before O, I and L are read as
 * digits (`LI1IL` is five different keystrokes, not a run of ones): then a random code of 10 from 36 is taken
 * for one in about 30,000 draws, rare enough that a client's honest code is almost never refused.
 */
function isGuessable(symbols: string): boolean {
  if (new Set(symbols).size < GUESSABLE_SPAN) return true;
  let run = 1;
  for (let i = 1; i < symbols.length; i++) {
    run = symbols[i] === symbols[i - 1] ? run + 1 : 1;
    if (run >= GUESSABLE_SPAN) return true;
  }
  return ORDERS.some((order) => {
    let up = 1;
    let down = 1;
    for (let i = 1; i < symbols.length; i++) {
      const step = order.indexOf(symbols[i]) - order.indexOf(symbols[i - 1]);
      const known = order.includes(symbols[i]) && order.includes(symbols[i - 1]);
      up = known && step === 1 ? up + 1 : 1;
      down = known && step === -1 ? down + 1 : 1;
      if (up >= GUESSABLE_SPAN || down >= GUESSABLE_SPAN) return true;
    }
    return false;
  });
}

/**
 * Why a code made elsewhere (a client's own PDF), as typed, cannot be kept, or null when it can: it must be
 * the original client's format (prefix and 10 letters or digits, U included) or at least 10 symbols of the
 * alphabet, and never trivially guessable, since the public page would then vouch for a forged paper.
 */
export function codeRefusal(typed: string): string | null {
  const code = normalizeDocumentCode(typed);
  if (!CLIENT_CODE.test(code) && !isAlphabetCode(code, MIN_CODE)) return CODE_FORMAT;
  const prefix = CODE_PREFIXES.find((p) => code.startsWith(p));
  const symbols = prefix ? code.length - prefix.length : code.length;
  return isGuessable(compactCode(typed).slice(-symbols)) ? GUESSABLE_CODE : null;
}
