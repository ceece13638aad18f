import { TextInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { FieldConfig } from '../../resources';
import { digitsProps, useDroppedCharactersNote } from '../resources/digitsProps';
import { useCepLookup } from './useCepLookup';

/** CEP with mask; leaving it with 8 digits fills the address from `GET /api/cep/{cep}` (spec §5). */
export function CepInput({ field, validate }: { field: FieldConfig; validate: unknown[] }) {
  const form = useFormContext();
  const lookup = useCepLookup();
  const note = useDroppedCharactersNote(field);
  const onBlur = async (event: { target: { value: string } }) => {
    const address = await lookup(event.target.value);
    if (!address) return;
    for (const [target, value] of Object.entries(address)) form.setValue(target, value, { shouldDirty: true });
  };
  return (
    <TextInput
      source={field.name}
      label={field.label}
      validate={validate as never}
      fullWidth
      {...digitsProps(field)}
      {...note}
      onBlur={(e) => void onBlur(e)}
    />
  );
}
