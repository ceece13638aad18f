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

/** How many municipalities the list holds (5,571 codes). */
export function municipalityCount(): number {
  return table().size;
}
