import FilledInput from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import { useId, type ChangeEvent, type InputHTMLAttributes } from 'react';

export interface PublicTextFieldProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: string;
  placeholder?: string;
  multiline?: boolean;
  minRows?: number;
  htmlInput?: InputHTMLAttributes<HTMLInputElement | HTMLTextAreaElement>;
}

/**
 * A text box of the public home as MUI's TextField draws it with the theme's defaults (filled, dense,
 * full width), built from TextField's own parts: TextField imports Select, and with it Menu, Popover,
 * Modal and their transitions (~10 kB gzip), which a visitor of the home never sees.
 */
export function PublicTextField({
  label,
  value,
  onChange,
  type,
  placeholder,
  multiline,
  minRows,
  htmlInput,
}: PublicTextFieldProps) {
  const id = useId();
  return (
    <FormControl className="MuiTextField-root" variant="filled" margin="dense" size="small" fullWidth>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <FilledInput
        id={id}
        value={value}
        onChange={onChange}
        type={type}
        placeholder={placeholder}
        multiline={multiline}
        minRows={minRows}
        inputProps={htmlInput}
      />
    </FormControl>
  );
}
