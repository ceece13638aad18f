import { useEffect, useState } from 'react';
import { apiRequest, type RequestOptions } from '../api/http';
import { useServerCall, type CallResult, type FieldErrors } from '../components/serverErrors';
import type { Option } from './charges';

export type { CallResult, FieldErrors };

/** The charge form's fields, as the API names them: a 422 on any of them is marked on the form. */
const CHARGE_FIELDS = [
  'registration_id',
  'value',
  'due_date',
  'service_type_id',
  'payment_type_id',
  'paid',
  'pay_day',
  'quota',
  'observations',
  'financial_observation',
  'repetitions',
];

/**
 * A write of the FINANCEIRO tab through the shared {@link useServerCall}: on success the server's message
 * and the record reloaded; a 422 on the charge's fields marked on the form with a toast counting them.
 */
export function useFinanceCall() {
  const call = useServerCall();
  return async <T = { message?: string }>(
    path: string,
    options: RequestOptions,
    fallback: string,
    { quiet = false } = {},
  ): Promise<CallResult<T>> => {
    const result = await call<T>(path, options, { fallback, quiet, fields: CHARGE_FIELDS });
    if (result.ok) return result;
    // The API names payment type `payment_type_id`, the form `payment_type` (spec §5).
    return {
      ...result,
      errors: Object.fromEntries(
        Object.entries(result.errors).map(([field, message]) => [
          field === 'payment_type_id' ? 'payment_type' : field,
          message,
        ]),
      ),
    };
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
