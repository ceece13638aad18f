import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dynamic, type Db } from '../db/connection';
import { SIGNED_IN } from '../../resources/permissions';
import { ApiError, parseOr422, validationError } from '../http/errors';
import type { PushSettings } from './delivery';
import { pushServiceAllowed } from './services';

export const PUSH_OFF = 'Os avisos no celular não estão ativados nesta escola.';
const ENDPOINT_REFUSED = 'Este endereço não é de um serviço de notificações conhecido.';

const SUBSCRIBED = 'Avisos ativados neste aparelho.';
const UNSUBSCRIBED = 'Avisos desativados neste aparelho.';

/** Devices one account (portal or staff) may keep opted in; the least recently confirmed go first beyond it. */
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

/** Whose a device is: a family's portal account or a staff user, never both (migration 0041). */
type Owner = { account_id: number; user_id?: undefined } | { user_id: number; account_id?: undefined };
const ownerColumn = (owner: Owner): ['account_id' | 'user_id', number] =>
  owner.account_id !== undefined ? ['account_id', owner.account_id] : ['user_id', owner.user_id];

/**
 * Web Push for the family portal and the staff: the VAPID public key (public, as every VAPID public key is: the
 * browser needs it to subscribe) and each device's opt-in and opt-out, for the signed-in portal account or staff user
 * only.
 */
export function registerPushRoutes(app: FastifyInstance, db: Db, push: PushSettings | undefined): void {
  const k = dynamic(db);
  const enabled = () => {
    if (!push) throw new ApiError(404, PUSH_OFF);
    return push;
  };

  app.get('/portal/push/public-key', { config: { public: true } }, async () => ({ public_key: enabled().publicKey }));

  /**
   * One row per device: a device signed in with another account, family or staff, now belongs to this owner. Parallel
   * opt-ins each trim after writing, so the owner ends within the limit whatever their order.
   */
  async function subscribe(owner: Owner, body: unknown): Promise<void> {
    const settings = enabled();
    const { endpoint, keys } = parseOr422(subscriptionSchema, body);
    if (!pushServiceAllowed(endpoint, settings.serviceHosts)) throw validationError({ endpoint: [ENDPOINT_REFUSED] });
    const now = new Date().toISOString();
    const owned = { account_id: owner.account_id ?? null, user_id: owner.user_id ?? null };
    await k
      .insertInto('push_subscriptions')
      .values({ ...owned, endpoint, p256dh: keys.p256dh, auth: keys.auth, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ ...owned, p256dh: keys.p256dh, auth: keys.auth, updated_at: now }),
      )
      .execute();
    const [column, id] = ownerColumn(owner);
    const devices = await k
      .selectFrom('push_subscriptions')
      .select('id')
      .where(column, '=', id)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const beyond = devices.slice(DEVICES_PER_ACCOUNT).map((d) => Number(d.id));
    if (beyond.length) await k.deleteFrom('push_subscriptions').where('id', 'in', beyond).execute();
  }

  /** Only the owner's own row: another account's device is left alone whatever endpoint is sent. */
  async function unsubscribe(owner: Owner, body: unknown): Promise<void> {
    const { endpoint } = parseOr422(endpointSchema, body);
    const [column, id] = ownerColumn(owner);
    await k.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where(column, '=', id).execute();
  }

  app.post('/portal/push/subscriptions', { config: { portal: true } }, async (request, reply) => {
    await subscribe({ account_id: request.portalAccount!.id }, request.body);
    return reply.status(201).send({ message: SUBSCRIBED });
  });

  app.delete('/portal/push/subscriptions', { config: { portal: true } }, async (request) => {
    await unsubscribe({ account_id: request.portalAccount!.id }, request.body);
    return { message: UNSUBSCRIBED };
  });

  // Staff (issue 36): a teacher hears of the grades still missing in a published stage on Minhas aulas' phone.
  app.post('/push/subscriptions', { config: { access: SIGNED_IN } }, async (request, reply) => {
    await subscribe({ user_id: request.user!.id }, request.body);
    return reply.status(201).send({ message: SUBSCRIBED });
  });

  app.delete('/push/subscriptions', { config: { access: SIGNED_IN } }, async (request) => {
    await unsubscribe({ user_id: request.user!.id }, request.body);
    return { message: UNSUBSCRIBED };
  });
}
