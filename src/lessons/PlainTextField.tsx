import { FilledInput, FormControl, InputLabel, type SxProps, type Theme } from '@mui/material';
import { useId, type CSSProperties } from 'react';
import { ErrorText } from './ErrorText';

interface PlainTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  required?: boolean;
  multiline?: boolean;
  size?: 'small' | 'medium';
  placeholder?: string;
  maxLength: number;
  /** The name a screen reader reads, when more precise than the label ("Motivo da falta de …"). */
  ariaLabel?: string;
  errors?: string[];
  sx?: SxProps<Theme>;
}

/**
 * Whether the browser grows a textarea with its text by CSS alone (`field-sizing: content`, Chromium): then a
 * multiline field is a plain textarea, not MUI's TextareaAutosize, which measures the page's layout as it mounts
 * (~0.1 s of the roll call's draw on a phone at 4× CPU, issue 36). Elsewhere TextareaAutosize, as before.
 */
const GROWS_BY_CSS =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Two lines at least, as TextareaAutosize's `minRows` 2 (InputBase's line height), then as tall as the text. */
const GROWING: CSSProperties = { fieldSizing: 'content', minHeight: 'calc(2 * 1.4375em)' } as CSSProperties;

/**
 * A filled text field (react-admin's look) built from MUI's parts, as TextField draws it: TextField brings its
 * Select, menus, popover and outlined input along (about 10 kB gzip) to the roll call a teacher opens on 3G
 * (issue 36).
 */
export function PlainTextField({
  label,
  value,
  onChange,
  errors = [],
  maxLength,
  ariaLabel,
  ...props
}: PlainTextFieldProps) {
  const id = useId();
  const error = errors.length > 0;
  return (
    <FormControl
      fullWidth
      required={props.required}
      error={error}
      disabled={props.disabled}
      size={props.size}
      sx={props.sx}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <FilledInput
        id={id}
        multiline={props.multiline}
        minRows={props.multiline && !GROWS_BY_CSS ? 2 : undefined}
        inputComponent={props.multiline && GROWS_BY_CSS ? 'textarea' : undefined}
        value={value}
        placeholder={props.placeholder}
        onChange={(e) => onChange(e.target.value)}
        inputProps={{
          maxLength,
          'aria-label': ariaLabel,
          ...(props.multiline && GROWS_BY_CSS ? { type: undefined, style: GROWING } : {}),
        }}
        aria-describedby={error ? `${id}-ajuda` : undefined}
      />
      {error && <ErrorText id={`${id}-ajuda`}>{errors.join(' ')}</ErrorText>}
    </FormControl>
  );
}
