import { HttpError, type GetListParams } from 'react-admin';
import type { ChargeInvoice, InvoiceRow } from '../src/invoices/invoices';
import { request } from './request';

/** The service invoices (NFS-e) of the charges (server/invoices): each charge's, and the clerk's list. */
export const invoiceFlowMethods = {
  /** A charge's invoice, or null when it has none. */
  async getChargeInvoice(chargeId: number): Promise<ChargeInvoice | null> {
    try {
      return await request<ChargeInvoice>(`/financials/${chargeId}/nfse`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  },
  /** Issues it by hand, resubmits a rejected one, or a substitute for a corrected value. */
  issueChargeInvoice: (chargeId: number) =>
    request<{ data: ChargeInvoice; message: string }>(`/financials/${chargeId}/nfse`, { method: 'POST', body: {} }),
  cancelChargeInvoice: (chargeId: number, body: { reason: string; text?: string }) =>
    request<{ data: ChargeInvoice; message: string }>(`/financials/${chargeId}/nfse/cancel`, { method: 'POST', body }),
  /** Financeiro › Notas fiscais as react-admin's List asks a page (`filter.status`, `filter.cancel_suggested`). */
  async getInvoicePage(params: Pick<GetListParams, 'pagination' | 'filter'>) {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const filter = (params.filter ?? {}) as { status?: string; cancel_suggested?: boolean };
    const body = await request<{ data: InvoiceRow[]; total: number }>('/nfse', {
      query: {
        page,
        perPage,
        status: filter.status || undefined,
        cancel_suggested: filter.cancel_suggested ? 1 : undefined,
      },
    });
    return { data: body.data, total: body.total };
  },
};
