import {
  centsToAmount,
  PaymentProviderError,
  type PaymentProvider,
  type PaymentRequest,
  type PreferenceRequest,
  type ProviderPayment,
  type ProviderPreference,
} from './provider';

export interface MercadoPagoOptions {
  accessToken: string;
  /** `https://api.mercadopago.com`; a local fake in tests. */
  baseUrl: string;
  /** One attempt's wait for an answer. */
  timeoutMs?: number;
  /**
   * The whole call's, retries included: a silent provider is told to the clerk as a 502 within it (three attempts of
   * 10 s kept the clerk waiting 31 s).
   */
  deadlineMs?: number;
  /** Attempts of one call (the first included) on a timeout, a network error, 429 or 5xx. */
  attempts?: number;
  /** Wait before the n-th retry: `retryDelayMs * n`. */
  retryDelayMs?: number;
}

/** One attempt's wait, and the whole call's: a silent provider answers the clerk a 502 in about 10 s. */
const DEFAULT_TIMEOUT_MS = 8_000;
const DEFAULT_DEADLINE_MS = 10_000;
/** A retry with less time than this left is not made. */
const MIN_ATTEMPT_MS = 1_000;

/**
 * Mercado Pago's REST API, the calls we use, over `fetch`. Not the official SDK: its root URL is a
 * process-wide static (a fake provider in tests would redirect every instance) and it retries on its own
 * with a shared config that carries idempotency keys from one call to the next. Here every write sends
 * the key it is given, and a retry after a timeout sends the same key, so the provider answers the
 * payment it already made instead of making a second one.
 */
export function mercadoPago(options: MercadoPagoOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const attempts = options.attempts ?? 3;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    expected: (answer: unknown) => boolean,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T | null> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.accessToken}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['x-idempotency-key'] = idempotencyKey;
    let lastError = '';
    const deadline = Date.now() + deadlineMs;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) {
        const delay = (options.retryDelayMs ?? 300) * (attempt - 1);
        // No time left for a real try: the clerk hears of it now rather than after a try bound to fail.
        if (deadline - Date.now() - delay < MIN_ATTEMPT_MS) break;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(Math.max(1, Math.min(timeoutMs, deadline - Date.now()))),
        });
        // The same wait covers the body: a provider that sends its headers and then falls silent is silent.
        text = await response.text();
      } catch (error) {
        lastError = error instanceof Error && error.name === 'TimeoutError' ? 'tempo esgotado' : 'falha de conexão';
        continue;
      }
      const parsed = parseJson(text);
      if (response.status === 404 && method === 'GET') return null;
      if (response.ok) {
        // A 200 that is not the object asked for (a proxy's page, a cut answer) is no payment: stored, it
        // would look made, and the next try (a new attempt, a new key) would make a second one.
        if (!isJsonObject(text) || !expected(parsed))
          throw new PaymentProviderError(
            'O Mercado Pago respondeu de forma inesperada. Nada foi registrado; tente novamente em instantes.',
            undefined,
            { length: text.length },
          );
        return parsed as T;
      }
      if (response.status === 429 || response.status >= 500) {
        lastError = `HTTP ${response.status}`;
        continue;
      }
      const message =
        typeof (parsed as { message?: unknown })?.message === 'string'
          ? (parsed as { message: string }).message
          : `HTTP ${response.status}`;
      throw new PaymentProviderError(`O Mercado Pago recusou a operação: ${message}`, response.status, parsed);
    }
    throw new PaymentProviderError(`O Mercado Pago não respondeu (${lastError}). Tente novamente em instantes.`);
  }

  return {
    name: 'mercadopago',
    async createPayment(request: PaymentRequest) {
      const body: Record<string, unknown> = {
        transaction_amount: centsToAmount(request.amountCents),
        description: request.description,
        payment_method_id: request.method === 'pix' ? 'pix' : 'bolbradesco',
        external_reference: String(request.chargeId),
        notification_url: request.notificationUrl,
        payer: request.payer,
      };
      // End of the due day in Brasília time (UTC−3), as the provider expects an instant with offset.
      if (request.expiresOn) body.date_of_expiration = `${request.expiresOn}T23:59:59.000-03:00`;
      return (await call<ProviderPayment>('POST', '/v1/payments', isPayment, body, request.idempotencyKey))!;
    },
    async createPreference(request: PreferenceRequest) {
      const body = {
        items: [
          {
            id: String(request.chargeId),
            title: request.title,
            quantity: 1,
            currency_id: 'BRL',
            unit_price: centsToAmount(request.amountCents),
          },
        ],
        payer: {
          email: request.payer.email,
          name: request.payer.first_name,
          surname: request.payer.last_name,
          ...(request.payer.identification ? { identification: request.payer.identification } : {}),
        },
        external_reference: String(request.chargeId),
        notification_url: request.notificationUrl,
      };
      return (await call<ProviderPreference>(
        'POST',
        '/checkout/preferences',
        isPreference,
        body,
        request.idempotencyKey,
      ))!;
    },
    async getPayment(id: string) {
      if (!/^\d{1,20}$/.test(id)) return null;
      return call<ProviderPayment>('GET', `/v1/payments/${id}`, isPayment);
    },
    async searchPayments(externalReference: string) {
      // GET /v1/payments/search answers `{paging, results}`; one charge has a handful of payments at most.
      const query = new URLSearchParams({
        external_reference: externalReference,
        sort: 'date_created',
        criteria: 'desc',
        limit: '50',
      });
      const found = await call<{ results: unknown[] }>('GET', `/v1/payments/search?${query}`, isSearch);
      return (found?.results ?? []).filter(isPayment) as ProviderPayment[];
    },
  };
}

const hasId = (v: unknown): v is Record<string, unknown> & { id: unknown } =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  (typeof (v as { id?: unknown }).id === 'number' ||
    (typeof (v as { id?: unknown }).id === 'string' && (v as { id: string }).id !== ''));
/** The fields every payment answer has, and the ones the server reads. */
const isPayment = (v: unknown) => hasId(v) && typeof v.status === 'string';
const isSearch = (v: unknown) =>
  typeof v === 'object' && v !== null && Array.isArray((v as { results?: unknown }).results);
const isPreference = (v: unknown) => hasId(v) && typeof v.init_point === 'string';

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { message: text.slice(0, 200) };
  }
}
