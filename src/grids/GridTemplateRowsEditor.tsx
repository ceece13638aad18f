import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';

export interface TemplateRowDraft {
  /** Stable React key; stored rows also carry their `id`. */
  key: string;
  id?: number;
  discipline_id: number | '';
  stage_id: number | '';
  workload: string;
}

export interface Option {
  id: number;
  name: string;
}

export interface GridTemplateRowsEditorProps {
  rows: TemplateRowDraft[];
  disciplines: Option[];
  stages: Option[];
  /** Messages per row index and field, from the server's 422. */
  errors?: Record<number, Partial<Record<'discipline_id' | 'stage_id' | 'workload', string>>>;
  onChange: (rows: TemplateRowDraft[]) => void;
  onRemove: (row: TemplateRowDraft, index: number) => void;
  onAdd: () => void;
}

let counter = 0;
export function newRow(): TemplateRowDraft {
  counter += 1;
  return { key: `novo-${counter}`, discipline_id: '', stage_id: '', workload: '' };
}

/** Rows of a grid: discipline, stage and workload (digits only), with add and remove. */
export function GridTemplateRowsEditor({
  rows,
  disciplines,
  stages,
  errors = {},
  onChange,
  onRemove,
  onAdd,
}: GridTemplateRowsEditorProps) {
  const update = (index: number, patch: Partial<TemplateRowDraft>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <>
      <Table size="small" aria-label="Linhas da grade">
        <TableHead>
          <TableRow>
            <TableCell>Disciplina</TableCell>
            <TableCell sx={{ width: 160 }}>Etapa</TableCell>
            <TableCell sx={{ width: 160 }}>Carga horária</TableCell>
            <TableCell sx={{ width: 64 }} align="center">
              Remover
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={row.key}>
              <TableCell>
                <TextField
                  select
                  fullWidth
                  size="small"
                  label="Disciplina"
                  value={row.discipline_id}
                  onChange={(e) => update(index, { discipline_id: Number(e.target.value) })}
                  error={Boolean(errors[index]?.discipline_id)}
                  helperText={errors[index]?.discipline_id}
                >
                  {disciplines.map((d) => (
                    <MenuItem key={d.id} value={d.id}>
                      {d.name}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell>
                <TextField
                  select
                  fullWidth
                  size="small"
                  label="Etapa"
                  value={row.stage_id}
                  onChange={(e) => update(index, { stage_id: Number(e.target.value) })}
                  error={Boolean(errors[index]?.stage_id)}
                  helperText={errors[index]?.stage_id}
                >
                  {stages.map((s) => (
                    <MenuItem key={s.id} value={s.id}>
                      {s.name}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell>
                <TextField
                  fullWidth
                  size="small"
                  label="Carga horária"
                  value={row.workload}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
                  onChange={(e) => update(index, { workload: e.target.value.replace(/\D+/g, '') })}
                  error={Boolean(errors[index]?.workload)}
                  helperText={errors[index]?.workload}
                />
              </TableCell>
              <TableCell align="center">
                <Tooltip title="Remover linha">
                  <IconButton
                    aria-label={`Remover linha ${index + 1}`}
                    color="error"
                    size="small"
                    onClick={() => onRemove(row, index)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button startIcon={<AddIcon />} onClick={onAdd} sx={{ mt: 1 }}>
        Adicionar linha
      </Button>
    </>
  );
}
