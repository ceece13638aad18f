import SearchIcon from '@mui/icons-material/Search';
import { Alert, AlertTitle, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { buildUrl } from '../api/http';
import { formatDate } from '../format';
import { HumanCheck, type HumanCheckHandle } from './HumanCheck';
import type { usePublicToast } from './usePublicToast';

interface Found {
  code: string;
  name: string;
  type: string;
  date: string;
}

/** 'Digite o código completo': anyone checks that a document is authentic (spec §2.3). */
export function DocumentCheck({ toast }: { toast: ReturnType<typeof usePublicToast> }) {
  const [code, setCode] = useState('');
  const [payload, setPayload] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Found | null>(null);
  const check = useRef<HumanCheckHandle>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return toast.show({ type: 'error', title: 'Atenção!', message: 'Preencha corretamente o campo' });
    if (!payload) return;
    setBusy(true);
    setFound(null);
    try {
      const response = await fetch(buildUrl(`/documents/has-document/${encodeURIComponent(trimmed)}`), { headers: { 'x-altcha': payload, Accept: 'application/json' } });
      const body = (await response.json().catch(() => null)) as { message?: string } | { student: { name: string }; type_name: string; created_at: string }[] | null;
      if (response.ok && Array.isArray(body) && body[0]) {
        setFound({ code: trimmed, name: body[0].student.name, type: body[0].type_name, date: formatDate(body[0].created_at) });
      } else {
        const message = body && !Array.isArray(body) && body.message ? body.message : 'Não foi possível verificar o documento. Tente novamente.';
        toast.show({ type: 'warning', title: 'Atenção!', message });
      }
    } catch {
      toast.show({ type: 'error', title: 'Erro', message: 'Não foi possível falar com o servidor. Verifique sua conexão.' });
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
            <TextField label="Digite o código completo" value={code} onChange={(e) => setCode(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 80 } }} />
            <Button type="submit" variant="contained" disabled={!payload || busy} startIcon={busy ? <CircularProgress size={18} /> : <SearchIcon />} sx={{ minWidth: 160 }}>
              Pesquisar
            </Button>
          </Stack>
          <HumanCheck ref={check} onChange={setPayload} />
        </Stack>
        {found && (
          <Alert severity="success" onClose={() => setFound(null)} sx={{ mt: 2 }} role="status">
            <AlertTitle>Documento válido</AlertTitle>
            O documento com o código <strong>{found.code}</strong> ({found.type}, emitido em {found.date}) é válido e foi emitido em nome de <strong>{found.name}</strong>.
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
