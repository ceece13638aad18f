import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { IMPORT_KIND_NAMES, IMPORT_KINDS, LEGACY_KIND, type ImportKind } from '../../resources/import-kinds';

/** The largest file the server takes (server/imports/read/limits.ts): refused here before it is sent. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** What the office brings: a spreadsheet kind, or everything from the previous system. */
export type ImportChoice = ImportKind | typeof LEGACY_KIND;

export interface ImportChooserProps {
  kind: ImportChoice;
  /** The kinds the person may import (their roles' write permissions). */
  kinds: ImportKind[];
  /** "Do sistema anterior" is offered (the role may write everything it copies). */
  legacy?: boolean;
  file: File | null;
  onlyValid: boolean;
  busy: boolean;
  onKind: (kind: ImportChoice) => void;
  onFile: (file: File | null) => void;
  onOnlyValid: (value: boolean) => void;
  onTemplate: (format: 'xlsx' | 'csv') => void;
  onCheck: () => void;
}

/** The choice of what to import: the spreadsheet kinds the role may write, and the previous system. */
function KindSelect({ kind, kinds, legacy, onKind }: Pick<ImportChooserProps, 'kind' | 'kinds' | 'legacy' | 'onKind'>) {
  return (
    <FormControl size="small">
      <InputLabel id="import-kind-label">O que importar</InputLabel>
      <Select
        labelId="import-kind-label"
        label="O que importar"
        value={kind}
        onChange={(event) => onKind(event.target.value as ImportChoice)}
      >
        {IMPORT_KIND_NAMES.filter((k) => kinds.includes(k)).map((k) => (
          <MenuItem key={k} value={k}>
            {IMPORT_KINDS[k].label}
          </MenuItem>
        ))}
        {legacy && <MenuItem value={LEGACY_KIND}>Do sistema anterior</MenuItem>}
      </Select>
      <FormHelperText>
        {kind === LEGACY_KIND
          ? 'Tudo o que a escola tinha no sistema anterior, pelo endereço dele.'
          : IMPORT_KINDS[kind].hint}
      </FormHelperText>
    </FormControl>
  );
}

/** What to import, its template, the file and "Conferir planilha" (a dry run: nothing is written yet). */
export function ImportChooser(props: ImportChooserProps) {
  const { kind, file, onlyValid, busy } = props;
  if (kind === LEGACY_KIND)
    return (
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <KindSelect {...props} />
      </Stack>
    );
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <KindSelect {...props} />
      <Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Baixe o modelo, preencha uma linha por registro (as colunas podem vir em qualquer ordem) e envie.
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" onClick={() => props.onTemplate('xlsx')}>
            Baixar modelo (XLSX)
          </Button>
          <Button variant="outlined" size="small" onClick={() => props.onTemplate('csv')}>
            Baixar modelo (CSV)
          </Button>
        </Stack>
      </Box>
      <Box>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
          Escolher planilha
          <input
            hidden
            type="file"
            aria-label="Planilha (XLSX ou CSV)"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            onChange={(event) => {
              props.onFile(event.target.files?.[0] ?? null);
              // The same file chosen again (corrected in place) is read again.
              event.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" sx={{ mt: 1 }} color={file ? 'text.primary' : 'text.secondary'}>
          {file ? `Arquivo: ${file.name}` : 'Nenhum arquivo escolhido (XLSX ou CSV, até 20 MB).'}
        </Typography>
      </Box>
      <FormControlLabel
        control={<Checkbox checked={onlyValid} onChange={(event) => props.onOnlyValid(event.target.checked)} />}
        label="Importar só as linhas válidas (as linhas com erro ficam de fora)"
      />
      <Box>
        <Button variant="contained" disabled={!file || busy} onClick={props.onCheck}>
          Conferir planilha
        </Button>
      </Box>
    </Stack>
  );
}
