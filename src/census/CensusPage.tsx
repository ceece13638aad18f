import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import {
  DataTable,
  downloadCSV,
  ExportButton,
  FilterForm,
  FunctionField,
  ListContextProvider,
  Pagination,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  Title,
  useList,
  useNotify,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { CensusProblem, CensusReturn } from '../../dataProvider/census';
import { foldText } from '../../resources/text';
import { saveBlob } from '../api/files';
import { useApi } from '../api/useApi';
import { censusKey, censusYear } from './census';
import { csvText } from '../components/csvText';

const RECORD_WORD: Record<CensusProblem['record'], string> = {
  escola: 'Escola',
  turma: 'Turma',
  aluno: 'Aluno',
  profissional: 'Profissional',
};

/** A problem as a row of the list: its own key, the kind in words, and the name folded for the search. */
export interface ProblemRow extends Omit<CensusProblem, 'id'> {
  id: string;
  subject_id: number;
  kind: string;
  /** The server's order (school, teams, people…), the list's first sort. */
  order: number;
  /** The name without accents, so "joao" finds João (react-admin's `q` searches every field). */
  folded: string;
}

export const problemRows = (problems: CensusProblem[]): ProblemRow[] =>
  problems.map((p, order) => ({
    ...p,
    id: `${p.record}-${p.id}-${p.field}`,
    subject_id: p.id,
    kind: RECORD_WORD[p.record],
    order,
    folded: foldText(p.name),
  }));

const NONE: CensusProblem[] = [];

/** The problems the filters leave, in the list's order, as a CSV for Excel in Portuguese (";", a BOM). */
export function exportProblems(rows: ProblemRow[], year = censusYear()) {
  const head = ['Cadastro', 'Nome', 'Pendência', 'Onde corrigir'];
  const lines = rows.map((r) => [r.kind, r.name, r.message, r.link]);
  downloadCSV(csvText(head, lines), `censo-escolar-${year}-pendencias`);
}

const FILTERS = [
  <SelectInput
    key="record"
    source="record"
    label="Cadastro"
    choices={Object.entries(RECORD_WORD).map(([id, name]) => ({ id, name }))}
    emptyText="Todos"
    alwaysOn
  />,
  <TextInput key="q" source="q" label="Buscar por nome" alwaysOn resettable />,
];

/**
 * The problems as a react-admin list over the check's answer (useList): filtered by kind of record, searched by name,
 * sorted, 25 a page and exported; each problem a link to the form that fixes it.
 */
export function CensusProblems({ problems, isPending = false }: { problems: CensusProblem[]; isPending?: boolean }) {
  const data = useMemo(() => problemRows(problems), [problems]);
  const list = useList<ProblemRow>({
    data,
    isPending,
    perPage: 25,
    sort: { field: 'order', order: 'ASC' },
    exporter: (rows: ProblemRow[]) => exportProblems(rows),
  });
  if (!isPending && !problems.length)
    return <Alert severity="success">Nenhuma pendência: os dados do Censo estão completos para exportar.</Alert>;
  return (
    <ResourceContextProvider value="censo-pendencias">
      <ListContextProvider value={list}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1 }}>
            <FilterForm filters={FILTERS} />
          </Box>
          <Box>
            <ExportButton label="Exportar" disabled={!list.total} />
          </Box>
        </Stack>
        {/* Scrolls sideways on a phone: reachable by keyboard, named for a screen reader (axe). */}
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Pendências do Censo">
          <DataTable bulkActionButtons={false} rowClick={false} size="small" empty={<NoMatch />}>
            <DataTable.Col source="kind" label="Cadastro" />
            <DataTable.Col source="name" label="Nome" />
            <DataTable.Col source="message" label="Pendência">
              <FunctionField<ProblemRow>
                render={(p) => (
                  <MuiLink component={Link} to={p.link} sx={{ overflowWrap: 'anywhere' }}>
                    {p.message}
                  </MuiLink>
                )}
              />
            </DataTable.Col>
          </DataTable>
          <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
        </Box>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

function NoMatch() {
  return <Typography color="text.secondary">Nenhuma pendência com esses filtros.</Typography>;
}

/** What the return file did, in words. */
export function ReturnSummary({ result }: { result: CensusReturn }) {
  const { alunos, profissionais, turmas, matriculas = 0 } = result.updated;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const written = `Códigos INEP gravados: ${plural(alunos, 'aluno', 'alunos')}, ${plural(profissionais, 'profissional', 'profissionais')}, ${plural(turmas, 'turma', 'turmas')}, ${plural(matriculas, 'matrícula', 'matrículas')}.`;
  const missing = result.unmatched.map((u) => `${u.name}${u.birth_date ? ` (${u.birth_date})` : ''}`).join('; ');
  return (
    <Alert severity={result.unmatched.length ? 'warning' : 'success'} sx={{ mt: 2 }}>
      <Typography>{written}</Typography>
      {result.unmatched.length > 0 && (
        <Typography>{`Não encontrados (${result.unmatched.length}): ${missing}.`}</Typography>
      )}
    </Alert>
  );
}

/**
 * Secretaria › Censo Escolar (issue 40): what the Educacenso would refuse, the two files for INEP (refused by the
 * server while anything is missing) and INEP's return file, which fills in the INEP codes.
 */
export function CensusPage() {
  const api = useApi();
  const notify = useNotify();
  const queries = useQueryClient();
  const year = censusYear();
  const input = useRef<HTMLInputElement>(null);
  const [returned, setReturned] = useState<CensusReturn>();
  const { data: problems, error } = useQuery({
    queryKey: censusKey(year),
    queryFn: () => api.getCensusProblems(year),
  });
  const exporting = useMutation({
    mutationFn: (stage: 1 | 2) => api.exportCensus(year, stage),
    onSuccess: (file) => saveBlob(file.blob, file.name),
    onError: (e: Error) => notify(e.message || 'Não foi possível gerar o arquivo.', { type: 'error' }),
  });
  const importing = useMutation({
    mutationFn: (file: File) => api.importCensusReturn(year, file),
    onSuccess: (result) => {
      setReturned(result);
      void queries.invalidateQueries({ queryKey: censusKey(year) });
    },
    onError: (e: Error) => notify(e.message || 'Não foi possível ler o arquivo.', { type: 'error' }),
  });
  const busy = exporting.isPending || importing.isPending;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Censo Escolar" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Censo Escolar {year}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Button variant="contained" startIcon={<DownloadIcon />} disabled={busy} onClick={() => exporting.mutate(1)}>
            1ª etapa (matrícula inicial)
          </Button>
          <Button variant="outlined" startIcon={<DownloadIcon />} disabled={busy} onClick={() => exporting.mutate(2)}>
            2ª etapa (situação do aluno)
          </Button>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            Importar retorno do INEP
          </Button>
          <input
            ref={input}
            type="file"
            accept=".txt,text/plain"
            hidden
            aria-label="Arquivo de retorno do INEP"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) importing.mutate(file);
              e.target.value = '';
            }}
          />
        </Box>
        {returned && <ReturnSummary result={returned} />}
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          {problems ? `Pendências (${problems.length})` : 'Pendências'}
        </Typography>
        {error && <Alert severity="error">{error.message || 'Erro ao conferir o Censo.'}</Alert>}
        {!error && <CensusProblems problems={problems ?? NONE} isPending={!problems} />}
      </CardContent>
    </Card>
  );
}
