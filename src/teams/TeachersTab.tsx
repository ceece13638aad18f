import { Alert, CircularProgress } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../api/http';
import { useServerCall, type FieldErrors } from '../components/serverErrors';
import { TeachersPanel, type Option, type TeacherAssignment } from './TeachersPanel';

interface Loaded {
  assignments: TeacherAssignment[];
  candidates: Option[];
  disciplines: Option[];
}

/**
 * Tab PROFESSORES of a team's edit screen: who teaches which discipline of its grid. Reads the team's
 * assignments, the users that may teach and the grid's disciplines; writes through the server's messages.
 */
export function TeachersTab({ teamId }: { teamId: number }) {
  const call = useServerCall();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const base = `/teams/${encodeURIComponent(String(teamId))}`;

  const load = useCallback(async () => {
    try {
      const [assignments, candidates, disciplines] = await Promise.all([
        apiRequest<TeacherAssignment[]>(`${base}/teachers`),
        apiRequest<Option[]>(`${base}/teachers/candidates`),
        apiRequest<{ id: number; discipline: string }[]>(`${base}/disciplines`),
      ]);
      setLoaded({ assignments, candidates, disciplines: disciplines.map((d) => ({ id: d.id, name: d.discipline })) });
      setError(null);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Erro ao carregar os professores da turma.');
    }
  }, [base]);
  useEffect(() => void load(), [load]);

  const add = async (values: { user_id: string; discipline_id: string }): Promise<FieldErrors> => {
    const result = await call(
      `${base}/teachers`,
      { method: 'POST', body: values },
      { fallback: 'Erro ao atribuir o professor.', fields: ['user_id', 'discipline_id'] },
    );
    if (!result.ok) return result.errors;
    await load();
    return {};
  };
  const remove = async (assignment: TeacherAssignment) => {
    await call(`${base}/teachers/${assignment.id}`, { method: 'DELETE' }, { fallback: 'Erro ao remover o professor.' });
    await load();
  };

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!loaded) return <CircularProgress size={24} aria-label="Carregando professores" />;
  return <TeachersPanel {...loaded} onAdd={add} onRemove={remove} />;
}
