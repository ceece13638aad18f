import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { useCurrentSchoolYear } from './useCurrentSchoolYear';

/**
 * The year a screen shows (the dashboard's chart, the reports' team pickers): the current one until the person
 * chooses another, or "Todos os anos" (null). `settled` is false while the current year is looked up.
 */
export function useSchoolYearChoice(): { id: number | null; settled: boolean; choose: (id: number | null) => void } {
  const current = useCurrentSchoolYear();
  const [chosen, choose] = useState<number | null | undefined>(undefined);
  return { id: chosen === undefined ? (current.year?.id ?? null) : chosen, settled: current.settled, choose };
}

/**
 * A small select of the school's years, newest first, and "Todos os anos". A role that may not list the years (they
 * are under Turmas' permission) still sees the current one, which every signed-in person may read.
 */
export function SchoolYearSelect({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const current = useCurrentSchoolYear();
  const { data } = useGetList(
    'anos-letivos',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'year', order: 'DESC' }, filter: {} },
    { retry: false },
  );
  const years = data?.length ? data : current.year ? [current.year] : [];
  return (
    <TextField
      select
      size="small"
      label="Ano letivo"
      value={value ?? 'all'}
      onChange={(event) => onChange(event.target.value === 'all' ? null : Number(event.target.value))}
      sx={{ minWidth: 150 }}
    >
      {years.map((y) => (
        <MenuItem key={y.id} value={y.id}>
          {y.year}
        </MenuItem>
      ))}
      <MenuItem value="all">Todos os anos</MenuItem>
    </TextField>
  );
}
