import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Pagination,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { useApi } from '../api/useApi';
import { useServerWrite } from '../components/serverErrors';
import { upper } from '../format';
import { MergeDialog } from './MergeDialog';
import type { DuplicateKind, DuplicatePage, DuplicatePair } from './types';

export const DUPLICATES_TITLE = 'Possíveis duplicados';
const PER_PAGE = 20;
/** The react-admin resource each kind's data belongs to (the first word of its query keys), and its address. */
const RESOURCE: Record<DuplicateKind, string> = { students: 'alunos', guardians: 'responsaveis' };
export const duplicatesPath = (kind: DuplicateKind) => `/admin/${RESOURCE[kind]}/duplicados`;

function PairCard({ pair, onMerge }: { pair: DuplicatePair; onMerge(): void }) {
  return (
    <Card component="li" variant="outlined">
      <CardContent
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', '&:last-child': { pb: 2 } }}
      >
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          {[pair.first, pair.second].map((r) => (
            <Typography key={r.id} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {upper(r.name)}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                nº {r.id}
              </Typography>
            </Typography>
          ))}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {pair.reasons.map((reason) => (
              <Chip key={reason} label={reason} size="small" color="warning" variant="outlined" />
            ))}
          </Box>
        </Box>
        <Button
          variant="contained"
          onClick={onMerge}
          aria-label={`Unir ${upper(pair.first.name)} e ${upper(pair.second.name)}`}
        >
          Unir
        </Button>
      </CardContent>
    </Card>
  );
}

/** The pairs of one page, or the words for none. */
export function DuplicateList({ page, onMerge }: { page: DuplicatePage; onMerge(pair: DuplicatePair): void }) {
  if (page.data.length === 0) return <Typography>Nenhum possível duplicado encontrado.</Typography>;
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        {page.total === 1 ? '1 par' : `${page.total} pares`} com o mesmo CPF, ou o mesmo nome e outro dado igual.
        Confira os dois registros antes de unir.
      </Typography>
      <Box component="ul" aria-label={DUPLICATES_TITLE} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {page.data.map((pair) => (
          <PairCard key={pair.id} pair={pair} onMerge={() => onMerge(pair)} />
        ))}
      </Box>
    </>
  );
}

/**
 * Secretaria › Alunos (and Responsáveis) › Possíveis duplicados: the pairs typing and imports made, with why they
 * look alike; "Unir" shows both side by side and merges them into the one the office keeps.
 */
export function DuplicatesPage({ kind }: { kind: DuplicateKind }) {
  const api = useApi();
  const write = useServerWrite();
  const [pageNumber, setPageNumber] = useState(1);
  const [pair, setPair] = useState<DuplicatePair | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: page, error } = useQuery({
    queryKey: [RESOURCE[kind], 'duplicados', pageNumber],
    queryFn: () => api.getDuplicatePairs(kind, pageNumber, PER_PAGE),
  });
  const merge = async (keep: number, from: number) => {
    setBusy(true);
    const done = await write(() => api.mergeDuplicate(kind, keep, from), { fallback: 'Não foi possível unir.' });
    setBusy(false);
    if (done.ok || done.status === 404) setPair(null);
  };
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={DUPLICATES_TITLE} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {DUPLICATES_TITLE}
        </Typography>
        <Tabs value={kind} sx={{ mb: 2 }} aria-label="De quem">
          <Tab value="students" label="Alunos" component={Link} to={duplicatesPath('students')} />
          <Tab value="guardians" label="Responsáveis" component={Link} to={duplicatesPath('guardians')} />
        </Tabs>
        {error && <Alert severity="error">{error.message || 'Erro ao carregar a lista.'}</Alert>}
        {!error && !page && <CircularProgress aria-label="Carregando" />}
        {page && <DuplicateList page={page} onMerge={setPair} />}
        {page && page.last_page > 1 && (
          <Pagination
            sx={{ mt: 2 }}
            count={page.last_page}
            page={pageNumber}
            onChange={(_, n) => setPageNumber(n)}
            getItemAriaLabel={(type, n) =>
              type === 'page' ? `Página ${n}` : type === 'next' ? 'Próxima página' : 'Página anterior'
            }
          />
        )}
      </CardContent>
      <MergeDialog kind={kind} pair={pair} busy={busy} onClose={() => setPair(null)} onConfirm={merge} />
    </Card>
  );
}
