import AssignmentIcon from '@mui/icons-material/AssignmentTurnedIn';
import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { formatDate } from '../format';
import { portalApi, type ReEnrolment } from './api';
import { useLoad } from './useLoad';

/** The words and colour of the office's side of a request. */
export const STATUS_LABELS: Record<
  ReEnrolment['status'],
  { label: string; color: 'default' | 'info' | 'warning' | 'success' }
> = {
  pendente: { label: 'Em andamento', color: 'info' },
  enviado: { label: 'Enviada — aguardando a secretaria', color: 'default' },
  devolvido: { label: 'Devolvida para correção', color: 'warning' },
  aceito: { label: 'Confirmada', color: 'success' },
  desistiu: { label: 'Não haverá rematrícula', color: 'default' },
};

export const titleOf = (r: ReEnrolment) =>
  `${r.campaign.kind === 'matricula' ? 'Matrícula' : 'Rematrícula'} ${r.campaign.year}`;

/** "Rematrícula 2027" on a child's page while a campaign is open: where the family stands and the way in. */
export function ReEnrolmentCard({ reEnrolment, to }: { reEnrolment: ReEnrolment; to: string }) {
  const status = STATUS_LABELS[reEnrolment.status];
  const editable = reEnrolment.status === 'pendente' || reEnrolment.status === 'devolvido';
  return (
    <Card
      component="section"
      aria-labelledby="rematricula-titulo"
      sx={{ mb: 2, borderLeft: 4, borderColor: 'primary.main' }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <AssignmentIcon color="primary" aria-hidden />
          <Typography id="rematricula-titulo" variant="h6" component="h2">
            {titleOf(reEnrolment)}
          </Typography>
        </Stack>
        <Chip size="small" label={status.label} color={status.color} sx={{ mb: 1 }} />
        {reEnrolment.team && (
          <Typography>
            Turma em {reEnrolment.campaign.year}: {reEnrolment.team.name}
          </Typography>
        )}
        {editable && (
          <Typography color="text.secondary" variant="body2">
            Prazo até {formatDate(reEnrolment.campaign.closes_on)}.
          </Typography>
        )}
        {reEnrolment.status === 'devolvido' && reEnrolment.office_note && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            Recado da secretaria: {reEnrolment.office_note}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={Link} to={to} variant={editable ? 'contained' : 'outlined'}>
          {editable ? (reEnrolment.step === 'aberto' ? 'Começar' : 'Continuar') : 'Ver situação'}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The card for one student, when a campaign is open for them (nothing otherwise: the server answers 404). */
export function ReEnrolmentCardFor({ studentId }: { studentId: number }) {
  const loaded = useLoad(() => portalApi.reEnrolment(studentId), [studentId]);
  if (!loaded.data) return null;
  return <ReEnrolmentCard reEnrolment={loaded.data} to={`/portal/alunos/${studentId}/rematricula`} />;
}
