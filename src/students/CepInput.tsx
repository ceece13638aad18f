import { TextInput, useNotify } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { FieldConfig } from '../../resources';
import { onlyDigits } from '../../resources/text';
import { ApiRequestError, apiRequest } from '../api/http';
import { digitsProps, useDroppedCharactersNote } from '../resources/digitsProps';

interface Address {
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

const ADDRESS_FIELDS = { street: 'logradouro', neighborhood: 'bairro', city: 'localidade', uf: 'uf' } as const;

/** CEP with mask; leaving it with 8 digits fills the address from `GET /api/cep/{cep}` (spec §5). */
export function CepInput({ field, validate }: { field: FieldConfig; validate: unknown[] }) {
  const form = useFormContext();
  const notify = useNotify();
  const note = useDroppedCharactersNote(field);
  const fill = (address: Address | null) => {
    for (const [target, key] of Object.entries(ADDRESS_FIELDS)) {
      form.setValue(target, address ? address[key] || null : null, { shouldDirty: true });
    }
  };
  const onBlur = async (event: { target: { value: string } }) => {
    const cep = onlyDigits(event.target.value);
    if (cep.length !== 8) return;
    try {
      fill(await apiRequest<Address>(`/cep/${cep}`));
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) {
        fill(null);
        notify('CEP não encontrado', { type: 'warning' });
      } else {
        notify('Erro ao buscar informações do CEP', { type: 'error' });
      }
    }
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
