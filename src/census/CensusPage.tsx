import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import type { CensusProblem, CensusReturn } from '../../dataProvider/census';
import { saveBlob } from '../api/files';
import { useApi } from '../api/useApi';
import { censusKey, censusYear } from './census';

const RECORD_WORD: Record<CensusProblem['record'], string> = {
  escola: 'Escola',
  turma: 'Turma',
  aluno: 'Aluno',
  profissional: 'Profissional',
};

/** The problems, each a link to the form that fixes it. */
export function CensusProblems({ problems }: { problems: CensusProblem[] }) {
  if (!problems.length)
    return <Alert severity="success">Nenhuma pendência: os dados do Censo estão completos para exportar.</Alert>;
  return (
    <List aria-label="Pendências do Censo" dense disablePadding>
      {problems.map((p) => (
        <ListItem key={`${p.record}-${p.id}-${p.field}`} divider disableGutters>
          <ListItemText
            primary={
              <MuiLink component={Link} to={p.link} sx={{ overflowWrap: 'anywhere' }}>
                {p.message}
              </MuiLink>
            }
            secondary={RECORD_WORD[p.record]}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** What the return file did, in words. */
export function ReturnSummary({ result }: { result: CensusReturn }) {
  const { alunos, profissionais, turmas } = result.updated;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const written = `Códigos INEP gravados: ${plural(alunos, 'aluno', 'alunos')}, ${plural(profissionais, 'profissional', 'profissionais')}, ${plural(turmas, 'turma', 'turmas')}.`;
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
        {!error && !problems && <CircularProgress aria-label="Carregando" />}
        {problems && <CensusProblems problems={problems} />}
      </CardContent>
    </Card>
  );
}
