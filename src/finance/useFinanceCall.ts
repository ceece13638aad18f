import { useEffect, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ApiRequestError, apiRequest, type RequestOptions } from '../api/http';
import type { Option } from './charges';

/** Field errors of a 422, first message per field (spec §5); the API names payment type `payment_type_id`. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiRequestError) || error.status !== 422) return {};
  const body = error.body as { errors?: Record<string, unknown> } | null;
  const errors: FieldErrors = {};
  for (const [field, list] of Object.entries(body?.errors ?? {})) {
    const first = Array.isArray(list) ? list[0] : list;
    if (typeof first === 'string') errors[field === 'payment_type_id' ? 'payment_type' : field] = first;
  }
  return errors;
}

export type CallResult<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/**
 * A write of the FINANCEIRO tab: on success the server's message as a toast and the student record
 * reloaded; on failure the server's words as a toast, and its field errors for the form to mark.
 */
export function useFinanceCall() {
  const notify = useNotify();
  const refresh = useRefresh();
  return async <T = { message?: string }>(path: string, options: RequestOptions, fallback: string, { quiet = false } = {}): Promise<CallResult<T>> => {
    try {
      const body = await apiRequest<T>(path, options);
      const message = (body as { message?: unknown } | null)?.message;
      if (!quiet && typeof message === 'string') notify(message, { type: 'success' });
      refresh();
      return { ok: true, body };
    } catch (error) {
      const errors = fieldErrorsOf(error);
      notify(error instanceof Error && error.message ? error.message : fallback, { type: 'error' });
      return { ok: false, errors };
    }
  };
}

/** Service types and payment types for the selects, all rows sorted by name (spec §7). */
export function useFinanceLookups(): { serviceTypes: Option[]; paymentTypes: Option[] } {
  const [serviceTypes, setServiceTypes] = useState<Option[]>([]);
  const [paymentTypes, setPaymentTypes] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    const load = (path: string, set: (rows: Option[]) => void) =>
      apiRequest<{ data?: Option[] }>(path, { query: { page: 0, sortBy: 'name' } })
        .then((answer) => live && set(answer?.data ?? []))
        .catch(() => live && set([]));
    void load('/service-types', setServiceTypes);
    void load('/payment-types', setPaymentTypes);
    return () => {
      live = false;
    };
  }, []);
  return { serviceTypes, paymentTypes };
}
