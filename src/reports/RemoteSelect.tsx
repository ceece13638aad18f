import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { apiRequest } from '../api/http';
import { upper } from '../format';
import type { Picked } from './values';

interface Row {
  id: number;
  name: string;
}

/** Rows of a list route matching what is typed: one page of 20, never a whole table (a school has thousands of students). */
function useServerOptions(path: string, input: string): { options: Picked[]; loading: boolean } {
  const [options, setOptions] = useState<Picked[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    // A slower answer to an older text must not replace the options of the newer one.
    let current = true;
    const timer = setTimeout(() => {
      setLoading(true);
      apiRequest<{ data: Row[] }>(path, { query: { search: input, perPage: 20, sortBy: 'name', sortDesc: 0 } })
        .then((answer) => current && setOptions(answer.data.map((r) => ({ id: Number(r.id), name: String(r.name) }))))
        .catch(() => current && setOptions([]))
        .finally(() => current && setLoading(false));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [path, input]);
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
}

const byName = (row: Picked) => upper(row.name);
const texts = { loadingText: 'Buscando…', noOptionsText: 'Nenhum resultado. Digite para buscar.', clearText: 'Desmarcar', openText: 'Mostrar opções', closeText: 'Ocultar opções' };

/** One row (a team, a student) searched on the server as the person types. */
export function RemoteSelect({ path, label, required, error, helperText, optionLabel = byName, value, onChange }: CommonProps & { value: Picked | null; onChange: (row: Picked | null) => void }) {
  const [input, setInput] = useState('');
  const { options, loading } = useServerOptions(path, input);
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
      renderInput={(params) => <TextField {...params} label={label} required={required} error={error} helperText={helperText} />}
    />
  );
}

/** Several rows (teams, sent as `name[]`) searched on the server. */
export function RemoteMultiSelect({ path, label, required, error, helperText, optionLabel = byName, value, onChange }: CommonProps & { value: Picked[]; onChange: (rows: Picked[]) => void }) {
  const [input, setInput] = useState('');
  const { options, loading } = useServerOptions(path, input);
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
      renderInput={(params) => <TextField {...params} label={label} required={required} error={error} helperText={helperText} />}
    />
  );
}
