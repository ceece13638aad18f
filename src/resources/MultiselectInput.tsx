import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import type { ReactNode } from 'react';
import { InputHelperText, useInput, type Validator } from 'react-admin';
import type { FieldConfig } from '../../resources';
import { multiselectText, multiselectValues } from '../../resources/field-rules';

/**
 * One checkbox per option of a `multiselect` field (a student's disabilities, a team's weekdays, the school's water
 * supply), holding the stored text (a JSON array, or the weekdays' flags): what is saved is what the server stores.
 */
export function CheckboxGroup({
  field,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  disabled,
}: {
  field: FieldConfig;
  value: unknown;
  onChange: (text: string | null) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
}) {
  const chosen = (value ? multiselectValues(field, value) : []) ?? [];
  const toggle = (option: string, on: boolean) => {
    const next = on ? [...chosen, option] : chosen.filter((v) => v !== option);
    const ordered = (field.options ?? []).map((o) => o.value).filter((v) => next.includes(v));
    onChange(ordered.length ? multiselectText(field, ordered) : null);
  };
  return (
    <FormControl component="fieldset" error={error} disabled={disabled} sx={{ mt: 1, mb: 1 }} fullWidth>
      <FormLabel component="legend" sx={{ fontSize: '0.85rem' }}>
        {field.label}
      </FormLabel>
      <FormGroup row>
        {(field.options ?? []).map((option) => (
          <FormControlLabel
            key={option.value}
            sx={{ minWidth: { xs: '100%', sm: 220 } }}
            control={
              <Checkbox
                size="small"
                name={`${field.name}.${option.value}`}
                checked={chosen.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={onBlur}
              />
            }
            label={option.label}
          />
        ))}
      </FormGroup>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}

/** A `multiselect` field of a config in a react-admin form. */
export function MultiselectInput({
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
    <CheckboxGroup
      field={field}
      value={input.field.value}
      onChange={input.field.onChange}
      onBlur={input.field.onBlur}
      error={input.fieldState.invalid}
      helperText={
        helperText !== false || input.fieldState.invalid ? (
          <InputHelperText error={input.fieldState.error?.message} helperText={helperText} />
        ) : undefined
      }
    />
  );
}
