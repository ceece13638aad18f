import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import type { GeneralReportRow, TableReport } from '../../reports/types';
import { apiBlob, saveBlob } from '../api/files';
import { useApi } from '../api/useApi';
import { GeneralReportTable, type GeneralColumn, type GeneralSort } from './GeneralReportTable';

export const CSV_FILE = 'relatorio_geral_de_alunos.csv';

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
  const [sort, setSort] = useState<GeneralSort>({ by: 'name', desc: false });
  // The page belongs to the search it was chosen for: a new search starts on the first page.
  const [paging, setPaging] = useState({ search: '', page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const setPage = (p: number) => setPaging({ search, page: p });
  const [perPage, setPerPage] = useState(10);
  const [exporting, setExporting] = useState(false);
  const exportingRef = useRef(false);
  // The same filter and order for the table's page and for the CSV of every row.
  const { by: sortBy, desc } = sort;
  const sortDesc = desc ? 1 : 0;

  const api = useApi();
  // Under the students it lists; the page on screen stays while the next one loads.
  const query = { search, sortBy, sortDesc, page: page + 1, perPage };
  const {
    data: result,
    error: loadError,
    isFetching: loading,
  } = useQuery({
    queryKey: ['alunos', 'relatorio-geral', report.api, query],
    queryFn: () => api.getReportPage<GeneralReportRow>(report.api, query),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const error = loadError ? loadError.message || 'Erro ao carregar o relatório.' : null;

  const sortOn = (key: GeneralColumn) => {
    setSort((s) => ({ by: key, desc: s.by === key ? !s.desc : false }));
    setPage(0);
  };

  const downloadCsv = async () => {
    if (exportingRef.current) return;
    exportingRef.current = true;
    setExporting(true);
    try {
      // The whole filtered set in the table's order, streamed by the server.
      const params = new URLSearchParams({ search, sortBy, sortDesc: String(sortDesc) });
      saveBlob(await apiBlob(`${report.api}.csv?${params.toString()}`), CSV_FILE);
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
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            alignItems={{ sm: 'center' }}
            justifyContent="space-between"
          >
            <TextField
              label="Pesquisar"
              value={input}
              onChange={(e) => setInput(e.target.value.slice(0, 200))}
              size="small"
              sx={{ minWidth: 320 }}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      {loading ? <CircularProgress size={18} aria-label="Carregando" /> : <SearchIcon />}
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button
              variant="contained"
              startIcon={exporting ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
              disabled={exporting}
              aria-busy={exporting}
              onClick={() => void downloadCsv()}
            >
              CSV
            </Button>
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
          <GeneralReportTable
            rows={result?.data ?? null}
            total={result?.total ?? 0}
            sort={sort}
            onSort={sortOn}
            page={page}
            perPage={perPage}
            onPage={setPage}
            onPerPage={(n) => {
              setPerPage(n);
              setPage(0);
            }}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
