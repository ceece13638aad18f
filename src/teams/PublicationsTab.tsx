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
import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../resources/format';
import { useAllows } from '../admin/useAllows';
import { apiRequest } from '../api/http';
import { useServerCall } from '../components/serverErrors';

/** A stage of the team's grid and its publication, as `GET /teams/{id}/grade-publications` answers it. */
export interface StagePublication {
  stage_id: number;
  stage: number;
  name: string;
  published_at: string | null;
  published_by: { id: number | null; name: string } | null;
}

type Asked = { stage: StagePublication; action: 'publish' | 'withdraw' };

/** The list itself, apart from loading: the stages, their state, and the buttons the role may press. */
export function PublicationsPanel({
  stages,
  canWrite,
  onPublish,
  onWithdraw,
}: {
  stages: StagePublication[];
  canWrite: boolean;
  onPublish: (stage: StagePublication) => Promise<void>;
  onWithdraw: (stage: StagePublication) => Promise<void>;
}) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!asked) return;
    setBusy(true);
    try {
      await (asked.action === 'publish' ? onPublish : onWithdraw)(asked.stage);
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
                  : 'Não publicadas'
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
            {asked?.action === 'publish' ? 'Publicar' : 'Desfazer'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** Tab PUBLICAÇÃO DE NOTAS of a team (issue 26): reads the stages and writes through the server's messages. */
export function PublicationsTab({ teamId }: { teamId: number }) {
  const call = useServerCall();
  const canWrite = useAllows()('teams.write');
  const [stages, setStages] = useState<StagePublication[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const base = `/teams/${encodeURIComponent(String(teamId))}/grade-publications`;
  const load = useCallback(async () => {
    try {
      setStages((await apiRequest<{ data: StagePublication[] }>(base)).data);
      setError(null);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Erro ao carregar as etapas da turma.');
    }
  }, [base]);
  useEffect(() => void load(), [load]);

  const publish = async (stage: StagePublication) => {
    await call(
      base,
      { method: 'POST', body: { stage_id: stage.stage_id } },
      { fallback: 'Erro ao publicar as notas.' },
    );
    await load();
  };
  const withdraw = async (stage: StagePublication) => {
    await call(`${base}/${stage.stage_id}`, { method: 'DELETE' }, { fallback: 'Erro ao desfazer a publicação.' });
    await load();
  };
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!stages) return <CircularProgress size={24} aria-label="Carregando etapas" />;
  return <PublicationsPanel stages={stages} canWrite={canWrite} onPublish={publish} onWithdraw={withdraw} />;
}
