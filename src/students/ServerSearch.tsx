import { Autocomplete, TextField, type SxProps, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { apiRequest } from '../api/http';

export interface ServerSearchProps<T extends { id: number }> {
  /** List route of the contract, e.g. `/teams`, searched by `search` and sorted by `sortBy`. */
  path: string;
  label: string;
  value: T | null;
  onChange: (item: T | null) => void;
  optionLabel: (item: T) => string;
  noOptionsText: string;
  sortBy?: string;
  /** Rows the server may answer that must not be offered (e.g. the record being edited). */
  exclude?: (item: T) => boolean;
  autoFocus?: boolean;
  /** A refused save's message: the box in red with it underneath. */
  error?: string;
  sx?: SxProps<Theme>;
}

/** Rows searched on the server as the user types: one page of 20, never a whole table. */
export function ServerSearch<T extends { id: number }>({ path, label, value, onChange, optionLabel, noOptionsText, sortBy = 'name', exclude, autoFocus, error, sx }: ServerSearchProps<T>) {
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    // A slower answer to an older text must not replace the options of the newer one.
    let current = true;
    const timer = setTimeout(() => {
      setLoading(true);
      apiRequest<{ data: T[] }>(path, { query: { search: input, perPage: 20, sortBy, sortDesc: 0 } })
        .then((answer) => current && setOptions(exclude ? answer.data.filter((item) => !exclude(item)) : answer.data))
        .catch(() => current && setOptions([]))
        .finally(() => current && setLoading(false));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `exclude` is usually an inline arrow: depending on it would search again on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, sortBy, input]);
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_, item) => onChange(item)}
      // "reset" is MUI writing the chosen option's label into the box: not something to search for.
      onInputChange={(_, text, reason) => reason !== 'reset' && setInput(text)}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={loading}
      loadingText="Buscando…"
      noOptionsText={noOptionsText}
      clearText="Desmarcar"
      openText="Mostrar opções"
      closeText="Ocultar opções"
      renderInput={(params) => <TextField {...params} label={label} autoFocus={autoFocus} error={Boolean(error)} helperText={error} />}
      sx={sx}
    />
  );
}
