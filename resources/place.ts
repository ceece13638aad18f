/** The school's place as its settings write it, read back as the city and the state (UF) documents print. */

const STATES: Record<string, string> = {
  ACRE: 'AC',
  ALAGOAS: 'AL',
  AMAPA: 'AP',
  AMAZONAS: 'AM',
  BAHIA: 'BA',
  CEARA: 'CE',
  'DISTRITO FEDERAL': 'DF',
  'ESPIRITO SANTO': 'ES',
  GOIAS: 'GO',
  MARANHAO: 'MA',
  'MATO GROSSO': 'MT',
  'MATO GROSSO DO SUL': 'MS',
  'MINAS GERAIS': 'MG',
  PARA: 'PA',
  PARAIBA: 'PB',
  PARANA: 'PR',
  PERNAMBUCO: 'PE',
  PIAUI: 'PI',
  'RIO DE JANEIRO': 'RJ',
  'RIO GRANDE DO NORTE': 'RN',
  'RIO GRANDE DO SUL': 'RS',
  RONDONIA: 'RO',
  RORAIMA: 'RR',
  'SANTA CATARINA': 'SC',
  'SAO PAULO': 'SP',
  SERGIPE: 'SE',
  TOCANTINS: 'TO',
};
const UFS = new Set(Object.values(STATES));

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .trim();

/**
 * `Ananindeua - Pará`, `Campinas/SP`, `Recife - PE` → the city and its UF; a city written without its state
 * keeps an empty UF (the form asks for it) instead of a state the school is not in.
 */
export function schoolPlace(setting: string | null | undefined): { city: string; uf: string } {
  const text = (setting ?? '').trim();
  const parts = text.split(/\s*[-–/,]\s*/).filter(Boolean);
  while (parts.length > 1) {
    const last = plain(parts[parts.length - 1]);
    const uf = UFS.has(last) ? last : STATES[last];
    if (!uf) break;
    parts.pop();
    // 'Ananindeua - Pará - PA' names the state twice.
    const before = plain(parts[parts.length - 1] ?? '');
    if (parts.length > 1 && (before === uf || STATES[before] === uf)) parts.pop();
    return { city: parts.join(' - '), uf };
  }
  return { city: text, uf: '' };
}
