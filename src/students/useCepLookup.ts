import { useNotify } from 'react-admin';
import { onlyDigits } from '../../resources/text';
import { useApi } from '../api/useApi';

/** An address as `GET /api/cep/{cep}` answers it (ViaCEP's keys). */
export interface CepAddress {
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

/** The address fields of our records, and the key of the lookup's answer each one takes. */
export const CEP_FILLS = { street: 'logradouro', neighborhood: 'bairro', city: 'localidade', uf: 'uf' } as const;
export type CepFilled = keyof typeof CEP_FILLS;

export const CEP_NOT_FOUND = 'CEP não encontrado: confira o número ou digite o endereço.';
export const CEP_UNAVAILABLE = 'Não foi possível buscar o CEP agora: digite o endereço.';

/**
 * The CEP lookup of every address form (spec §5): a complete CEP answers the address to fill; an unknown one empties
 * the fields; when the services (or the connection) fail, the person is told to type the address and the fields stay
 * as they were. Both said as warnings, which go away after 5 s: nothing is wrong with the form itself.
 */
export function useCepLookup(): (cep: string) => Promise<Record<CepFilled, string | null> | undefined> {
  const notify = useNotify();
  const api = useApi();
  return async (typed) => {
    const cep = onlyDigits(typed);
    if (cep.length !== 8) return undefined;
    const fill = (address: CepAddress | null) =>
      Object.fromEntries(
        Object.entries(CEP_FILLS).map(([field, key]) => [field, address ? address[key] || null : null]),
      ) as Record<CepFilled, string | null>;
    try {
      return fill(await api.lookupCep(cep));
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status === 404) {
        notify(CEP_NOT_FOUND, { type: 'warning' });
        return fill(null);
      }
      notify(CEP_UNAVAILABLE, { type: 'warning' });
      return undefined;
    }
  };
}
