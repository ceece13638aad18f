import { Checkbox, FormControlLabel } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  DateInput,
  ImageField,
  ImageInput,
  InputHelperText,
  PasswordInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useGetIdentity,
  useInput,
  useRecordContext,
  type Validator,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { ALL_ROWS } from '../../dataProvider';
import { MoneyInput } from '../components/MoneyInput';
import { moneyText } from '../components/money';
import { CepInput } from '../students/CepInput';
import { digitsProps, useDroppedCharactersNote } from './digitsProps';
import { resourceByName, type FieldConfig } from '../../resources';
import { messages } from '../../resources/format';
import { fieldError, isGiven } from './fieldChecks';
import { codeListOf } from '../../resources/census-codes';
import { CodeListInput } from './CodeList';
import { MultiselectInput } from './MultiselectInput';
import { MunicipalityInput } from './MunicipalityInput';

/** A select with more options than this searches as the user types (countries, higher-education courses). */
const LONG_LIST = 30;

export type FormMode = 'create' | 'edit';

function isRequired(field: FieldConfig, mode: FormMode): boolean {
  return field.required === true || (field.required === 'create' && mode === 'create');
}

/** "O campo Nome é obrigatório.", as the server says it; whitespace alone counts as empty there too. */
function requiredValidator(field: FieldConfig): Validator {
  const check = ((value: unknown) =>
    isGiven(field, value) ? undefined : messages.required(field.label)) as Validator & { isRequired?: boolean };
  // react-admin marks the label with an asterisk when a validator says so.
  check.isRequired = true;
  return check;
}

/** Client-side checks with the server's rules and words (fieldChecks), caught before the round trip. */
export function validatorsFor(field: FieldConfig, mode: FormMode = 'create'): Validator[] {
  const list: Validator[] = [];
  if (isRequired(field, mode)) list.push(requiredValidator(field));
  list.push((value: unknown) => fieldError(field, value));
  return list;
}

/** On edit, a password is changed only when the box is ticked; otherwise it is not sent at all. */
/** What the server reads as the signed-in user's current password when they change their own. */
export const CURRENT_PASSWORD = 'current_password';
const CURRENT_MISSING = 'Informe a sua senha atual para trocá-la.';

function OptionalPasswordInput({ field }: { field: FieldConfig }) {
  const [enabled, setEnabled] = useState(false);
  const form = useFormContext();
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  // One's own password changes only with the current one, as the server asks: an open session left on a desk
  // must not be enough to take the account over.
  const own = Boolean(record && identity && String(record.id) === String(identity.id));
  const toggle = (checked: boolean) => {
    setEnabled(checked);
    if (!checked) {
      form.unregister(field.name);
      form.unregister(CURRENT_PASSWORD);
    }
  };
  return (
    <>
      <FormControlLabel
        control={<Checkbox checked={enabled} onChange={(e) => toggle(e.target.checked)} />}
        label={`Alterar ${field.label.toLowerCase()}`}
      />
      {enabled && own && (
        <PasswordInput
          source={CURRENT_PASSWORD}
          label={`${field.label} atual`}
          validate={(value: unknown) => (value ? undefined : CURRENT_MISSING)}
          autoComplete="current-password"
          fullWidth
        />
      )}
      {enabled && (
        <PasswordInput
          source={field.name}
          label={`Nova ${field.label.toLowerCase()}`}
          validate={[requiredValidator(field), ...validatorsFor(field, 'edit')]}
          autoComplete="new-password"
          fullWidth
          helperText={field.minLength ? `Mínimo de ${field.minLength} caracteres.` : false}
        />
      )}
    </>
  );
}

/** A digits or integer field: only digits are kept, and a dropped letter is told at the field. */
function DigitsInput({
  field,
  ...props
}: {
  field: FieldConfig;
  source: string;
  label: string;
  validate: Validator[];
  helperText: string | boolean;
  fullWidth: boolean;
}) {
  const note = useDroppedCharactersNote(field, props.helperText);
  return <TextInput {...props} {...digitsProps(field)} {...note} />;
}

/**
 * A money field of a config form: the screens' one money input (src/components/MoneyInput.tsx) bound to the form. The
 * record answers reais as a number (1250), shown "1.250,00"; what is typed is sent as typed, read by the server.
 */
