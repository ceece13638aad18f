import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { formatDate } from '../format';
import { ExpiredResult, SignatureLines, type ExpiredDocument, type SignatureLine } from './SignedDocument';

/** What the public lookup answers of a document: nothing personal beyond the holder's name. */
export interface VerifiedDocument {
  type: string;
  type_name: string;
  created_at: string;
  /** Null for a signed contract of a family not yet enrolled (issue 39). */
  student: { name: string } | null;
  team: { name: string } | null;
  /** An electronically signed document (issue 39): its title, every signer, and whether a newer version exists. */
  title?: string;
  signatures?: SignatureLine[];
  superseded?: boolean;
}

/** What the public lookup answers of a revoked document (410): its type and dates, nothing of its holder. */
export interface RevokedDocument {
  type_name: string;
  created_at: string;
  revoked_at: string;
  message: string;
}

export type Lookup =
  | { state: 'found'; document: VerifiedDocument }
  | { state: 'revoked'; document: RevokedDocument }
  | { state: 'expired'; document: ExpiredDocument }
  | { state: 'not-found'; message: string }
  | { state: 'error'; message: string };

export const AUTHENTIC = 'Documento autêntico: idêntico ao emitido';
export const ALTERED = 'Arquivo alterado: não corresponde ao documento emitido';

/** The answer for a code: the document's holder, type, team and date; that it was revoked; or why there is none. */
export function VerifyResult({ code, lookup }: { code: string; lookup: Lookup }) {
  if (lookup.state === 'expired') return <ExpiredResult code={code} document={lookup.document} />;
  if (lookup.state === 'revoked') {
    const d = lookup.document;
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>Documento revogado</AlertTitle>
        <Typography variant="body2" gutterBottom>
          O código <strong>{code}</strong> foi de um documento que a escola revogou: ele não tem mais validade.
        </Typography>
        <Typography variant="body2">
          {d.type_name}, emitido em {formatDate(d.created_at)} e revogado em {formatDate(d.revoked_at)}.
        </Typography>
      </Alert>
    );
  }
  if (lookup.state !== 'found') {
    return (
      <Alert severity={lookup.state === 'not-found' ? 'warning' : 'error'} role="alert">
        <AlertTitle>
          {lookup.state === 'not-found' ? 'Documento não encontrado' : 'Não foi possível verificar'}
        </AlertTitle>
        {lookup.message}
      </Alert>
    );
  }
  const d = lookup.document;
  const signed = Boolean(d.signatures?.length);
  const rows: [string, string][] = [
    ...(d.student ? [['Titular', d.student.name] as [string, string]] : []),
    ['Documento', d.title ? `${d.type_name} — ${d.title}` : d.type_name],
    ...(d.student ? [['Turma', d.team?.name ?? '—'] as [string, string]] : []),
    [signed ? 'Assinado em' : 'Emitido em', formatDate(d.created_at)],
  ];
  return (
    <Alert severity="success" role="status">
      <AlertTitle>Documento válido</AlertTitle>
      <Typography variant="body2" gutterBottom>
        O código <strong>{code}</strong> corresponde a um documento emitido pela escola.
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          '& dt': { fontWeight: 700 },
          '& dd': { m: 0 },
        }}
      >
        {rows.map(([label, value]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}
      </Box>
      {signed && <SignatureLines signatures={d.signatures!} superseded={d.superseded} />}
    </Alert>
  );
}

export type FileCheck =
  { match: boolean; message: string; fileName: string } | { match: null; message: string; fileName: string };

/** The verdict on a dropped file: the exact document issued (green) or an altered copy (red). */
export function FileCheckResult({ check }: { check: FileCheck }) {
  if (check.match === null) {
    return (
      <Alert severity="warning" role="alert">
        {check.message}
      </Alert>
    );
  }
  return (
    <Alert severity={check.match ? 'success' : 'error'} variant="filled" role="alert" data-testid="resultado-arquivo">
      <AlertTitle sx={{ fontWeight: 700 }}>{check.match ? AUTHENTIC : ALTERED}</AlertTitle>
      {check.message}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Arquivo conferido: {check.fileName}
      </Typography>
    </Alert>
  );
}
