import { Alert, CircularProgress } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/useApi';
import { useServerWrite, type FieldErrors } from '../components/serverErrors';
import { TeachersPanel, type TeacherAssignment } from './TeachersPanel';

/**
 * Tab PROFESSORES of a team's edit screen: who teaches which discipline of its grid. Reads the team's
 * assignments, the users that may teach and the grid's disciplines; writes through the server's messages, and
 * every screen showing the team (its list, its disciplines) reads it again.
 */
export function TeachersTab({ teamId }: { teamId: number }) {
  const api = useApi();
  const write = useServerWrite();
  const queryClient = useQueryClient();
  const { data: loaded, error } = useQuery({
    queryKey: ['turmas', teamId, 'professores'],
    queryFn: async () => {
      const [assignments, candidates, disciplines] = await Promise.all([
        api.getTeamTeachers(teamId),
        api.getTeacherCandidates(teamId),
        api.getTeamDisciplines(teamId),
      ]);
      return { assignments, candidates, disciplines: disciplines.map((d) => ({ id: d.id, name: d.discipline })) };
    },
    retry: false,
  });

  const add = async (values: { user_id: string; discipline_id: string }): Promise<FieldErrors> => {
    const result = await write(() => api.assignTeacher(teamId, values), {
      fallback: 'Erro ao atribuir o professor.',
      fields: ['user_id', 'discipline_id'],
    });
    if (!result.ok) return result.errors;
    await queryClient.invalidateQueries({ queryKey: ['turmas', teamId, 'professores'] });
    return {};
  };
  // Refused too (someone removed it first), the list is read again.
  const remove = async (assignment: TeacherAssignment) => {
    await write(() => api.removeTeacher(teamId, assignment.id), { fallback: 'Erro ao remover o professor.' });
    await queryClient.invalidateQueries({ queryKey: ['turmas', teamId, 'professores'] });
  };

  if (error) return <Alert severity="error">{error.message || 'Erro ao carregar os professores da turma.'}</Alert>;
  if (!loaded) return <CircularProgress size={24} aria-label="Carregando professores" />;
  return <TeachersPanel {...loaded} onAdd={add} onRemove={remove} />;
}
