import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode, type Ref } from 'react';
import { InputHelperText, useInput, type Validator } from 'react-admin';
import type { FieldConfig } from '../../resources';
import type { MunicipalityRow } from '../../dataProvider/municipalities';
import { useApi } from '../api/useApi';

/** The municipality of a stored IBGE code, asked of the server once per code (the list lives there). */
export function useMunicipality(code: string | null | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['municipalities', 'code', code],
    queryFn: async () => (await api.searchMunicipalities(String(code), 1))[0] ?? null,
    enabled: Boolean(code && /^\d{7}$/.test(String(code))),
    staleTime: Infinity,
  });
}

/** A stored IBGE code as people read it: "Belém — PA" (the code itself until the name arrives). */
export function MunicipalityName({ code }: { code: string }) {
  const { data } = useMunicipality(code);
  return <>{data?.label ?? code}</>;
}

export interface MunicipalityPickerProps {
  id?: string;
  name: string;
  label: string;
  /** The IBGE code chosen, or null. */
  value: string | null;
  onChange: (code: string | null) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A select that searches the 5,571 IBGE municipalities on the server as the user types a name ("belem pa"), showing
 * "Belém — PA" and giving its code (1501402). The census's birthplaces and the school's address use it.
 */
export function MunicipalityPicker(props: MunicipalityPickerProps) {
  const api = useApi();
  const current = useMunicipality(props.value).data ?? null;
  const [text, setText] = useState('');
  const typed = text.trim();
  const { data: options = [], isFetching } = useQuery({
    queryKey: ['municipalities', 'search', typed],
    queryFn: () => api.searchMunicipalities(typed),
    enabled: typed.length >= 2 && typed !== current?.label,
    staleTime: Infinity,
  });
  const choices = current && !options.some((o) => o.code === current.code) ? [current, ...options] : options;
  return (
    <Autocomplete<MunicipalityRow>
      options={choices}
      value={current}
      loading={isFetching}
      disabled={props.disabled}
      filterOptions={(rows) => rows}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      onInputChange={(_, value) => setText(value)}
      onChange={(_, row) => props.onChange(row?.code ?? null)}
      onBlur={props.onBlur}
      noOptionsText={typed.length < 2 ? 'Digite o nome do município.' : 'Nenhum município encontrado.'}
      loadingText="Buscando…"
      renderInput={(params) => (
        <TextField
          {...params}
          id={props.id}
          name={props.name}
          label={props.label}
          required={props.required}
          inputRef={props.inputRef}
          error={props.error}
          helperText={props.helperText}
        />
      )}
      fullWidth
    />
  );
}

/** A config field holding an IBGE code (`rule: 'municipality'`) in a react-admin form. */
export function MunicipalityInput({
  field,
  validate,
  helperText,
}: {
  field: FieldConfig;
  validate: Validator[];
  helperText: string | boolean;
}) {
  const input = useInput({ source: field.name, validate });
  return (
    <MunicipalityPicker
      id={input.id}
      name={field.name}
      label={field.label}
      value={(input.field.value as string | null) || null}
      onChange={input.field.onChange}
      onBlur={input.field.onBlur}
      required={input.isRequired}
      inputRef={input.field.ref}
      error={input.fieldState.invalid}
      helperText={
        helperText !== false || input.fieldState.invalid ? (
          <InputHelperText error={input.fieldState.error?.message} helperText={helperText} />
        ) : undefined
      }
    />
  );
}
