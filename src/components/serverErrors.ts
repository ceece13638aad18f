import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ApiRequestError } from '../api/http';

/** Field errors of a 422, the first message of each field (`{field: [msg]}` → `{field: msg}`). */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  const status = error instanceof ApiRequestError ? error.status : (error as { status?: unknown } | null)?.status;
  if (status !== 422) return {};
  const body = (error as { body?: { errors?: Record<string, unknown> } | null }).body;
  const errors: FieldErrors = {};
  for (const [field, list] of Object.entries(body?.errors ?? {})) {
    const first = Array.isArray(list) ? list[0] : list;
    if (typeof first === 'string') errors[field] = first;
  }
  return errors;
}

/** The toast of a refused save: how many fields are marked, the same words on every form. */
export function attentionMessage(count: number): string {
  return count === 1
    ? '1 campo precisa de atenção: veja a mensagem em vermelho.'
    : `${count} campos precisam de atenção: veja as mensagens em vermelho.`;
}

/** A refusal also says its status and the server's words (a 409's message shown where the person is). */
export type CallResult<T> =
  { ok: true; body: T } | { ok: false; errors: FieldErrors; status?: number; message?: string; body?: unknown };

export interface CallOptions {
  /** Toast text when the server gave no words. */
  fallback: string;
  /** Toast type of a refusal that names no field (the contract's failures are warnings, spec). */
  failure?: 'error' | 'warning';
  /** No success toast (the caller shows its own). */
  quiet?: boolean;
  /**
   * The names of the fields the form shows (default: every name the 422 gives). Errors of other names are
   * not marks on this form: the toast then says the server's words.
   */
  fields?: readonly string[];
}

/**
 * A write of a bespoke form, `run` calling a custom dataProvider method (`() => api.saveGuardian(…)`, see
 * src/api/useApi.ts). Success: the server's message as a toast and every query reloaded (react-admin's
 * refresh, which the bespoke screens' `useQuery` keys share). A 422 that names fields: the fields for the form to
 * mark in red and a toast counting them, as the generated forms do. Any other failure: the server's words (or
 * `fallback`).
 */
export function useServerWrite() {
  const notify = useNotify();
  const refresh = useRefresh();
  return async <T = { message?: string }>(
    run: () => Promise<T>,
    { fallback, failure = 'error', quiet = false, fields }: CallOptions,
  ): Promise<CallResult<T>> => {
    try {
      const body = await run();
      const message = (body as { message?: unknown } | null)?.message;
      if (!quiet && typeof message === 'string') notify(message, { type: 'success' });
      refresh();
      return { ok: true, body };
    } catch (error) {
      const errors = fieldErrorsOf(error);
      const count = Object.keys(errors).filter((name) => !fields || fields.includes(name)).length;
      if (count) notify(attentionMessage(count), { type: 'warning' });
      else notify(error instanceof Error && error.message ? error.message : fallback, { type: failure });
      const status = (error as { status?: unknown } | null)?.status;
      return {
        ok: false,
        errors,
        status: typeof status === 'number' ? status : undefined,
        message: error instanceof Error && error.message ? error.message : undefined,
        // The whole answer, for what a screen offers beside the words (the payer to complete, issue 35).
        body: (error as { body?: unknown } | null)?.body,
      };
    }
  };
}

/** The red marks of a bespoke form: set from a refused save, each cleared as its field is changed. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    errors,
    setErrors,
    clear: (field: string) =>
      setErrors((old) =>
        field in old ? Object.fromEntries(Object.entries(old).filter(([name]) => name !== field)) : old,
      ),
    /** Props of a MUI TextField for `field`: red with the message under it. */
    props: (field: string) => (errors[field] ? { error: true, helperText: errors[field] } : {}),
  };
}
