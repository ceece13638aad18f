import https from 'node:https';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { createMailer } from '../../server/mail/mailer';
import { sweepNotifications } from '../../server/notifications/sweep';
import { deliverPushes, type PushSettings } from '../../server/push/delivery';
import { pushServiceAllowed } from '../../server/push/services';
import { daysAgo, diaryOf } from './support/diary';
import { decryptPush, FAKE_PUSH_CA, startFakePushService } from './support/fake-push';
import { serverPerTest } from './support/per-test';
import { portalSession } from './support/portal';
import { describeOnDatabases, startServer } from './support/server';

const APP_URL = 'https://secretaria.escola.test';
// Keys made here, as `npm start` makes them outside production.
const vapid = webpush.generateVAPIDKeys();
const GONE = '/push/gone';
const TROUBLED = '/push/troubled';

describeOnDatabases('web push', (dialect) => {
  let service: Awaited<ReturnType<typeof startFakePushService>>;
  beforeAll(async () => {
    service = await startFakePushService((path) => (path === GONE ? 410 : path === TROUBLED ? 500 : 201));
  });
  afterAll(() => service.close());

  const settings = (): PushSettings => ({
    publicKey: vapid.publicKey,
    privateKey: vapid.privateKey,
    subject: 'mailto:secretaria@escola.test',
    serviceHosts: ['127.0.0.1'],
    agent: new https.Agent({ ca: FAKE_PUSH_CA }),
    retryBaseMs: 60_000,
  });
  const fresh = serverPerTest(dialect, () => ({ appUrl: APP_URL, push: settings() }));
  const k = () => dynamic(fresh.server.db);

  /** Sweeps as the notifications task does, pushes included (each sweep on a mailer of its own). */
  const sweep = async (times = 1) => {
    const mailers = Array.from({ length: times }, () =>
      createMailer(fresh.server.db, { from: 'Escola <nao-responda@escola.test>' }),
    );
    const push = { deliverSoon: () => {} };
    const written = await Promise.all(
      mailers.map((m) => sweepNotifications(fresh.server.db, m, { appUrl: APP_URL, push })),
    );
    await Promise.all(mailers.map((m) => m.close()));
    return written.reduce((a, b) => a + b, 0);
  };

  /** Lucas, enrolled in team 1, and his mother Marina with a portal account: her portal token. */
  async function family() {
    const diary = await diaryOf(fresh);
    const registration = await diary.enrol('Lucas Andrade', daysAgo(30));
    const { student_id: student } = await k()
      .selectFrom('registrations')
      .select('student_id')
      .where('id', '=', registration)
      .executeTakeFirstOrThrow();
    const mother = await fresh.call('POST', '/api/guardians', {
      name: 'Marina Andrade',
      email: 'marina@familia.com.br',
    });
    expect(mother.status, JSON.stringify(mother.body)).toBe(201);
    const linked = await fresh.call('POST', `/api/students/${student}/guardians`, {
      guardian_id: mother.body.data.id,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    const portal = await portalSession(fresh.server, mother.body.data.id, 'marina@familia.com.br');
    const as = (method: string, path: string, body?: unknown) =>
      fresh.server.request(method, path, { token: portal, body });
    return { ...diary, as };
  }

  const publish = async (stageId: number) => {
    const published = await fresh.call('POST', '/api/teams/1/grade-publications', { stage_id: stageId, confirm: true });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
  };

  it('gives the VAPID public key to anyone, and says when the school has no push', async () => {
    const key = await fresh.server.request('GET', '/api/portal/push/public-key');
    expect(key).toEqual({ status: 200, body: { public_key: vapid.publicKey } });
    const without = await startServer(dialect);
    try {
      expect(await without.request('GET', '/api/portal/push/public-key')).toEqual({
        status: 404,
        body: { message: 'Os avisos no celular não estão ativados nesta escola.' },
      });
    } finally {
      await without.close();
    }
  });

  it('sends a published stage to the device the family opted in, once, signed and encrypted to it', async () => {
    const { math, as } = await family();
    const phone = service.device('marina-phone');
    const subscribed = await as('POST', '/api/portal/push/subscriptions', {
      endpoint: phone.endpoint,
      keys: phone.keys,
    });
    expect(subscribed).toEqual({ status: 201, body: { message: 'Avisos ativados neste aparelho.' } });
    // The same device again (a new sign-in): still one subscription.
    expect(
      (await as('POST', '/api/portal/push/subscriptions', { endpoint: phone.endpoint, keys: phone.keys })).status,
    ).toBe(201);
    expect(await k().selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([
      { endpoint: phone.endpoint },
    ]);

    await publish(math.stages[0].id);
    // Three instances sweeping together write the notice once: one e-mail, one push.
    expect(await sweep(3)).toBe(1);
    expect(await k().selectFrom('push_messages').select('id').execute()).toHaveLength(1);
    const before = service.received.length;
    const [one, two] = await Promise.all([
      deliverPushes(fresh.server.db, settings()),
      deliverPushes(fresh.server.db, settings()),
    ]);
    expect(one.sent + two.sent).toBe(1);
    expect(service.received.length - before).toBe(1);
    const push = service.received[service.received.length - 1];
    expect(push.path).toBe('/push/marina-phone');
    expect(push.vapidKey).toBe(vapid.publicKey);
    expect(push.claims.sub).toBe('mailto:secretaria@escola.test');
    const shown = JSON.parse(decryptPush(phone, push.body));
    expect(shown.title).toMatch(/^Notas publicadas: .+ — Lucas Andrade$/);
    expect(shown.body).toContain('foram publicadas');
    expect(shown.url).toMatch(/^\/portal/);
    expect(await k().selectFrom('push_messages').select('id').execute()).toEqual([]);
    // Nothing new, nothing sent again.
    expect(await sweep()).toBe(0);
    expect((await deliverPushes(fresh.server.db, settings())).sent).toBe(0);
  });

  it('removes a subscription the push service says is gone, and keeps a push the service failed for a retry', async () => {
    const { math, as } = await family();
    const gone = { ...service.device('gone'), endpoint: `${service.origin}${GONE}` };
    const troubled = { ...service.device('troubled'), endpoint: `${service.origin}${TROUBLED}` };
    for (const device of [gone, troubled])
      expect(
        (await as('POST', '/api/portal/push/subscriptions', { endpoint: device.endpoint, keys: device.keys })).status,
      ).toBe(201);
    await publish(math.stages[0].id);
    expect(await sweep()).toBe(1);
    expect(await deliverPushes(fresh.server.db, settings())).toEqual({ sent: 0, gone: 1, failed: 1 });
    expect(await k().selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([
      { endpoint: troubled.endpoint },
    ]);
    const kept = await k()
      .selectFrom('push_messages')
      .select(['attempts', 'next_attempt_at', 'claimed_until'])
      .execute();
    expect(kept).toHaveLength(1);
    expect(Number(kept[0].attempts)).toBe(1);
    expect(kept[0].claimed_until).toBeNull();
    expect(new Date(String(kept[0].next_attempt_at)).getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: the next pass leaves it alone.
    expect(await deliverPushes(fresh.server.db, settings())).toEqual({ sent: 0, gone: 0, failed: 0 });
  });

  it('takes only a push service’s address and real keys, from a portal session, and lets a device opt out', async () => {
    const { as } = await family();
    const phone = service.device('opt-out');
    const inside = await as('POST', '/api/portal/push/subscriptions', {
      endpoint: 'https://10.0.0.5/admin',
      keys: phone.keys,
    });
    expect(inside).toEqual({
      status: 422,
      body: expect.objectContaining({
        errors: { endpoint: ['Este endereço não é de um serviço de notificações conhecido.'] },
      }),
    });
    const badKeys = await as('POST', '/api/portal/push/subscriptions', {
      endpoint: phone.endpoint,
      keys: { p256dh: 'abc', auth: phone.keys.auth },
    });
    expect(badKeys.status).toBe(422);
    expect(badKeys.body.errors.keys).toEqual(['A chave do aparelho é inválida.']);
    // A staff token opens no portal route.
    const staff = await fresh.call('POST', '/api/portal/push/subscriptions', {
      endpoint: phone.endpoint,
      keys: phone.keys,
    });
    expect(staff.status).toBe(401);
    expect(await k().selectFrom('push_subscriptions').select('id').execute()).toEqual([]);

    expect(
      (await as('POST', '/api/portal/push/subscriptions', { endpoint: phone.endpoint, keys: phone.keys })).status,
    ).toBe(201);
    const out = await as('DELETE', '/api/portal/push/subscriptions', { endpoint: phone.endpoint });
    expect(out).toEqual({ status: 200, body: { message: 'Avisos desativados neste aparelho.' } });
    expect(await k().selectFrom('push_subscriptions').select('id').execute()).toEqual([]);
  });

  it('tells a teacher on the device they opted in of the grades of theirs a published stage still lacks', async () => {
    const diary = await diaryOf(fresh);
    await diary.enrol('Lucas Andrade', daysAgo(30));
    const paula = await diary.mathTeacher();
    const phone = service.device('paula-phone');
    const subscribed = await paula.as('POST', '/api/push/subscriptions', {
      endpoint: phone.endpoint,
      keys: phone.keys,
    });
    expect(subscribed).toEqual({ status: 201, body: { message: 'Avisos ativados neste aparelho.' } });
    expect(await k().selectFrom('push_subscriptions').select(['user_id', 'account_id']).execute()).toEqual([
      { user_id: paula.userId, account_id: null },
    ]);

    // Nobody entered Lucas's grades: the office publishes the stage anyway.
    await publish(diary.math.stages[0].id);
    expect(await sweep(3)).toBeGreaterThanOrEqual(1);
    const mails = await k()
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('to_address', '=', 'paula@escola.com.br')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Notas faltando: .+ — /);
    expect(mails[0].body).toContain('Matemática: 1');
    const before = service.received.length;
    expect((await deliverPushes(fresh.server.db, settings())).sent).toBe(1);
    expect(service.received.length - before).toBe(1);
    const push = service.received[service.received.length - 1];
    expect(push.path).toBe('/push/paula-phone');
    const shown = JSON.parse(decryptPush(phone, push.body));
    expect(shown.title).toBe(mails[0].subject);
    expect(shown.body).toMatch(/foram publicadas às famílias com notas suas faltando \(Matemática: 1\)/);
    expect(shown.url).toBe('/admin/turmas/1/disciplinas');
    // Told once.
    expect(await sweep()).toBe(0);
    expect((await deliverPushes(fresh.server.db, settings())).sent).toBe(0);
  });

  it('removes a teacher’s subscription the push service says is gone', async () => {
    const diary = await diaryOf(fresh);
    await diary.enrol('Lucas Andrade', daysAgo(30));
    const paula = await diary.mathTeacher();
    const gone = { ...service.device('paula-gone'), endpoint: `${service.origin}${GONE}` };
    expect(
      (await paula.as('POST', '/api/push/subscriptions', { endpoint: gone.endpoint, keys: gone.keys })).status,
    ).toBe(201);
    await publish(diary.math.stages[0].id);
    await sweep();
    expect(await deliverPushes(fresh.server.db, settings())).toEqual({ sent: 0, gone: 1, failed: 0 });
    expect(await k().selectFrom('push_subscriptions').select('id').execute()).toEqual([]);
  });

  it('keeps one row per device, owned by whoever opted it in last, and lets only its owner opt it out', async () => {
    const { as, mathTeacher } = await family();
    const paula = await mathTeacher();
    const tablet = service.device('shared-tablet');
    const shared = { endpoint: tablet.endpoint, keys: tablet.keys };
    const owners = () => k().selectFrom('push_subscriptions').select(['user_id', 'account_id']).execute();
    expect((await as('POST', '/api/portal/push/subscriptions', shared)).status).toBe(201);
    expect((await paula.as('POST', '/api/push/subscriptions', shared)).status).toBe(201);
    expect(await owners()).toEqual([{ user_id: paula.userId, account_id: null }]);
    // The family's opt-out no longer reaches the device: it is the teacher's now.
    expect((await as('DELETE', '/api/portal/push/subscriptions', { endpoint: shared.endpoint })).status).toBe(200);
    expect(await owners()).toHaveLength(1);
    expect((await as('POST', '/api/portal/push/subscriptions', shared)).status).toBe(201);
    expect(await owners()).toEqual([{ user_id: null, account_id: expect.any(Number) }]);
    expect((await paula.as('POST', '/api/push/subscriptions', shared)).status).toBe(201);
    const out = await paula.as('DELETE', '/api/push/subscriptions', { endpoint: shared.endpoint });
    expect(out).toEqual({ status: 200, body: { message: 'Avisos desativados neste aparelho.' } });
    expect(await owners()).toEqual([]);
    // Staff routes want a staff session; bad input is a 422 naming the field.
    expect((await fresh.server.request('POST', '/api/push/subscriptions', { body: shared })).status).toBe(401);
    expect((await as('POST', '/api/push/subscriptions', shared)).status).toBe(401);
    const inside = await paula.as('POST', '/api/push/subscriptions', {
      endpoint: 'https://10.0.0.5/x',
      keys: shared.keys,
    });
    expect(inside.status).toBe(422);
    expect(inside.body.errors).toEqual({ endpoint: ['Este endereço não é de um serviço de notificações conhecido.'] });
  });
});

describe('push services', () => {
  it('takes the browsers’ push services over https only', () => {
    expect(pushServiceAllowed('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(pushServiceAllowed('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(pushServiceAllowed('https://web.push.apple.com/QGuQ')).toBe(true);
    expect(pushServiceAllowed('https://wns2-bn3p.notify.windows.com/w/?token=abc')).toBe(true);
    expect(pushServiceAllowed('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(pushServiceAllowed('https://fcm.googleapis.com.evil.example/x')).toBe(false);
    expect(pushServiceAllowed('https://notify.windows.com.evil.example/x')).toBe(false);
    expect(pushServiceAllowed('https://user:pw@fcm.googleapis.com/x')).toBe(false);
    expect(pushServiceAllowed('https://192.168.0.1/x')).toBe(false);
    expect(pushServiceAllowed('not a url')).toBe(false);
  });
});
