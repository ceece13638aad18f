import { Alert, Box, Button, List, ListItem, Stack, Typography } from '@mui/material';
import { importKindLabel } from '../../resources/import-kinds';
import { changesSummary, linesSummary, type ImportView } from './imports';
import { PreviewRows } from './PreviewRows';
import { ProblemsTable } from './ProblemsTable';

export interface ImportSummaryProps {
  view: ImportView;
  /** The run may start: a dry run whose problems are none, or left out by "só as linhas válidas". */
  onRun?: () => void;
  onErrorsFile?: () => void;
  busy?: boolean;
}

/** What a dry run found, or how a run ended: the counts, the first rows, the problems and what to do next. */
export function ImportSummary({ view, onRun, onErrorsFile, busy = false }: ImportSummaryProps) {
  const label = importKindLabel(view.kind);
  const wrong = view.total - view.valid;
  const blocked = wrong > 0 && !view.only_valid;
  const heading =
    view.status === 'preview'
      ? `Conferência: ${label}`
      : view.status === 'done'
        ? `Importação concluída: ${label}`
        : view.status === 'failed'
          ? `Importação não feita: ${label}`
          : `Importando: ${label}`;
  return (
    <Box component="section" aria-labelledby="import-summary" sx={{ mt: 3 }}>
      <Typography id="import-summary" variant="h6" component="h2">
        {heading}
      </Typography>
      {view.file_name && (
        <Typography variant="body2" color="text.secondary">
          Arquivo: {view.file_name}
        </Typography>
      )}
      <Typography sx={{ mt: 1 }}>{linesSummary(view)}.</Typography>
      <Typography>
        {view.status === 'preview' ? 'Se importar: ' : ''}
        {changesSummary(view)}.
      </Typography>
      {view.status === 'done' && (
        <Alert severity="success" sx={{ mt: 1 }}>
          Pronto: os registros já estão no sistema.
          {wrong > 0 && ` ${wrong} ${wrong === 1 ? 'linha com erro ficou' : 'linhas com erro ficaram'} de fora.`}
        </Alert>
      )}
      {view.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          Nada foi gravado. Corrija a planilha e envie de novo, ou marque “Importar só as linhas válidas”.
        </Alert>
      )}
      {view.warnings.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          <List dense disablePadding>
            {view.warnings.map((w) => (
              <ListItem key={w} disablePadding>
                {w}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {view.preview && view.preview.rows.length > 0 && (
        <PreviewRows columns={view.preview.columns} rows={view.preview.rows} />
      )}
      {view.errors.length > 0 && <ProblemsTable problems={view.errors} more={view.more_errors} />}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {view.status === 'preview' && onRun && (
          <Button variant="contained" disabled={busy || blocked || view.valid === 0} onClick={onRun}>
            {wrong === 0
              ? 'Importar'
              : view.valid === 1
                ? 'Importar a linha válida'
                : `Importar as ${view.valid} linhas válidas`}
          </Button>
        )}
        {view.errors.length > 0 && onErrorsFile && (
          <Button variant="outlined" disabled={busy} onClick={onErrorsFile}>
            Baixar planilha com a coluna Erro
          </Button>
        )}
      </Stack>
      {view.status === 'preview' && blocked && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Há linhas com erro: corrija a planilha e confira de novo, ou marque “Importar só as linhas válidas”.
        </Typography>
      )}
    </Box>
  );
}
