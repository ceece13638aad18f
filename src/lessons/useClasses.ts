import { useQuery } from '@tanstack/react-query';
import { DEVICE_CACHE_PREFIX } from '../../authProvider';
import { useApi } from '../api/useApi';
import { currentUser } from './outbox';
import type { ClassTeam } from './types';

/** Per user: another teacher signing in on this phone does not see these classes, even for a moment. */
const classesKey = () => `${DEVICE_CACHE_PREFIX}aulas.turmas.${currentUser() ?? 0}`;

function remembered(): ClassTeam[] | undefined {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(classesKey()) ?? 'null');
    return Array.isArray(parsed) ? (parsed as ClassTeam[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The shared options of Minhas aulas' reads. `always`: react-query would pause a read while the phone says it is
 * offline, but these reads answer from what the device kept (lastLoaded.ts) exactly then. No retry of their own: an
 * unreachable server is answered at once by the kept copy, and the dataProvider already asks a busy one again (503).
 */
export const LESSONS_READ = { networkMode: 'always', retry: false } as const;

/**
 * The user's classes, as last seen at once (the names of an unsent lesson show without network), then as the
 * server answers now. Keyed by the user: the query cache is the app's, and another teacher may sign in.
 */
export function useClasses(): { classes: ClassTeam[] | null; error: string | null } {
  const api = useApi();
  const { data, error } = useQuery({
    queryKey: ['minhas-aulas', 'turmas', currentUser() ?? 0],
    queryFn: async () => {
      const loaded = await api.getMyClasses();
      localStorage.setItem(classesKey(), JSON.stringify(loaded));
      return loaded;
    },
    // Shown at once, and asked again on opening (as stale as the epoch).
    initialData: remembered,
    initialDataUpdatedAt: 0,
    ...LESSONS_READ,
  });
  return { classes: data ?? null, error: error ? error.message || 'Erro ao carregar as turmas.' : null };
}

/** The names a lesson is shown with. */
export function namesOf(classes: ClassTeam[] | null, teamId: number, disciplineId: number) {
  const team = classes?.find((t) => t.id === teamId);
  const discipline = team?.disciplines.find((d) => d.id === disciplineId);
  return {
    team: team?.name ?? `Turma ${teamId}`,
    discipline: discipline?.name ?? `Disciplina ${disciplineId}`,
    stages: discipline?.stages ?? [],
  };
}
