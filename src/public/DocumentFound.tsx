import { Alert, AlertTitle } from '@mui/material';
import { formatDate } from '../format';

export interface Found {
  code: string;
  name: string;
  type: string;
  /** As the server answers it: formatted here, in the school's time zone. */
  createdAt: string;
}

/** The answer of the home's document check for a valid code (loaded with the first answer). */
export function DocumentFound({ found, onClose }: { found: Found; onClose: () => void }) {
  return (
    <Alert severity="success" onClose={onClose} sx={{ mt: 2 }} role="status">
      <AlertTitle>Documento válido</AlertTitle>O documento com o código <strong>{found.code}</strong> ({found.type},
      emitido em {formatDate(found.createdAt)}) é válido e foi emitido em nome de <strong>{found.name}</strong>.
    </Alert>
  );
}