function ResourceMoneyInput({
  source,
  label,
  validate,
  helperText,
}: {
  source: string;
  label: string;
  validate: Validator[];
  helperText: string | boolean;
}) {
  const { id, field, fieldState, isRequired } = useInput({
    source,
    validate,
    format: (v: unknown) => (typeof v === 'number' ? moneyText(Math.round(v * 100)) : ((v as string | null) ?? '')),
  });
  // As react-admin's own inputs: marked once the form validated it (on submit), its message translated if a key.
  return (
    <MoneyInput
      id={id}
      name={field.name}
      label={label}
      required={isRequired}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.invalid}
      helperText={
        helperText !== false || fieldState.invalid ? (
          <InputHelperText error={fieldState.error?.message} helperText={helperText} />
        ) : undefined
      }
      fullWidth
    />
  );
}

/** The form input of one config field. */
export function FieldInput({ field, mode = 'create' }: { field: FieldConfig; mode?: FormMode }) {
  const props = {
    source: field.name,
    label: field.label,
    validate: validatorsFor(field, mode),
    helperText: field.helperText ?? false,
    fullWidth: true,
  };
  if (field.readOnlyOnEdit && mode === 'edit') return <TextInput {...props} validate={undefined} readOnly disabled />;
  if (field.autofill === 'cep') return <CepInput field={field} validate={props.validate} />;
  if (field.rule === 'municipality')
    return <MunicipalityInput field={field} validate={props.validate} helperText={props.helperText} />;
  switch (field.type) {
    case 'image':
      return (
        <ImageInput
          source={field.name}
          label={field.label}
          accept={{ 'image/jpeg': [], 'image/png': [], 'image/webp': [] }}
          maxSize={5 * 1024 * 1024}
          helperText={props.helperText}
          inputProps={{ 'aria-label': field.label }}
          placeholder={<p>Arraste a foto aqui ou clique para escolher</p>}
        >
          <ImageField source="src" title="title" />
        </ImageInput>
      );
    case 'textarea':
      return <TextInput {...props} multiline minRows={field.rows ?? 3} />;
    case 'email':
      return <TextInput {...props} type="email" />;
    case 'password':
      return mode === 'edit' ? (
        <OptionalPasswordInput field={field} />
      ) : (
        <PasswordInput
          {...props}
          autoComplete="new-password"
          helperText={field.minLength ? `Mínimo de ${field.minLength} caracteres.` : false}
        />
      );
    case 'date':
      return <DateInput {...props} />;
    case 'money':
      return <ResourceMoneyInput {...props} />;
    case 'month':
      return <TextInput {...props} type="month" slotProps={{ inputLabel: { shrink: true } }} />;
    case 'time':
      return <TextInput {...props} type="time" slotProps={{ inputLabel: { shrink: true } }} />;
    case 'multiselect':
      return <MultiselectInput field={field} validate={props.validate} helperText={props.helperText} />;
    case 'select':
      if (codeListOf(field)) return <CodeListInput {...props} codeField={field} />;
      if ((field.options ?? []).length > LONG_LIST)
        return (
          <AutocompleteInput
            {...props}
            choices={(field.options ?? []).map((o) => ({ id: o.value, name: o.label }))}
            emptyText="-- Selecione --"
          />
        );
      return (
        <SelectInput
          {...props}
          choices={(field.options ?? []).map((o) => ({ id: o.value, name: o.label }))}
          emptyText="-- Selecione --"
        />
      );
    case 'reference': {
      const reference = field.reference!;
      const target = resourceByName(reference.resource)!;
      const sort = { field: reference.labelField, order: 'ASC' as const };
      if (reference.autocomplete) {
        // Large tables: search on the server as the user types.
        return (
          <ReferenceInput source={field.name} reference={target.adminPath} perPage={20} sort={sort}>
            <AutocompleteInput
              label={field.label}
              optionText={reference.labelField}
              validate={props.validate}
              fullWidth
              filterToQuery={(q: string) => ({ q })}
              helperText={props.helperText}
            />
          </ReferenceInput>
        );
      }
      return (
        // Small tables: the whole list in one call, as the contract's dropdowns do (page 0, perPage 99999).
        <ReferenceInput source={field.name} reference={target.adminPath} perPage={ALL_ROWS} sort={sort}>
          <SelectInput
            label={field.label}
            optionText={reference.labelField}
            validate={props.validate}
            fullWidth
            helperText={props.helperText}
            emptyText={reference.emptyLabel ?? '-- Selecione --'}
          />
        </ReferenceInput>
      );
    }
    case 'integer':
      return <DigitsInput field={field} {...props} />;
    case 'digits':
    case 'text':
    default:
      if (field.mask || field.type === 'digits') return <DigitsInput field={field} {...props} />;
      return <TextInput {...props} />;
  }
}
