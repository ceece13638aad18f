import { Alert, Box, CircularProgress, Container, Paper, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { buildUrl } from '../api/http';
import { useBranding } from '../branding';
import { FileDrop } from './FileDrop';
import { HumanCheck, type HumanCheckHandle } from './HumanCheck';
import { PublicLink } from './PublicLink';
import { PublicTheme } from './PublicTheme';
import { VerifyResult, type Lookup, type RevokedDocument, type VerifiedDocument } from './VerifyResult';

/** Asks the server about a code with a solved human check (`x-altcha`, good for one request). */
export async function lookupCode(code: string, altcha: string): Promise<Lookup> {
  try {
    const response = await fetch(buildUrl(`/documents/has-document/${encodeURIComponent(code)}`), {
      headers: { 'x-altcha': altcha, Accept: 'application/json' },
    });
    const body = (await response.json().catch(() => null)) as
      | VerifiedDocument[]
      | (Partial<RevokedDocument> & { message?: string; revoked?: boolean; expired?: boolean; expired_at?: string })
      | null;
    if (response.ok && Array.isArray(body) && body[0]) return { state: 'found', document: body[0] };
    // 410: the signature of a signed document expired (issue 39).
    if (body && !Array.isArray(body) && body.expired)
      return {
        state: 'expired',
        document: {
          type_name: body.type_name ?? 'Documento',
          expired_at: body.expired_at ?? null,
          message: body.message ?? '',
        },
      };
    // 410: the school revoked it (issue 35).
    if (body && !Array.isArray(body) && body.revoked && body.type_name && body.created_at && body.revoked_at)
      return {
        state: 'revoked',
        document: {
          type_name: body.type_name,
          created_at: body.created_at,
          revoked_at: body.revoked_at,
          message: body.message ?? '',
        },
      };
    const message =
      body && !Array.isArray(body) && body.message
        ? body.message
        : 'Não foi encontrado nenhum documento válido com este código.';
    return { state: response.status === 404 ? 'not-found' : 'error', message };
  } catch {
    return { state: 'error', message: 'Não foi possível falar com o servidor. Verifique sua conexão.' };
  }
}

/**
 * `/verificar/{code}`, where the QR code of every issued PDF leads: after the human check, who holds the
 * document, its type, team and date; then the visitor may check the very file they were handed.
 * Public and light: nothing of the admin is imported here.
 */
export function VerifyPage({ code }: { code: string }) {
  const branding = useBranding();
  const check = useRef<HumanCheckHandle>(null);
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [busy, setBusy] = useState(false);
  const solved = async (payload: string | null) => {
    if (!payload || busy) return;
    setBusy(true);
    setLookup(await lookupCode(code, payload));
    setBusy(false);
  };
  return (
    <PublicTheme>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 2 }}>
        <Container maxWidth="md" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          {branding.colored_logo && (
            <Box component="img" src={branding.colored_logo} alt="" sx={{ height: 40, maxWidth: 120 }} />
          )}
          <PublicLink to="/" color="inherit" underline="hover" variant="h6">
            {branding.school_name}
          </PublicLink>
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: 4 }}>
        <Paper sx={{ p: { xs: 2, md: 4 } }}>
          <Stack spacing={3}>
            <Box>
              <Typography variant="h5" component="h1" gutterBottom>
                Verificação de documento
              </Typography>
              <Typography sx={{ wordBreak: 'break-all' }}>
                Código: <strong>{code}</strong>
              </Typography>
            </Box>
            {!lookup && (
              <Box>
                <Typography gutterBottom>Confirme que você não é um robô para ver os dados do documento.</Typography>
                <HumanCheck ref={check} onChange={(payload) => void solved(payload)} />
                {busy && <CircularProgress size={24} aria-label="Verificando" />}
              </Box>
            )}
            {lookup && <VerifyResult code={code} lookup={lookup} />}
            {lookup?.state === 'found' && <FileDrop code={code} signed={Boolean(lookup.document.signatures?.length)} />}
            {lookup?.state === 'found' && (
              <Alert severity="info">
                {lookup.document.signatures?.length
                  ? 'Só o documento, quem o assinou e quando são mostrados aqui: os demais dados estão no próprio arquivo.'
                  : 'Só o titular, o tipo, a turma e a data de emissão são mostrados aqui: os demais dados estão no próprio documento.'}
              </Alert>
            )}
          </Stack>
        </Paper>
      </Container>
    </PublicTheme>
  );
}
