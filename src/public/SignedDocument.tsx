import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { formatDate } from '../format';

/** One signer of an electronically signed document, as the signature pages in the file name them. */
export interface SignatureLine {
  name: string;
  signed_at: string;
  /** "Assinado eletronicamente por … em dd/mm/aaaa hh:mm", worded by the server in Brasília time. */
  text: string;
}

/** What the public lookup answers of a signed document whose signature expired (410). */
export interface ExpiredDocument {
  type_name: string;
  expired_at: string | null;
  message: string;
}

/** Every signer's line, oldest first, and whether a newer version (with more signatures) exists. */
export function SignatureLines({ signatures, superseded }: { signatures: SignatureLine[]; superseded?: boolean }) {
  return (
    <Box component="section" aria-labelledby="assinaturas-titulo" sx={{ mt: 1.5 }}>
      <Typography id="assinaturas-titulo" variant="subtitle2" component="h2">
        Assinaturas eletrônicas
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="assinaturas">
        {signatures.map((s) => (
          <li key={`${s.name}-${s.signed_at}`}>
            <Typography variant="body2">{s.text}</Typography>
          </li>
        ))}
      </Box>
      {superseded && (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 700 }}>
          Existe uma versão mais nova deste documento, com mais assinaturas. Esta versão continua válida como foi
          assinada.
        </Typography>
      )}
    </Box>
  );
}

/** A signed document whose signature expired: said plainly, with the date, nothing of its holder. */
export function ExpiredResult({ code, document }: { code: string; document: ExpiredDocument }) {
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>Assinatura expirada</AlertTitle>
      <Typography variant="body2" gutterBottom>
        O código <strong>{code}</strong> é de um documento assinado eletronicamente cuja assinatura expirou.
      </Typography>
      <Typography variant="body2">
        {document.message}
        {document.expired_at ? ` ${document.type_name}, expirado em ${formatDate(document.expired_at)}.` : ''}
      </Typography>
    </Alert>
  );
}
