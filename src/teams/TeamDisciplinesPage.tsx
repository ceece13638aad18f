import { Alert, Box, Card, CardContent, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { useApi } from '../api/useApi';
import { upper } from '../format';
import { GradeEntryPanel } from '../grades/GradeEntryPanel';
import { useAllows } from '../admin/useAllows';

/**
 * `GET /teams/{id}/disciplines`: the original server's plain list of `{id, discipline}` (the name), with the workload.
 */
interface Discipline {
  id: number;
  discipline: string;
  workload?: number | string;
}

/**
 * turmas/{id}/disciplinas: the team's disciplines on the left; choosing one opens its grade sheet
 * ({discipline}/alunos) on the right.
 */
export function TeamDisciplinesPage() {
  const { id = '', '*': rest = '' } = useParams();
  const selected = /^(\d+)\/alunos/.exec(rest)?.[1];
  const api = useApi();
  const { data: disciplines, error } = useQuery({
    queryKey: ['turmas', id, 'disciplinas'],
    queryFn: () => api.getTeamDisciplines<Discipline>(id),
    retry: false,
  });
  // The name only titles the page: without it, the title alone.
  const { data: team = '' } = useQuery({
    queryKey: ['turmas', id, 'nome'],
    queryFn: () => api.getTeamName(id),
    retry: false,
  });
  // Whoever reads but does not enter grades (Direção, Financeiro) sees them: 'Notas', not 'Lançar notas'.
  const title = useAllows()('grades.write') ? 'Lançar notas' : 'Notas';
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
        {team ? ` — ${upper(team)}` : ''}
      </Typography>
      {error && <Alert severity="error">{error.message || 'Erro ao carregar as disciplinas.'}</Alert>}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
        <Card sx={{ width: { xs: '100%', md: 280 }, flexShrink: 0 }}>
          <CardContent>
            <Typography variant="subtitle1" component="h2" gutterBottom>
              Disciplinas
            </Typography>
            {disciplines && disciplines.length === 0 && (
              <Typography>Esta turma ainda não tem disciplinas na sua grade.</Typography>
            )}
            <List dense component="nav" aria-label="Disciplinas da turma">
              {(disciplines ?? []).map((d) => (
                <ListItemButton
                  key={d.id}
                  component={Link}
                  to={`/admin/turmas/${id}/disciplinas/${d.id}/alunos`}
                  selected={String(d.id) === selected}
                  divider
                >
                  <ListItemText
                    primary={upper(d.discipline)}
                    secondary={d.workload === undefined ? undefined : `Carga horária: ${d.workload} h`}
                  />
                </ListItemButton>
              ))}
            </List>
          </CardContent>
        </Card>
        <Card sx={{ flex: 1, minWidth: 0 }}>
          <CardContent>
            <Routes>
              <Route path=":discipline/alunos" element={<GradeEntryPanel />} />
              <Route
                path="*"
                element={
                  <Typography color="text.secondary">Selecione uma disciplina para ver as notas dos alunos.</Typography>
                }
              />
            </Routes>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
