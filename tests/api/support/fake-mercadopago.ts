import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small fake of Mercado Pago's REST API on 127.0.0.1 that records every request (the payer sent included) and
 * answers payments and checkout preferences in the provider's shape, one payment per idempotency key.
 */
export class RecordingMercadoPago {
  server = http.createServer((req, res) => void this.handle(req, res));
  url = '';
  calls: { method: string; path: string; body: Record<string, unknown> | null; key?: string }[] = [];
  private payments = new Map<string, Record<string, unknown>>();
  /** Payments made elsewhere (a card checkout's, someone else's), found by the search only. */
  private others: Record<string, unknown>[] = [];
  private next = 5000;
  /** Never answers (a provider gone silent): the client's own deadline must end the wait. */
  silent = false;
  /** Merged into the next payment the fake makes (e.g. another amount or reference, as a crossed key would bring). */
  private nextChange: Record<string, unknown> | null = null;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    // A silent fake holds its requests open: they are dropped, not waited for.
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Forgets every payment and call: a test on a fresh database (whose charge ids start over) starts clean. */
  reset(): void {
    this.payments.clear();
    this.others = [];
    this.calls = [];
    this.silent = false;
    this.nextChange = null;
  }

  /** The next payment made answers with `change` merged in (what the provider says, not what was asked). */
  answerNextWith(change: Record<string, unknown>): void {
    this.nextChange = change;
  }

  /** Every payment the fake made, in order. */
  made(): Record<string, unknown>[] {
    return [...this.payments.values()];
  }

  /** What the provider says of a payment from now on (e.g. `{status: 'approved'}` when the payer pays). */
  update(id: unknown, change: Record<string, unknown>): void {
    for (const [key, payment] of this.payments)
      if (String(payment.id) === String(id)) this.payments.set(key, { ...payment, ...change });
  }

  /** A payment the provider has that this server never created (found by a search on its external_reference). */
  add(payment: Record<string, unknown>): void {
    this.others.push(payment);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    this.calls.push({ method: req.method!, path: req.url!, body, key: req.headers['x-idempotency-key'] as string });
    if (this.silent) return;
    const send = (status: number, payload: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    if (req.method === 'POST' && req.url === '/v1/payments' && body) {
      const key = String(req.headers['x-idempotency-key']);
      const payment = this.payments.get(key) ?? {
        id: this.next++,
        status: 'pending',
        external_reference: body.external_reference,
        transaction_amount: body.transaction_amount,
        currency_id: 'BRL',
        payer: body.payer,
        payment_type_id: body.payment_method_id === 'pix' ? 'bank_transfer' : 'ticket',
        transaction_details: { external_resource_url: 'https://www.mercadopago.com.br/payments/1/ticket' },
        ...this.nextChange,
      };
      this.nextChange = null;
      this.payments.set(key, payment);
      return send(201, payment);
    }
    const url = new URL(req.url!, 'http://fake');
    const all = () => [...this.payments.values(), ...this.others];
    if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
      const ref = url.searchParams.get('external_reference');
      const results = all().filter((p) => ref === null || String(p.external_reference) === ref);
      return send(200, { paging: { total: results.length, limit: 50, offset: 0 }, results });
    }
    if (req.method === 'GET' && url.pathname.startsWith('/v1/payments/')) {
      const found = all().find((p) => String(p.id) === url.pathname.split('/').pop());
      return found ? send(200, found) : send(404, { message: 'Payment not found' });
    }
    // As the provider answers a preference: its items and reference echoed.
    if (req.method === 'POST' && req.url === '/checkout/preferences' && body)
      return send(201, {
        id: 'pref-1',
        init_point: 'https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=1',
        items: body.items,
        external_reference: body.external_reference,
      });
    send(404, { message: 'not found' });
  }
}
