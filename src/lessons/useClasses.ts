import { useEffect, useState } from 'react';
import { DEVICE_CACHE_PREFIX } from '../../authProvider';
import { useApi } from '../api/useApi';
import { currentUser } from './outbox';
import type { ClassTeam } from './types';

/** Per user: another teacher signing in on this phone does not see these classes, even for a moment. */
const classesKey = () => `${DEVICE_CACHE_PREFIX}aulas.turmas.${currentUser() ?? 0}`;

function remembered(): ClassTeam[] | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(classesKey()) ?? 'null');
    return Array.isArray(parsed) ? (parsed as ClassTeam[]) : null;
  } catch {
    return null;
  }
}

/**
 * The user's classes, as last seen at once (the names of an unsent lesson show without network), then as the
 * server answers now.
 */
export function useClasses(): { classes: ClassTeam[] | null; error: string | null } {
  const api = useApi();
  const [classes, setClasses] = useState<ClassTeam[] | null>(remembered);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    api
      .getMyClasses()
      .then((loaded) => {
        if (!alive) return;
        localStorage.setItem(classesKey(), JSON.stringify(loaded));
        setClasses(loaded);
        setError(null);
      })
      .catch((e: unknown) => alive && setError(e instanceof Error ? e.message : 'Erro ao carregar as turmas.'));
    return () => {
      alive = false;
    };
  }, [api]);
  return { classes, error };
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
