import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { buildUrl } from '../api/http';
import type { Found } from './DocumentFound';
import { HumanCheck, type HumanCheckHandle } from './HumanCheck';
import { PublicTextField } from './PublicTextField';
import type { usePublicToast } from './usePublicToast';

// The answer (an alert, the date formats) loads with the first valid code, not with the page.
const DocumentFound = lazy(() => import('./DocumentFound').then((m) => ({ default: m.DocumentFound })));

/** 'Digite o código completo': anyone checks that a document is authentic (spec §2.3). */
export function DocumentCheck({ toast }: { toast: ReturnType<typeof usePublicToast> }) {
  const [code, setCode] = useState('');
  const [payload, setPayload] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Found | null>(null);
  const check = useRef<HumanCheckHandle>(null);
  const result = useRef<HTMLDivElement>(null);
  // The answer lands under the form, below the fold of a phone or a laptop: it is brought into view (else
  // "Pesquisar" seems to do nothing), and the live region around it reads it out to a screen reader.
  useEffect(() => {
    if (found) result.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [found]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return toast.show({ type: 'error', title: 'Atenção!', message: 'Preencha corretamente o campo' });
    if (!payload) return;
    setBusy(true);
    setFound(null);
    try {
      const response = await fetch(buildUrl(`/documents/has-document/${encodeURIComponent(trimmed)}`), {
        headers: { 'x-altcha': payload, Accept: 'application/json' },
      });
      const body = (await response.json().catch(() => null)) as
        | { message?: string }
        | { student: { name: string } | null; title?: string; type_name: string; created_at: string }[]
        | null;
      if (response.ok && Array.isArray(body) && body[0]) {
        // A signed contract of a family not yet enrolled has no student: its title names it (issue 39).
        const name = body[0].student?.name ?? body[0].title ?? '—';
        setFound({ code: trimmed, name, type: body[0].type_name, createdAt: body[0].created_at });
      } else {
        const message =
          body && !Array.isArray(body) && body.message
            ? body.message
            : 'Não foi possível verificar o documento. Tente novamente.';
        toast.show({ type: 'warning', title: 'Atenção!', message });
      }
    } catch {
      toast.show({
        type: 'error',
        title: 'Erro',
        message: 'Não foi possível falar com o servidor. Verifique sua conexão.',
      });
    } finally {
      setBusy(false);
      check.current?.reset();
    }
  };

  return (
    <Card component="section" aria-labelledby="verificacao-titulo" sx={{ mb: 4 }}>
      <CardContent>
        <Typography id="verificacao-titulo" variant="h5" component="h2" gutterBottom>
          Verificação de documentos
        </Typography>
        <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={1}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <PublicTextField
              label="Digite o código completo"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              htmlInput={{ maxLength: 80 }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={!payload || busy}
              startIcon={busy ? <CircularProgress size={18} /> : <SearchIcon />}
              sx={{ minWidth: 160 }}
            >
              Pesquisar
            </Button>
          </Stack>
          <HumanCheck ref={check} onChange={setPayload} />
        </Stack>
        <Box ref={result} aria-live="polite" data-testid="resultado-verificacao" sx={{ scrollMarginTop: 80 }}>
          {found && (
            <Suspense fallback={null}>
              <DocumentFound found={found} onClose={() => setFound(null)} />
            </Suspense>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
