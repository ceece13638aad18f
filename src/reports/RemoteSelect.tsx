import { Autocomplete, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useServerOptions } from '../api/useServerOptions';
import { upper } from '../format';
import type { Picked } from './values';

interface Row {
  id: number;
  name: string;
}

/** The server's rows as the form keeps them: id and name. */
function useRows(
  path: string,
  input: string,
  filter?: Record<string, number>,
): { options: Picked[]; loading: boolean } {
  const { options: rows, loading } = useServerOptions<Row>(path, input, 'name', filter);
  const options = useMemo(() => rows.map((r) => ({ id: Number(r.id), name: String(r.name) })), [rows]);
  return { options, loading };
}

interface CommonProps {
  /** List route of the contract, searched with its `search` parameter (`/teams`, `/students`). */
  path: string;
  label: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  /** How a row reads in the list: a student also by code, two homonyms apart. */
  optionLabel?: (row: Picked) => string;
  /** The list's filters besides the text: a report's teams of the chosen school year. */
  filter?: Record<string, number>;
}

const byName = (row: Picked) => upper(row.name);
const texts = {
  loadingText: 'Buscando…',
  noOptionsText: 'Nenhum resultado. Digite para buscar.',
  clearText: 'Desmarcar',
  openText: 'Mostrar opções',
  closeText: 'Ocultar opções',
};

/** One row (a team, a student) searched on the server as the person types. */
export function RemoteSelect({
  path,
  label,
  required,
  error,
  helperText,
  optionLabel = byName,
  filter,
  value,
  onChange,
}: CommonProps & { value: Picked | null; onChange: (row: Picked | null) => void }) {
  const [input, setInput] = useState('');
  const { options, loading } = useRows(path, input, filter);
  return (
    <Autocomplete
      {...texts}
      options={options}
      value={value}
      onChange={(_, row) => onChange(row)}
      // "reset" is MUI writing the chosen option's label into the box: not something to search for.
      onInputChange={(_, text, reason) => reason !== 'reset' && setInput(text)}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={loading}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} />
      )}
    />
  );
}

/** Several rows (teams, sent as `name[]`) searched on the server. */
export function RemoteMultiSelect({
  path,
  label,
  required,
  error,
  helperText,
  optionLabel = byName,
  filter,
  value,
  onChange,
}: CommonProps & { value: Picked[]; onChange: (rows: Picked[]) => void }) {
  const [input, setInput] = useState('');
  const { options, loading } = useRows(path, input, filter);
  return (
    <Autocomplete
      {...texts}
      multiple
      options={options}
      value={value}
      onChange={(_, rows) => onChange(rows)}
      onInputChange={(_, text, reason) => reason !== 'reset' && setInput(text)}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={loading}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} />
      )}
    />
  );
}
