import { Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import type { StageDates } from './calendarTypes';

export interface StageOption {
  id: number;
  stage: number;
  description?: string | null;
}

type Row = { start_date: string; end_date: string };

/** The dates of the school's stages in this year, a row per stage; a stage left empty has no dates yet. */
export function StageDatesTable({
  options,
  stages,
  canWrite,
  busy,
  onSave,
}: {
  options: StageOption[];
  stages: StageDates[];
  canWrite: boolean;
  busy?: boolean;
  onSave: (stages: StageDates[]) => void;
}) {
  const initial = () =>
    Object.fromEntries(
      options.map((o) => {
        const s = stages.find((x) => x.stage_id === o.id);
        return [o.id, { start_date: s?.start_date ?? '', end_date: s?.end_date ?? '' }];
      }),
    ) as Record<number, Row>;
  const [rows, setRows] = useState(initial);
  // Saved (or read again), the table shows what the server kept.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setRows(initial()), [stages, options]);
  const set = (id: number, key: keyof Row, value: string) =>
    setRows((r) => ({ ...r, [id]: { ...r[id], [key]: value } }));
  const save = () =>
    onSave(
      options
        .filter((o) => rows[o.id]?.start_date || rows[o.id]?.end_date)
        .map((o) => ({ stage_id: o.id, start_date: rows[o.id].start_date, end_date: rows[o.id].end_date })),
    );
  return (
    <Stack spacing={1} alignItems="flex-start">
      <Table size="small" aria-label="Datas das etapas" sx={{ maxWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell>Etapa</TableCell>
            <TableCell>Início</TableCell>
            <TableCell>Término</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {options.map((o) => (
            <TableRow key={o.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{o.description || `${o.stage}ª etapa`}</TableCell>
              {(['start_date', 'end_date'] as const).map((key) => (
                <TableCell key={key} sx={{ px: 0.5 }}>
                  <TextField
                    type="date"
                    size="small"
                    value={rows[o.id]?.[key] ?? ''}
                    onChange={(e) => set(o.id, key, e.target.value)}
                    disabled={!canWrite}
                    slotProps={{
                      htmlInput: {
                        'aria-label': `${key === 'start_date' ? 'Início' : 'Término'} da ${o.description || `${o.stage}ª etapa`}`,
                      },
                    }}
                    sx={{ minWidth: 130 }}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {canWrite && (
        <Button variant="outlined" onClick={save} disabled={busy}>
          Salvar etapas
        </Button>
      )}
    </Stack>
  );
}
