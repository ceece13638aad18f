/**
 * The copy from the previous system (issue 37, server/imports/legacy), as the server checks it and the screen shows
 * it: who may run it and how each entity it copies is named.
 */

/**
 * What a run writes, besides `imports.run`: everything it copies, so that it never does what its caller could not
 * do on screen. The screen offers "Do sistema anterior" only to a role holding them all.
 */
export const LEGACY_PERMISSIONS = [
  'master.write',
  'teams.write',
  'users.manage',
  'students.write',
  'finance.write',
  'grades.write',
] as const;

/** The entities of a run's `counts`, in the order they are copied, as the office names them. */
export const LEGACY_ENTITY_LABELS: Record<string, string> = {
  teachings: 'Ensinos',
  courses: 'Cursos',
  disciplines: 'Disciplinas',
  stages: 'Etapas',
  polos: 'Polos',
  'text-documents': 'Modelos de texto',
  grids: 'Grades curriculares',
  grid_templates: 'Linhas das grades',
  teams: 'Turmas',
  users: 'Usuários',
  students: 'Alunos',
  status_history: 'Histórico de status',
  observations: 'Observações',
  registrations: 'Matrículas',
  contracts: 'Contratos',
  financials: 'Cobranças',
  books: 'Livros de registro',
  grades: 'Notas',
  documents: 'Documentos emitidos',
};

export interface EntityCount {
  created: number;
  updated: number;
  unchanged: number;
}

const number = new Intl.NumberFormat('pt-BR');

/** "Alunos: 120 novos, 3 alterados, 0 sem mudança", one line per entity, in the order of the copy. */
export function legacyCountLines(counts: Record<string, EntityCount> | undefined): string[] {
  if (!counts) return [];
  const known = Object.keys(LEGACY_ENTITY_LABELS);
  const entities = [...known.filter((e) => counts[e]), ...Object.keys(counts).filter((e) => !known.includes(e))];
  return entities.map((e) => {
    const c = counts[e];
    const parts = [
      `${number.format(c.created)} ${c.created === 1 ? 'novo' : 'novos'}`,
      `${number.format(c.updated)} ${c.updated === 1 ? 'alterado' : 'alterados'}`,
      `${number.format(c.unchanged)} sem mudança`,
    ];
    return `${LEGACY_ENTITY_LABELS[e] ?? e}: ${parts.join(', ')}`;
  });
}
