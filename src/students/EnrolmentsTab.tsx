import DeleteIcon from '@mui/icons-material/Delete';
import { Button, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useAllows } from '../admin/useAllows';
import { upper } from '../format';
import { useFieldErrors } from '../components/serverErrors';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';
import { ContractActions, type ContractState } from './ContractActions';
import { ScholarshipLine } from './ScholarshipLine';
import { ServerSearch } from './ServerSearch';
import { useSend } from './useSend';

export interface Enrolment extends ContractState {
  team: { id: number; name: string };
}

interface Team {
  id: number;
  name: string;
}

/** Teams searched on the server as the user types (never a 99,999-row download). */
function TeamSearch({
  value,
  onChange,
  error,
}: {
  value: Team | null;
  onChange: (team: Team | null) => void;
  error?: string;
}) {
  return (
    <ServerSearch
      path="/teams"
      label="Turma"
      value={value}
      onChange={onChange}
      error={error}
      optionLabel={(t) => t.name}
      noOptionsText="Nenhuma turma encontrada"
      sx={{ minWidth: 320, flex: 1 }}
    />
  );
}

/** Tab MATRÍCULAS: enrol in a team, list enrolments (number padded to 6 digits), delete. */
export function EnrolmentsTab({ studentId, enrolments }: { studentId: number; enrolments: Enrolment[] }) {
  const notify = useNotify();
  const send = useSend();
  const [team, setTeam] = useState<Team | null>(null);
  const [removing, setRemoving] = useState<Enrolment | null>(null);
  const marks = useFieldErrors();
  // Enrolling, removing and the contracts (even their download) are `students.write` on the server.
  const canWrite = useAllows()('students.write');
  const enrol = async () => {
    if (!team) {
      marks.setErrors({ team_id: 'Selecione a turma.' });
      return notify('Selecione a turma.', { type: 'warning' });
    }
    const result = await send(
      '/registrations',
      { method: 'POST', body: { student_id: studentId, team_id: team.id } },
      'Erro ao matricular.',
      'error',
      ['team_id'],
    );
    if (result.ok) setTeam(null);
    marks.setErrors(result.ok ? {} : result.errors);
  };
  const choose = (next: Team | null) => {
    setTeam(next);
    marks.clear('team_id');
  };
  const remove = async () => {
    if (removing) await send(`/registrations/${removing.id}`, { method: 'DELETE' }, 'Erro ao remover a matrícula.');
    setRemoving(null);
  };
  return (
    <>
      {canWrite && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }} sx={{ mb: 2 }}>
          <TeamSearch value={team} onChange={choose} error={marks.errors.team_id} />
          <Button variant="contained" onClick={() => void enrol()} sx={{ mt: { sm: 1 } }}>
            Matricular
          </Button>
        </Stack>
      )}
      {enrolments.length === 0 ? (
        <Typography>Não há matrícula registrada para este aluno.</Typography>
      ) : (
        <List dense aria-label="Matrículas">
          {enrolments.map((e) => (
            <ListItem
              key={e.id}
              divider
              secondaryAction={
                canWrite && (
                  <IconButton aria-label={`Remover matrícula ${e.number}`} color="error" onClick={() => setRemoving(e)}>
                    <DeleteIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={`${e.number} / ${upper(e.team.name)}`}
                secondary={
                  <>
                    {canWrite && <ContractActions studentId={studentId} enrolment={e} />}
                    <ScholarshipLine registrationId={e.id} />
                  </>
                }
                secondaryTypographyProps={{ component: 'div' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDeleteDialog
        open={removing !== null}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
