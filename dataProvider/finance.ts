import type { PaymentPlan } from '../src/finance/ApplyPlanDialog';
import type { Option } from '../src/finance/charges';
import { request } from './request';

/** Every row of a small list (a school has a handful of types and plans), sorted by name (spec §7). */
const allByName = async <T>(path: string): Promise<T[]> =>
  (await request<{ data?: T[] } | null>(path, { query: { page: 0, sortBy: 'name' } }))?.data ?? [];

/** The student's FINANCEIRO tab (server/finance, server/payments): charges, payments, plans. */
export const financeMethods = {
  getServiceTypeOptions: () => allByName<Option>('/service-types'),
  getPaymentTypeOptions: () => allByName<Option>('/payment-types'),
  getPaymentPlans: () => allByName<PaymentPlan>('/payment-plans'),
  /** One charge, or `repetitions` of them a month apart. */
  addCharges: (body: Record<string, unknown>) => request<{ message?: string }>('/financials', { method: 'POST', body }),
  /** With the `version` the screen read: a charge changed meanwhile is refused (409), never written over. */
  updateCharge: (id: number, body: Record<string, unknown>) =>
    request<{ message?: string }>(`/financials/${id}`, { method: 'PUT', body }),
  deleteCharge: (id: number, version: number) =>
    request<{ message?: string }>(`/financials/${id}`, { method: 'DELETE', query: { version } }),
  /** The card checkout's link (`init_point`), opened in a new tab. */
  openCardCheckout: (id: number) =>
    request<{ init_point?: string; sandbox?: boolean }>(`/mercadopago/preference/${id}`, { method: 'POST', body: {} }),
  /** The wa.me address with the charge's message to the financial responsible. */
  getWhatsAppLink: (id: number) => request<{ url?: string }>(`/financials/${id}/whatsapp`),
  /** A boleto or a PIX for the charge. */
  generatePayment: <T>(id: number, body: { method: string; date_of_expiration: boolean }) =>
    request<T>(`/mercadopago/ticket/${id}`, { method: 'POST', body }),
  applyPaymentPlan: (registrationId: number | '', body: { payment_plan_id: number; first_due_date: string | null }) =>
    request<{ message?: string }>(`/registrations/${registrationId}/apply-plan`, { method: 'POST', body }),
};
