import { InputAdornment, TextField } from '@mui/material';
import type { FocusEvent, ReactNode, Ref } from 'react';
import { settledMoney, typedMoney } from './money';

export interface MoneyInputProps {
  id?: string;
  name?: string;
  label: string;
  /** The text as typed ("1.500", "500,5"); settled to "1.500,00" when the person leaves the input. */
  value: string;
  onChange: (text: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The one money input of the screens (charges, payment plans, scholarships, the punctuality discount, the financial
 * report's filter): "R$" before it, the numeric keyboard with a comma on a phone, and the amount read as a Brazilian
 * writes it — "500" is R$ 500,00, "500,5" R$ 500,50, "1.500" R$ 1.500,00 — shown back as "1.500,00" on leaving.
 */
export function MoneyInput({ value, onChange, onBlur, label, inputRef, ...props }: MoneyInputProps) {
  return (
    <TextField
      {...props}
      label={label}
      value={value}
      inputRef={inputRef}
      onChange={(e) => onChange(typedMoney(e.target.value))}
      onBlur={(e) => {
        const settled = settledMoney(value);
        if (settled !== value) onChange(settled);
        onBlur?.(e);
      }}
      placeholder="0,00"
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
      }}
    />
  );
}
