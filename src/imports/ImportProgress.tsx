import { Box, LinearProgress, Typography } from '@mui/material';
import { IMPORT_STATUS_LABELS } from '../../resources/import-kinds';
import { progressOf, type ImportView } from './imports';

/** A run on its way: the bar fills as the job runner goes (`done` of `total`); a simulation says so. */
export function ImportProgress({ view }: { view: ImportView }) {
  const { text, percent } = progressOf(view);
  return (
    <Box sx={{ my: 2 }}>
      <LinearProgress
        variant={view.status === 'queued' ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label="Progresso da importação"
      />
      <Typography role="status" variant="body2" sx={{ mt: 1 }}>
        {view.dry_run && view.status === 'running' ? 'Simulando' : IMPORT_STATUS_LABELS[view.status]}: {text} ({percent}
        %)
        {view.resumed > 0 && ' — retomada depois de uma interrupção do servidor'}
      </Typography>
    </Box>
  );
}
