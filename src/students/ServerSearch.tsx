import { Autocomplete, TextField, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';
import { useServerOptions } from '../api/useServerOptions';

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
export function ServerSearch<T extends { id: number }>({
  path,
  label,
  value,
  onChange,
  optionLabel,
  noOptionsText,
  sortBy = 'name',
  exclude,
  autoFocus,
  error,
  sx,
}: ServerSearchProps<T>) {
  const [input, setInput] = useState('');
  const { options: found, loading } = useServerOptions<T>(path, input, sortBy);
  const options = exclude ? found.filter((item) => !exclude(item)) : found;
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
      renderInput={(params) => (
        <TextField {...params} label={label} autoFocus={autoFocus} error={Boolean(error)} helperText={error} />
      )}
      sx={sx}
    />
  );
}
