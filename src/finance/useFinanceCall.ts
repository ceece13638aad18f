import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/useApi';
import { useServerWrite, type CallResult, type FieldErrors } from '../components/serverErrors';
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
 * A write of the FINANCEIRO tab (`run` calling a finance method of the dataProvider, `api.updateCharge(…)`)
 * through the shared {@link useServerWrite}: on success the server's message and every screen showing it reloaded
 * (the record, the dashboard's receivables); a 422 on the charge's fields marked on the form with a toast counting
 * them.
 */
export function useFinanceCall() {
  const write = useServerWrite();
  return async <T = { message?: string }>(
    run: () => Promise<T>,
    fallback: string,
    { quiet = false } = {},
  ): Promise<CallResult<T>> => {
    const result = await write<T>(run, { fallback, quiet, fields: CHARGE_FIELDS });
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

/** One empty list for every render before the rows arrive (a new `[]` each time would look like a change). */
const NONE: Option[] = [];

/** Service types and payment types for the selects, all rows sorted by name (spec §7); none when refused. */
export function useFinanceLookups(): { serviceTypes: Option[]; paymentTypes: Option[] } {
  const api = useApi();
  // Keyed under their resources: a type added on its own screen shows here at the next look.
  const { data: serviceTypes = NONE } = useQuery({
    queryKey: ['tipos-de-servico', 'opcoes'],
    queryFn: () => api.getServiceTypeOptions(),
    retry: false,
  });
  const { data: paymentTypes = NONE } = useQuery({
    queryKey: ['formas-de-pagamento', 'opcoes'],
    queryFn: () => api.getPaymentTypeOptions(),
    retry: false,
  });
  return { serviceTypes, paymentTypes };
}
