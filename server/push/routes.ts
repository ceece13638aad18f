import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dynamic, type Db } from '../db/connection';
import { ApiError, parseOr422, validationError } from '../http/errors';
import type { PushSettings } from './delivery';
import { pushServiceAllowed } from './services';

export const PUSH_OFF = 'Os avisos no celular não estão ativados nesta escola.';
const ENDPOINT_REFUSED = 'Este endereço não é de um serviço de notificações conhecido.';

/** Devices one account may keep opted in; the least recently confirmed go first beyond it. */
export const DEVICES_PER_ACCOUNT = 10;

const base64url = (bytes: number, what: string) =>
  z
    .string({ error: `Informe ${what}.` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), `${what} é inválida.`);

/** As the browser's PushSubscription.toJSON() gives it. */
const subscriptionSchema = z.object({
  endpoint: z.string({ error: 'Informe o endereço da inscrição.' }).max(1000, 'Endereço longo demais.'),
  keys: z.object(
    { p256dh: base64url(65, 'A chave do aparelho'), auth: base64url(16, 'A chave de autenticação') },
    { error: 'Informe as chaves da inscrição.' },
  ),
});
const endpointSchema = z.object({
  endpoint: z.string({ error: 'Informe o endereço da inscrição.' }).max(1000, 'Endereço longo demais.'),
});

/**
 * Web Push for the family portal: the VAPID public key (public, as every VAPID public key is: the browser needs it
 * to subscribe) and each device's opt-in and opt-out, for the signed-in portal account only.
 */
export function registerPushRoutes(app: FastifyInstance, db: Db, push: PushSettings | undefined): void {
  const k = dynamic(db);
  const enabled = () => {
    if (!push) throw new ApiError(404, PUSH_OFF);
    return push;
  };

  app.get('/portal/push/public-key', { config: { public: true } }, async () => ({ public_key: enabled().publicKey }));

  app.post('/portal/push/subscriptions', { config: { portal: true } }, async (request, reply) => {
    const settings = enabled();
    const { endpoint, keys } = parseOr422(subscriptionSchema, request.body);
    if (!pushServiceAllowed(endpoint, settings.serviceHosts)) throw validationError({ endpoint: [ENDPOINT_REFUSED] });
    const account = request.portalAccount!.id;
    const now = new Date().toISOString();
    // One row per device: a device signed in with another account now belongs to this one.
    await k
      .insertInto('push_subscriptions')
      .values({ account_id: account, endpoint, p256dh: keys.p256dh, auth: keys.auth, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet({ account_id: account, p256dh: keys.p256dh, auth: keys.auth, updated_at: now }),
      )
      .execute();
    // Parallel opt-ins each trim after writing, so the account ends within the limit whatever their order.
    const devices = await k
      .selectFrom('push_subscriptions')
      .select('id')
      .where('account_id', '=', account)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const beyond = devices.slice(DEVICES_PER_ACCOUNT).map((d) => Number(d.id));
    if (beyond.length) await k.deleteFrom('push_subscriptions').where('id', 'in', beyond).execute();
    return reply.status(201).send({ message: 'Avisos ativados neste aparelho.' });
  });

  app.delete('/portal/push/subscriptions', { config: { portal: true } }, async (request) => {
    const { endpoint } = parseOr422(endpointSchema, request.body);
    await k
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('account_id', '=', request.portalAccount!.id)
      .execute();
    return { message: 'Avisos desativados neste aparelho.' };
  });
}
