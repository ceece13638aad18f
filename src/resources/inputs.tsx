import {
  DateInput,
  maxLength,
  minLength,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  type Validator,
} from 'react-admin';
import { resourceByName, type FieldConfig } from '../../resources';
import { applyMask, onlyDigits } from '../../resources/text';
import { ALL_ROWS } from '../../dataProvider';

/** Client-side checks mirroring the server's, so most mistakes are caught before the round trip. */
export function validatorsFor(field: FieldConfig): Validator[] {
  const list: Validator[] = [];
  if (field.required) list.push(required('Campo obrigatório.'));
  if (field.maxLength) list.push(maxLength(field.maxLength, `Máximo de ${field.maxLength} caracteres.`));
  if (field.minLength) list.push(minLength(field.minLength, `Mínimo de ${field.minLength} caracteres.`));
  if (field.type === 'email') {
    list.push((value: unknown) =>
      value && !/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,3}$/.test(String(value)) ? 'E-mail deve ser válido.' : undefined,
    );
  }
  return list;
}

const common = (field: FieldConfig) => ({
  source: field.name,
  label: field.label,
  validate: validatorsFor(field),
  helperText: field.helperText ?? false,
  fullWidth: true,
});

/** The form input of one config field. */
export function FieldInput({ field }: { field: FieldConfig }) {
  const props = common(field);
  switch (field.type) {
    case 'textarea':
      return <TextInput {...props} multiline minRows={3} />;
    case 'email':
      return <TextInput {...props} type="email" />;
    case 'password':
      return <PasswordInput {...props} autoComplete="new-password" />;
    case 'integer':
      return <NumberInput {...props} step={1} />;
    case 'date':
      return <DateInput {...props} />;
    case 'select':
      return <SelectInput {...props} choices={(field.options ?? []).map((o) => ({ id: o.value, name: o.label }))} />;
    case 'reference': {
      const target = resourceByName(field.reference!.resource);
      return (
        // Small tables: the whole list in one call, as the contract's dropdowns do (page 0, perPage 99999).
        <ReferenceInput source={field.name} reference={target!.adminPath} perPage={ALL_ROWS} sort={{ field: field.reference!.labelField, order: 'ASC' }}>
          <SelectInput label={field.label} optionText={field.reference!.labelField} validate={props.validate} fullWidth helperText={props.helperText} />
        </ReferenceInput>
      );
    }
    case 'digits':
    case 'text':
    default:
      if (field.mask || field.type === 'digits') {
        const mask = field.mask;
        return (
          <TextInput
            {...props}
            inputMode="numeric"
            format={(v: unknown) => (v === null || v === undefined ? '' : mask ? applyMask(String(v), mask) : String(v))}
            parse={(v: string) => (mask ? onlyDigits(v) : v.replace(/\D+/g, ''))}
          />
        );
      }
      return <TextInput {...props} />;
  }
}
