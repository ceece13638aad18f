import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  InputAdornment,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import type { GeneralReportRow, TableReport } from '../../reports/types';
import { apiBlob, saveBlob } from '../api/files';
import { apiRequest, buildUrl } from '../api/http';
import { upper } from '../format';

type Column = keyof Omit<GeneralReportRow, 'id'>;
const COLUMNS: { key: Column; label: string }[] = [
  { key: 'student_id', label: 'Código' },
  { key: 'name', label: 'Aluno' },
  { key: 'team', label: 'Turma' },
  { key: 'polo', label: 'Polo' },
  { key: 'responsible', label: 'Responsável' },
  { key: 'grid', label: 'Grade' },
];
const PER_PAGE_OPTIONS = [10, 25, 50, 100];
export const CSV_FILE = 'relatorio_geral_de_alunos.csv';

interface Page {
  data: GeneralReportRow[];
  total: number;
}

/** The text once the person stops typing: one request per search, not one per key. */
function useDebounced(text: string, ms = 300): string {
  const [value, setValue] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setValue(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return value;
}

/** The general report (spec: General student report): a server-side table of every enrolment and its CSV. */
export function GeneralReportPage({ report }: { report: TableReport }) {
  const notify = useNotify();
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const [sort, setSort] = useState<{ by: Column; desc: boolean }>({ by: 'name', desc: false });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [result, setResult] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const exportingRef = useRef(false);
  const query = { search, sortBy: sort.by, sortDesc: sort.desc ? 1 : 0 };

  useEffect(() => {
    let current = true;
    setLoading(true);
    apiRequest<Page>(report.api, { query: { ...query, page: page + 1, perPage } })
      .then((answer) => current && (setResult(answer), setError(null)))
      .catch((e: unknown) => current && setError(e instanceof Error ? e.message : 'Erro ao carregar o relatório.'))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
    // `query` is rebuilt each render from these values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [report.api, search, sort.by, sort.desc, page, perPage]);
  // A new search starts on the first page.
  useEffect(() => setPage(0), [search]);

  const sortBy = (key: Column) => {
    setSort((s) => ({ by: key, desc: s.by === key ? !s.desc : false }));
    setPage(0);
  };

  const downloadCsv = async () => {
    if (exportingRef.current) return;
    exportingRef.current = true;
    setExporting(true);
    try {
      // The whole filtered set in the table's order, streamed by the server.
      saveBlob(await apiBlob(buildUrl(`${report.api}.csv`, query).replace(/^\/api/, '')), CSV_FILE);
    } catch {
      notify('Não foi possível gerar o arquivo CSV. Tente novamente.', { type: 'error' });
    } finally {
      exportingRef.current = false;
      setExporting(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={report.title} />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">
            Relatório geral de alunos
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
            <TextField
              label="Pesquisar"
              value={input}
              onChange={(e) => setInput(e.target.value.slice(0, 200))}
              size="small"
              sx={{ minWidth: 320 }}
              slotProps={{ input: { endAdornment: <InputAdornment position="end">{loading ? <CircularProgress size={18} aria-label="Carregando" /> : <SearchIcon />}</InputAdornment> } }}
            />
            <Button variant="contained" startIcon={exporting ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />} disabled={exporting} aria-busy={exporting} onClick={() => void downloadCsv()}>
              CSV
            </Button>
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
          <TableContainer>
            <Table size="small" aria-label="Relatório geral de alunos">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell key={c.key} sortDirection={sort.by === c.key ? (sort.desc ? 'desc' : 'asc') : false}>
                      <TableSortLabel active={sort.by === c.key} direction={sort.by === c.key && sort.desc ? 'desc' : 'asc'} onClick={() => sortBy(c.key)}>
                        {c.label}
                      </TableSortLabel>
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {(result?.data ?? []).map((row) => (
                  <TableRow key={row.id} hover>
                    <TableCell>{row.student_id}</TableCell>
                    <TableCell>
                      <MuiLink component={Link} to={`/admin/alunos/${row.student_id}/editar`}>
                        {upper(row.name)}
                      </MuiLink>
                    </TableCell>
                    <TableCell>{upper(row.team)}</TableCell>
                    <TableCell>{upper(row.polo)}</TableCell>
                    <TableCell>{row.responsible ?? ''}</TableCell>
                    <TableCell>{upper(row.grid)}</TableCell>
                  </TableRow>
                ))}
                {result && result.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length}>
                      <Box sx={{ py: 2, textAlign: 'center' }}>Nenhuma matrícula encontrada.</Box>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={result?.total ?? 0}
            page={result && page * perPage >= result.total && page > 0 ? 0 : page}
            rowsPerPage={perPage}
            rowsPerPageOptions={PER_PAGE_OPTIONS}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage="Linhas por página:"
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
            getItemAriaLabel={(type) => ({ first: 'Primeira página', last: 'Última página', next: 'Próxima página', previous: 'Página anterior' })[type]}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
