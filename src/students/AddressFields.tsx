import { CircularProgress, Grid, InputAdornment, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { CEP_MASK } from '../../resources/students';
import { applyMask, onlyDigits } from '../../resources/text';
import { UF_OPTIONS } from '../../resources/types';
import { useCepLookup } from './useCepLookup';

/** An address as guardians and the payer route keep it (CEP in digits). */
export interface Address {
  cep: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  uf: string;
}

export const EMPTY_ADDRESS: Address = {
  cep: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  uf: '',
};
export const ADDRESS_KEYS = Object.keys(EMPTY_ADDRESS) as (keyof Address)[];

const LABELS: Record<keyof Address, string> = {
  cep: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  city: 'Cidade',
  uf: 'UF',
};

/** The address as the API takes it: empty fields as null. */
export const addressBody = (address: Address, keys = ADDRESS_KEYS): Record<string, string | null> =>
  Object.fromEntries(keys.map((k) => [k, address[k].trim() || null]));

/** Whether an address is there to charge with: CEP, street, number, neighbourhood, city and UF. */
export const isComplete = (a: Partial<Record<keyof Address, unknown>>): boolean =>
  (['cep', 'street', 'number', 'neighborhood', 'city', 'uf'] as const).every((k) => Boolean(a[k]));

export interface AddressFieldsProps {
  value: Address;
  onChange: (next: Address, changed: (keyof Address)[]) => void;
  errors?: Partial<Record<string, string>>;
  /** Added to each label ("CEP do responsável"), when the form has another address. */
  labelSuffix?: string;
  /** Fields left out (a student's record has no complement). */
  without?: (keyof Address)[];
  /** The field to focus first (the one a refusal named). */
  autoFocus?: keyof Address;
}

/**
 * An address typed outside a react-admin form (the guardian section of a new student, the payer's dialog): CEP with
 * its mask, and leaving it with 8 digits fills street, neighbourhood, city and UF from the CEP lookup (or says to type
 * them when the lookup is down).
 */
export function AddressFields({
  value,
  onChange,
  errors = {},
  labelSuffix = '',
  without = [],
  autoFocus,
}: AddressFieldsProps) {
  const lookup = useCepLookup();
  const [looking, setLooking] = useState(false);
  const label = (key: keyof Address) => `${LABELS[key]}${labelSuffix}`;
  const set = (key: keyof Address, text: string) => onChange({ ...value, [key]: text }, [key]);
  const mark = (key: keyof Address) => (errors[key] ? { error: true, helperText: errors[key] } : {});
  const fill = async () => {
    setLooking(true);
    const found = await lookup(value.cep);
    setLooking(false);
    if (!found) return;
    const next = { ...value };
    for (const [key, text] of Object.entries(found)) next[key as keyof Address] = text ?? '';
    onChange(next, Object.keys(found) as (keyof Address)[]);
  };
  const text = (key: keyof Address, size: { xs: number; sm?: number; md?: number }) =>
    without.includes(key) ? null : (
      <Grid size={size}>
        <TextField
          label={label(key)}
          value={value[key]}
          onChange={(e) => set(key, e.target.value)}
          autoFocus={autoFocus === key}
          fullWidth
          {...mark(key)}
        />
      </Grid>
    );
  return (
    <Grid container columnSpacing={2} rowSpacing={2}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          label={label('cep')}
          value={applyMask(value.cep, CEP_MASK)}
          onChange={(e) => set('cep', onlyDigits(e.target.value).slice(0, 8))}
          onBlur={() => void fill()}
          autoFocus={autoFocus === 'cep'}
          fullWidth
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: {
              endAdornment: looking ? (
                <InputAdornment position="end">
                  <CircularProgress size={18} aria-label="Buscando o CEP" />
                </InputAdornment>
              ) : undefined,
            },
          }}
          {...mark('cep')}
        />
      </Grid>
      {text('street', { xs: 12, sm: 8 })}
      {text('number', { xs: 6, sm: 4 })}
      {text('complement', { xs: 6, sm: 8 })}
      {text('neighborhood', { xs: 12, sm: 5 })}
      {text('city', { xs: 8, sm: 5 })}
      <Grid size={{ xs: 4, sm: 2 }}>
        <TextField
          select
          label={label('uf')}
          value={value.uf}
          onChange={(e) => set('uf', e.target.value)}
          autoFocus={autoFocus === 'uf'}
          fullWidth
          {...mark('uf')}
        >
          <MenuItem value="">—</MenuItem>
          {UF_OPTIONS.map((o) => (
            <MenuItem key={String(o.value)} value={String(o.value)}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </Grid>
  );
}
