import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small fake of Mercado Pago's REST API on 127.0.0.1 that records every request (the payer sent included) and
 * answers payments and checkout preferences in the provider's shape, one payment per idempotency key.
 */
export class RecordingMercadoPago {
  server = http.createServer((req, res) => void this.handle(req, res));
  url = '';
  calls: { method: string; path: string; body: Record<string, unknown> | null }[] = [];
  private payments = new Map<string, Record<string, unknown>>();
  private next = 5000;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    this.calls.push({ method: req.method!, path: req.url!, body });
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
      };
      this.payments.set(key, payment);
      return send(201, payment);
    }
    if (req.method === 'POST' && req.url === '/checkout/preferences')
      return send(201, { id: 'pref-1', init_point: 'https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=1' });
    send(404, { message: 'not found' });
  }
}
