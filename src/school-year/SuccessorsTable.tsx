import {
  Checkbox,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import type { Named, SuccessorProposal } from '../../resources/next-year';

/** One proposal as the office edits it before confirming. */
export interface SuccessorDraft {
  from_team: SuccessorProposal['from_team'];
  existing: Named | null;
  chosen: boolean;
  name: string;
  grid_id: number;
  polo_id: number;
  payment_plan_id: number | null;
  start_date: string;
  end_date: string;
}

export const draftOf = (p: SuccessorProposal): SuccessorDraft => ({
  from_team: p.from_team,
  existing: p.existing,
  chosen: !p.existing,
  name: p.name,
  grid_id: p.grid.id,
  polo_id: p.polo.id,
  payment_plan_id: p.payment_plan?.id ?? null,
  start_date: p.start_date,
  end_date: p.end_date,
});

export interface SuccessorOptions {
  grids: Named[];
  polos: Named[];
  plans: Named[];
}

function Choice(props: {
  label: string;
  value: number | null;
  options: Named[];
  onChange: (id: number | null) => void;
  disabled: boolean;
  empty?: string;
}) {
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={props.label}
      value={props.value ?? ''}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value === '' ? null : Number(e.target.value))}
      // "Nenhum" shown as a value, not as an empty field under its label.
      slotProps={
        props.empty !== undefined ? { inputLabel: { shrink: true }, select: { displayEmpty: true } } : undefined
      }
      sx={{ minWidth: 150 }}
    >
      {props.empty !== undefined && <MenuItem value="">{props.empty}</MenuItem>}
      {props.options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * "Criar turmas de {ano}": each team of the year and its proposed successor (name with the new year, the next
 * series' grid, same polo and plan), editable, to confirm; a team whose successor exists shows it instead.
 */
export function SuccessorsTable({
  drafts,
  options,
  errors = {},
  onChange,
}: {
  drafts: SuccessorDraft[];
  options: SuccessorOptions;
  /** The server's 422 per line, by position among the chosen lines (`teams.{i}.{field}`). */
  errors?: Record<number, string>;
  onChange: (index: number, draft: SuccessorDraft) => void;
}) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Turmas propostas para o ano seguinte">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">Criar</TableCell>
            <TableCell>Turma atual</TableCell>
            <TableCell>Nome da nova turma</TableCell>
            <TableCell>Grade</TableCell>
            <TableCell>Polo</TableCell>
            <TableCell>Plano de pagamento</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {drafts.map((d, i) => {
            const set = (patch: Partial<SuccessorDraft>) => onChange(i, { ...d, ...patch });
            const off = !!d.existing || !d.chosen;
            return (
              <TableRow key={d.from_team.id}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={d.chosen}
                    disabled={!!d.existing}
                    onChange={(e) => set({ chosen: e.target.checked })}
                    inputProps={{ 'aria-label': `Criar a sucessora de ${d.from_team.name}` }}
                  />
                </TableCell>
                <TableCell sx={{ minWidth: 140 }}>{d.from_team.name}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>
                  {d.existing ? (
                    `Já criada: ${d.existing.name}`
                  ) : (
                    <TextField
                      size="small"
                      fullWidth
                      label="Nome"
                      value={d.name}
                      disabled={off}
                      error={!!errors[i]}
                      helperText={errors[i]}
                      onChange={(e) => set({ name: e.target.value })}
                    />
                  )}
                </TableCell>
                <TableCell>
                  <Choice
                    label="Grade"
                    value={d.grid_id}
                    options={options.grids}
                    disabled={off}
                    onChange={(id) => id && set({ grid_id: id })}
                  />
                </TableCell>
                <TableCell>
                  <Choice
                    label="Polo"
                    value={d.polo_id}
                    options={options.polos}
                    disabled={off}
                    onChange={(id) => id && set({ polo_id: id })}
                  />
                </TableCell>
                <TableCell>
                  <Choice
                    label="Plano"
                    value={d.payment_plan_id}
                    options={options.plans}
                    disabled={off}
                    empty="Nenhum"
                    onChange={(id) => set({ payment_plan_id: id })}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
