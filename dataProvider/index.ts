import type { DataProvider } from 'react-admin';
import { INVOICES_RESOURCE } from '../src/invoices/invoices';
import { crud } from './crud';
import { customMethods } from './custom';
import { invoiceFlowMethods } from './invoice-flow';

export { ALL_ROWS, crud, flattenErrors, toRequestBody } from './crud';

/** react-admin's methods, and the custom ones of each area for the bespoke screens (`useApi`, src/api/useApi.ts). */
export type AppDataProvider = DataProvider & typeof customMethods;

export const dataProvider: AppDataProvider = {
  ...crud,
  async getList(resource, params) {
    // A list that is no resource config's: its area's method pages it (Financeiro › Notas fiscais).
    if (resource === INVOICES_RESOURCE) return (await invoiceFlowMethods.getInvoicePage(params)) as never;
    return crud.getList(resource, params);
  },
  ...customMethods,
};
