import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Alert, Box, Card, CardActionArea, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { registrationNumber } from '../format';
import type { PortalStudent } from './api';
import { PortalLayout } from './PortalLayout';
import { PushOptIn } from './PushOptIn';
import { usePortalSession } from './session';
import { StudentAvatar } from './StudentAvatar';

/** One card per student of the account: photo, name, class; the whole card opens the student's page. */
export function StudentCards({ students }: { students: PortalStudent[] }) {
  if (students.length === 0)
    return <Alert severity="info">Nenhum aluno vinculado a esta conta. Fale com a secretaria da escola.</Alert>;
  return (
    <Box
      component="ul"
      aria-label="Alunos"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {students.map((student) => (
        <Card component="li" key={student.id}>
          <CardActionArea component={Link} to={`/portal/alunos/${student.id}`} sx={{ p: 2 }}>
            <Stack direction="row" spacing={2} alignItems="center">
              <StudentAvatar name={student.name} photoUrl={student.photo_url} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
                  {student.name}
                </Typography>
                <Typography color="text.secondary">{student.team?.name ?? 'Sem matrícula ativa'}</Typography>
                {student.registration_number && (
                  <Typography variant="body2" color="text.secondary">
                    Matrícula {registrationNumber(student.registration_number)}
                  </Typography>
                )}
              </Box>
              <ChevronRightIcon color="action" />
            </Stack>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

/** /portal, signed in: a greeting and the account's students. */
export function PortalHome() {
  const { me, error } = usePortalSession();
  return (
    <PortalLayout>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {me ? `Olá, ${me.account.name.split(' ')[0]}!` : 'Portal das famílias'}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {!me && !error && <Typography color="text.secondary">Carregando…</Typography>}
      {me && <StudentCards students={me.students} />}
      {me && <PushOptIn />}
    </PortalLayout>
  );
}
