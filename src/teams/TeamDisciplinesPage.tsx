import { Alert, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { apiRequest } from '../api/http';
import { upper } from '../format';

interface Discipline {
  id: number;
  name: string;
  workload: string;
}

/** turmas/{id}/disciplinas: the team's disciplines. Grade entry itself arrives with its own issue. */
export function TeamDisciplinesPage() {
  const { id } = useParams();
  const [disciplines, setDisciplines] = useState<Discipline[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiRequest<{ data: Discipline[] }>(`/teams/${encodeURIComponent(id ?? '')}/disciplines`)
      .then((answer) => setDisciplines(answer.data))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'Erro ao carregar as disciplinas.'));
  }, [id]);
  return (
    <Card sx={{ mt: 2, maxWidth: 700 }}>
      <Title title="Disciplinas da turma" />
      <CardContent>
        <Typography variant="h6" component="h1">
          Disciplinas da turma
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {disciplines && disciplines.length === 0 && <Typography>Esta turma ainda não tem disciplinas na sua grade.</Typography>}
        <List dense>
          {(disciplines ?? []).map((d) => (
            <ListItem key={d.id} divider>
              <ListItemText primary={upper(d.name)} secondary={`Carga horária: ${d.workload} h`} />
            </ListItem>
          ))}
        </List>
        <Alert severity="info">O lançamento de notas por disciplina estará disponível em breve.</Alert>
      </CardContent>
    </Card>
  );
}
