import { Alert, Box, Button, List, ListItem, Typography } from '@mui/material';
import { legacyCountLines } from '../../resources/legacy-import';
import type { ImportView } from './imports';

export interface LegacySummaryProps {
  view: ImportView;
  /** The copy may start: a simulation that ended well. */
  onRun?: () => void;
  busy?: boolean;
}

/** What a simulation found, or how the copy ended: the count per entity, the source's refusal in Portuguese. */
export function LegacySummary({ view, onRun, busy = false }: LegacySummaryProps) {
  const source = `Sistema anterior (${view.file_name ?? 'endereço não informado'})`;
  const heading =
    view.status === 'preview'
      ? `Simulação: ${source}`
      : view.status === 'done'
        ? `Importação concluída: ${source}`
        : view.status === 'failed'
          ? `${view.dry_run ? 'Simulação' : 'Importação'} não concluída: ${source}`
          : `Importando: ${source}`;
  const lines = legacyCountLines(view.counts);
  return (
    <Box component="section" aria-labelledby="legacy-summary" sx={{ mt: 3 }}>
      <Typography id="legacy-summary" variant="h6" component="h2">
        {heading}
      </Typography>
      {view.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {view.errors.map((e) => e.message).join(' ') || 'A importação não foi concluída.'}
        </Alert>
      )}
      {view.status === 'done' && (
        <Alert severity="success" sx={{ mt: 1 }}>
          Pronto: os dados do sistema anterior já estão aqui. Cada usuário novo recebeu um convite por e-mail para criar
          a sua senha.
        </Alert>
      )}
      {lines.length > 0 && (
        <>
          <Typography sx={{ mt: 1 }}>
            {view.status === 'preview'
              ? 'Se importar:'
              : view.status === 'failed'
                ? 'Até parar:'
                : view.dry_run
                  ? 'Encontrado:'
                  : 'Copiado:'}
          </Typography>
          <List dense disablePadding aria-label="Registros por tipo" sx={{ typography: 'body1' }}>
            {lines.map((line) => (
              <ListItem key={line} disablePadding>
                {line}
              </ListItem>
            ))}
          </List>
        </>
      )}
      {view.status === 'preview' && onRun && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Nada foi gravado ainda. Para copiar de verdade, digite a senha de novo e clique em Importar.
          </Typography>
          <Button variant="contained" disabled={busy} onClick={onRun}>
            Importar
          </Button>
        </Box>
      )}
    </Box>
  );
}
