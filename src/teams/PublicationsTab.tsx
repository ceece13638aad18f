import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../resources/format';
import { missingGradesText, PARTIAL_PUBLICATION, type StageCompleteness } from '../../resources/publications';
import { useAllows } from '../admin/useAllows';
import { useApi } from '../api/useApi';
import { useServerWrite } from '../components/serverErrors';

/**
 * A stage of the team's grid and its publication, as `GET /teams/{id}/grade-publications` answers it, with how many of
 * its grades are still missing.
 */
export interface StagePublication extends Partial<StageCompleteness> {
  stage_id: number;
  stage: number;
  name: string;
  published_at: string | null;
  published_by: { id: number | null; name: string } | null;
}

type Asked = { stage: StagePublication; action: 'publish' | 'withdraw' };

const missingOf = (s: StagePublication) => s.missing_grades ?? 0;

/** Under an unpublished stage: whether its grades are all there, or how many are still missing. */
function unpublishedText(s: StagePublication): string {
  if (!s.expected_grades) return 'Não publicadas';
  const missing = missingOf(s);
  if (missing === 0) return 'Não publicadas · notas completas';
  return `Não publicadas · ${missing === 1 ? 'falta 1 nota' : `faltam ${missing.toLocaleString('pt-BR')} notas`} de ${s.expected_grades.toLocaleString('pt-BR')}`;
}

/** The list itself, apart from loading: the stages, their state, and the buttons the role may press. */
export function PublicationsPanel({
  stages,
  canWrite,
  onPublish,
  onWithdraw,
}: {
  stages: StagePublication[];
  canWrite: boolean;
  /** `confirm`: the person saw how many grades are missing and publishes anyway. */
  onPublish: (stage: StagePublication, confirm: boolean) => Promise<void>;
  onWithdraw: (stage: StagePublication) => Promise<void>;
}) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!asked) return;
    setBusy(true);
    try {
      if (asked.action === 'publish') await onPublish(asked.stage, missingOf(asked.stage) > 0);
      else await onWithdraw(asked.stage);
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };
  if (!stages.length) return <Alert severity="info">A grade desta turma ainda não tem etapas.</Alert>;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        Publique as notas de uma etapa quando estiverem completas: as famílias passam a vê-las no portal e recebem um
        aviso por e-mail (se o aviso estiver ligado nas configurações da escola).
      </Typography>
      <List dense aria-label="Etapas da turma">
        {stages.map((s) => (
          // The button beside the stage from a tablet's width, below it on a phone (never over the text).
          <ListItem
            key={s.stage_id}
            divider
            sx={{ flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'flex-start', sm: 'center' }, gap: 1 }}
          >
            <ListItemText
              primary={s.name}
              secondary={
                s.published_at
                  ? `Publicadas em ${formatDateTime(s.published_at)} por ${s.published_by?.name ?? '—'}`
                  : unpublishedText(s)
              }
            />
            {canWrite &&
              (s.published_at ? (
                <Button size="small" onClick={() => setAsked({ stage: s, action: 'withdraw' })}>
                  Desfazer publicação
                </Button>
              ) : (
                <Button size="small" variant="contained" onClick={() => setAsked({ stage: s, action: 'publish' })}>
                  Publicar notas
                </Button>
              ))}
          </ListItem>
        ))}
      </List>
      <Dialog open={asked !== null} onClose={() => setAsked(null)} aria-labelledby="publication-title">
        <DialogTitle id="publication-title">
          {asked?.action === 'publish' ? `Publicar as notas de ${asked.stage.name}?` : 'Desfazer a publicação?'}
        </DialogTitle>
        <DialogContent>
          {/* Grades missing are said before anything is published: the families would see a stage half empty. */}
          {asked?.action === 'publish' && missingOf(asked.stage) > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {missingGradesText(asked.stage.name, asked.stage as StageCompleteness)} {PARTIAL_PUBLICATION}
            </Alert>
          )}
          <DialogContentText>
            {asked?.action === 'publish'
              ? 'As famílias com e-mail cadastrado serão avisadas e verão as notas desta etapa no portal.'
              : 'As notas desta etapa deixam de aparecer no portal. Os avisos já enviados não são desfeitos.'}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsked(null)} disabled={busy}>
            Cancelar
          </Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
            {asked?.action !== 'publish'
              ? 'Desfazer'
              : missingOf(asked.stage) > 0
                ? 'Publicar mesmo assim'
                : 'Publicar'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** Tab PUBLICAÇÃO DE NOTAS of a team (issue 26): reads the stages and writes through the server's messages. */
export function PublicationsTab({ teamId }: { teamId: number }) {
  const api = useApi();
  const write = useServerWrite();
  const queryClient = useQueryClient();
  const canWrite = useAllows()('teams.write');
  const { data: stages, error } = useQuery({
    queryKey: ['turmas', teamId, 'publicacoes'],
    queryFn: () => api.getGradePublications(teamId),
    retry: false,
  });
  // Success or refusal, the list is read again before the dialog closes: grades removed since it was read answer
  // 409 with the new count, its words the toast, and the new count shows.
  const reload = () => queryClient.invalidateQueries({ queryKey: ['turmas', teamId, 'publicacoes'] });
  const publish = async (stage: StagePublication, confirm: boolean) => {
    await write(() => api.publishGrades(teamId, stage.stage_id, confirm), { fallback: 'Erro ao publicar as notas.' });
    await reload();
  };
  const withdraw = async (stage: StagePublication) => {
    await write(() => api.withdrawGrades(teamId, stage.stage_id), { fallback: 'Erro ao desfazer a publicação.' });
    await reload();
  };
  if (error) return <Alert severity="error">{error.message || 'Erro ao carregar as etapas da turma.'}</Alert>;
  if (!stages) return <CircularProgress size={24} aria-label="Carregando etapas" />;
  return <PublicationsPanel stages={stages} canWrite={canWrite} onPublish={publish} onWithdraw={withdraw} />;
}
