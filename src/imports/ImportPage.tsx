import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { IMPORT_KIND_NAMES, IMPORT_KINDS, LEGACY_KIND } from '../../resources/import-kinds';
import { LEGACY_PERMISSIONS } from '../../resources/legacy-import';
import { useApi } from '../api/useApi';
import { saveBlob } from '../api/files';
import { useAllows } from '../admin/useAllows';
import { ImportChooser, MAX_FILE_BYTES, type ImportChoice } from './ImportChooser';
import { ImportHistory } from './ImportHistory';
import { ImportProgress } from './ImportProgress';
import { ImportSummary } from './ImportSummary';
import { LegacyImport } from './LegacyImport';
import { useImportWatch } from './useImportWatch';
import { isRunning, type ImportView } from './imports';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** "alunos.xlsx" → "alunos-com-erros.xlsx" (always XLSX: the "Erro" column is added to a workbook). */
const errorsFileName = (name: string) => `${name.replace(/\.[^.]+$/, '') || 'planilha'}-com-erros.xlsx`;

/**
 * /admin/importar (Administração › Importar, `imports.run`): the office chooses what to import, downloads the
 * template, sends the file, sees the dry run (`POST /imports` with dry_run=1: the first rows as they will be stored
 * and every problem by line and column), confirms (the same file with dry_run=0, queued to the job runner) and
 * watches the progress (`GET /imports/{id}` every second) until the result.
 */
export function ImportPage() {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const allows = useAllows();
  const kinds = IMPORT_KIND_NAMES.filter((k) => allows(IMPORT_KINDS[k].permission));
  const legacy = LEGACY_PERMISSIONS.every((p) => allows(p));
  const [choice, setKind] = useState<ImportChoice>(kinds[0] ?? 'students');
  // A spreadsheet's calls below never see the previous system's choice.
  const kind = choice === LEGACY_KIND ? (kinds[0] ?? 'students') : choice;
  const [file, setFile] = useState<File | null>(null);
  const [onlyValid, setOnlyValid] = useState(false);
  const [checked, setChecked] = useState<ImportView | null>(null);
  const [runId, setRunId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  /** A new choice starts over: the dry run shown was of the old one. */
  const restart = () => {
    setChecked(null);
    setRunId(null);
    setRefusal(null);
  };

  const check = useMutation({
    mutationFn: (chosen: File) => api.uploadImport({ kind, file: chosen, dryRun: true, onlyValid }),
    onSuccess: (view) => {
      setChecked(view);
      void queryClient.invalidateQueries({ queryKey: ['importacoes'] });
    },
    onError: (error) => setRefusal(messageOf(error, 'Não foi possível ler a planilha.')),
  });
  const run = useMutation({
    mutationFn: (chosen: File) => api.uploadImport({ kind, file: chosen, dryRun: false, onlyValid }),
    onSuccess: (view) => {
      setChecked(null);
      setRunId(view.id);
      queryClient.setQueryData(['importacoes', view.id], view);
    },
    onError: (error) => notify(messageOf(error, 'Não foi possível iniciar a importação.'), { type: 'error' }),
  });
  // The run's progress, asked every second until it ends.
  const { view: running, ended } = useImportWatch(runId);
  useEffect(() => {
    if (!ended) return;
    if (ended.status === 'done') notify('Importação concluída.', { type: 'success' });
    else notify('A importação não foi feita.', { type: 'error' });
    // Every screen showing what was imported (students, teams, charges…) reads it again.
    void queryClient.invalidateQueries();
  }, [ended, notify, queryClient]);
  const { data: history } = useQuery({
    queryKey: ['importacoes', 'recentes'],
    queryFn: () => api.getImports(1, 10),
    retry: false,
  });
  const errorsFile = useMutation({
    mutationFn: (chosen: File) => api.getImportWithErrors({ kind, file: chosen }),
    onSuccess: (blob) => saveBlob(blob, errorsFileName(file?.name ?? '')),
    onError: (error) => notify(messageOf(error, 'Não foi possível gerar a planilha com os erros.'), { type: 'error' }),
  });
  const template = async (format: 'xlsx' | 'csv') => {
    try {
      saveBlob(await api.getImportTemplate(kind, format), `modelo-${kind}.${format}`);
    } catch (error) {
      notify(messageOf(error, 'Não foi possível baixar o modelo.'), { type: 'error' });
    }
  };

  if (kinds.length === 0)
    return <Alert severity="warning">Seu perfil não pode gravar nenhum dos tipos de registro importáveis.</Alert>;
  const shown = running ?? checked;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Importar" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {choice === LEGACY_KIND ? 'Importar do sistema anterior' : 'Importar planilha'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Traga alunos, turmas, matrículas, cobranças e notas de planilhas (XLSX ou CSV) ou do sistema anterior. Tudo é
          conferido antes: nada é gravado até você confirmar, e o mesmo envio feito duas vezes não duplica nada.
        </Typography>
        <ImportChooser
          kind={choice}
          kinds={kinds}
          legacy={legacy}
          file={file}
          onlyValid={onlyValid}
          busy={check.isPending || run.isPending || (running ? isRunning(running) : false)}
          onKind={(k) => {
            setKind(k);
            restart();
          }}
          onFile={(chosen) => {
            restart();
            if (chosen && chosen.size > MAX_FILE_BYTES) {
              setFile(null);
              setRefusal('O arquivo passa de 20 MB: divida a planilha em partes menores.');
            } else setFile(chosen);
          }}
          onOnlyValid={(value) => {
            setOnlyValid(value);
            setChecked(null);
          }}
          onTemplate={(format) => void template(format)}
          onCheck={() => {
            restart();
            if (file) check.mutate(file);
          }}
        />
        {choice === LEGACY_KIND ? (
          <LegacyImport />
        ) : (
          <>
            {refusal && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {refusal}
              </Alert>
            )}
            {running && isRunning(running) && <ImportProgress view={running} />}
            {shown && (
              <ImportSummary
                view={shown}
                busy={run.isPending || errorsFile.isPending}
                onRun={file ? () => run.mutate(file) : undefined}
                onErrorsFile={file ? () => errorsFile.mutate(file) : undefined}
              />
            )}
          </>
        )}
        {history && <ImportHistory imports={history.data} total={history.total} />}
      </CardContent>
    </Card>
  );
}
