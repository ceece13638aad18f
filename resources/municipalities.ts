import { MUNICIPALITY_LINES } from './municipality-data';
import { foldText } from './text';

/** One IBGE municipality: its 7-digit code, its name and its state. */
export interface Municipality {
  code: string;
  name: string;
  uf: string;
}

let byCode: Map<string, Municipality> | undefined;
let folded: { municipality: Municipality; text: string }[] = [];

/** Parsed once, on first use: the server reads the list only when a census field or the lookup asks. */
function table(): Map<string, Municipality> {
  if (!byCode) {
    byCode = new Map();
    for (const line of MUNICIPALITY_LINES.split('\n')) {
      const [code, name, uf] = line.split('|');
      if (code && name && uf) byCode.set(code, { code, name, uf });
    }
    folded = [...byCode.values()]
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.uf.localeCompare(b.uf))
      .map((m) => ({ municipality: m, text: foldText(`${m.name} ${m.uf}`) }));
  }
  return byCode;
}

export function municipalityByCode(code: string | null | undefined): Municipality | undefined {
  return code ? table().get(code) : undefined;
}

export function isKnownMunicipality(code: string): boolean {
  return table().has(code);
}

/** "Belém — PA", as the select shows a municipality. */
export function municipalityLabel(m: Municipality): string {
  return `${m.name} — ${m.uf}`;
}

/**
 * The municipalities whose name has every typed word (any order, no case nor accents), in a state when `uf` is given,
 * by name; a 7-digit code finds its municipality. "belem pa" finds Belém — PA.
 */
export function searchMunicipalities(search: string, uf?: string): Municipality[] {
  table();
  const query = search.trim();
  if (/^\d{7}$/.test(query)) {
    const one = municipalityByCode(query);
    return one && (!uf || one.uf === uf) ? [one] : [];
  }
  const words = foldText(query).split(/\s+/).filter(Boolean);
  return folded
    .filter(({ municipality, text }) => (!uf || municipality.uf === uf) && words.every((w) => text.includes(w)))
    .map(({ municipality }) => municipality);
}

/** A name as the registry compares it: no case, no accents, every run of spaces, hyphens or apostrophes one space. */
const nameKey = (name: string) =>
  foldText(name)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

let byName: Map<string, Municipality> | undefined;

/**
 * The municipality a typed address names: its city matched by name within its UF, without case or accents ("sao
 * paulo", "SÃO PAULO" and "São Paulo" are 3550308 in SP; "Embu Guaçu" is Embu-Guaçu). Undefined when the name is
 * not one of the UF's municipalities (a typo, a district, another state): the caller says so, never guesses.
 */
export function municipalityOf(
  city: string | null | undefined,
  uf: string | null | undefined,
): Municipality | undefined {
  if (!city?.trim() || !uf?.trim()) return undefined;
  if (!byName) {
    byName = new Map();
    for (const m of table().values()) byName.set(`${m.uf}|${nameKey(m.name)}`, m);
  }
  return byName.get(`${uf.trim().toUpperCase()}|${nameKey(city)}`);
}

/** How many municipalities the list holds (5,571 codes). */
export function municipalityCount(): number {
  return table().size;
}
