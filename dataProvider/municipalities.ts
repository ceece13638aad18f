import { request } from './request';

/** One IBGE municipality as `GET /municipalities` answers it (its code is its id). */
export interface MunicipalityRow {
  id: string;
  code: string;
  name: string;
  uf: string;
  /** "Belém — PA". */
  label: string;
}

/** The census's municipality selects (issue 40): search by name and UF, or a 7-digit code. */
export const municipalityMethods = {
  searchMunicipalities: async (search: string, perPage = 20) =>
    (await request<{ data: MunicipalityRow[] }>('/municipalities', { query: { search, perPage } })).data,
};
