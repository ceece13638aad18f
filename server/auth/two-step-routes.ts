import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../audit/log';
import type { Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { ApiError, conflict, idParam, notFound, parseOr422, validationError } from '../http/errors';
import type { Captcha } from '../public/captcha';
import { gateAttempt } from './attempt-gate';
import type { LoginFailures } from './login-limits';
import { verifyPassword } from './passwords';
import { requiredFor, roleKeyOf, TwoStep, type Purpose } from './two-step';

const ASK_CODE = 'Informe o código de 6 dígitos do aplicativo autenticador (ou um código de recuperação).';
const ASK_SETUP = 'A escola exige a verificação em duas etapas para o seu perfil. Configure-a agora para entrar.';
const WRONG_CODE = 'Código inválido. Confira o código no aplicativo autenticador e tente novamente.';
const REPLAYED = 'Este código já foi usado. Aguarde o próximo código no aplicativo autenticador.';
const EXPIRED = 'A verificação expirou. Entre novamente com e-mail e senha.';
const APP_CODE_ONLY = 'Código inválido. Informe o código de 6 dígitos que o aplicativo autenticador mostra agora.';
const TOO_MANY = 'Muitas tentativas erradas. Aguarde alguns minutos e tente novamente.';

const codeField = z
  .string({ error: 'Informe o código.' })
  .trim()
  .min(1, 'Informe o código.')
  .max(40, 'Código inválido.');
const challengeField = z.string({ error: EXPIRED }).min(1, EXPIRED).max(200, EXPIRED);
const challengeSchema = z.object({ challenge: challengeField });
const verifySchema = z.object({
  challenge: challengeField,
  code: codeField,
  altcha: z.string().max(10_000).optional(),
});
const confirmSchema = z.object({ code: codeField });
const disableSchema = z.object({
  password: z.string().max(200).optional(),
  code: z.string().trim().max(40, 'Código inválido.').optional(),
});

type SignedIn = (user: { id: number; name: string; email: string }) => Promise<object>;

export interface TwoStepRouteOptions {
  failures: LoginFailures;
  captcha: Captcha;
  /** The usual answer of a complete sign-in (server/auth/routes.ts). */
  signedIn: SignedIn;
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
}

async function issuerOf(db: Db): Promise<string> {
  const row = await db.kysely.selectFrom('school_settings').select('school_name').orderBy('id').executeTakeFirst();
  return row?.school_name || 'Secretaria';
}

async function userRow(db: Db, id: number) {
  return db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The routes of two-step sign-in. Public: the code after the password, and the set-up a school's setting
 * requires before the first session. Signed-in: one's own status, enrolment and turning it off. Administração:
 * another user's status and its reset. Answers what `POST /auth/login` does after a right password.
 */
export function registerTwoStepRoutes(app: FastifyInstance, db: Db, options: TwoStepRouteOptions) {
  const service = new TwoStep(db);
  const { failures } = options;

  /** The user of a live challenge, or the 401 that sends the person back to the password. */
  async function challenged(challenge: string, purpose: Purpose) {
    const id = await service.challengeUser(challenge, purpose);
    const user = id === undefined ? undefined : await userRow(db, id);
    if (!user) throw new ApiError(401, EXPIRED);
    return user;
  }

  app.post('/auth/two-step/verify', { config: { public: true }, onSend: options.onSend }, async (request, reply) => {
    const body = parseOr422(verifySchema, request.body);
    const user = await challenged(body.challenge, 'login');
    const email = user.email.toLowerCase();
    // Each code counts as a password would: the same limits stop a guesser of codes.
    const gate = await gateAttempt(reply, {
      failures,
      captcha: options.captcha,
      ip: request.ip,
      email,
      altcha: body.altcha,
    });
    if ('refused' in gate) return gate.refused;
    const checked = await service.check(Number(user.id), body.code);
    if (checked !== 'ok') {
      await failures.fail();
      await service.challengeFailed(body.challenge);
      const message = checked === 'replayed' ? REPLAYED : WRONG_CODE;
      return reply.status(401).send(gate.attempt.captchaNext ? { message, captcha: true } : { message });
    }
    await failures.succeed(request.ip, email);
    await service.endChallenge(body.challenge);
    return options.signedIn({ id: Number(user.id), name: user.name, email: user.email });
  });

  app.post('/auth/two-step/setup', { config: { public: true } }, async (request) => {
    const { challenge } = parseOr422(challengeSchema, request.body);
    const user = await challenged(challenge, 'setup');
    return service.start({ id: Number(user.id), email: user.email }, await issuerOf(db));
  });

  app.post('/auth/two-step/setup/confirm', { config: { public: true } }, async (request) => {
    const body = parseOr422(verifySchema, request.body);
    const user = await challenged(body.challenge, 'setup');
    const codes = await service.confirm(Number(user.id), body.code);
    if (!codes) {
      await service.challengeFailed(body.challenge);
      throw validationError({ code: [WRONG_CODE] });
    }
    await service.endChallenge(body.challenge);
    const answer = await options.signedIn({ id: Number(user.id), name: user.name, email: user.email });
    return { ...answer, recovery_codes: codes, message: 'Verificação em duas etapas ativada.' };
  });

  app.get('/auth/two-step', { config: { access: 'signed-in' } }, async (request) => {
    const me = request.user!;
    const row = await userRow(db, me.id);
    return {
      ...(await service.status(me.id)),
      required: row ? await requiredFor(db, await roleKeyOf(db, row)) : false,
    };
  });

  app.post('/auth/two-step/enrol', { config: { access: 'signed-in' } }, async (request) => {
    const me = request.user!;
    if (await service.isEnabled(me.id)) throw conflict('A verificação em duas etapas já está ativada.');
    return service.start(me, await issuerOf(db));
  });

  app.post('/auth/two-step/confirm', { config: { access: 'signed-in' } }, async (request) => {
    const me = request.user!;
    const { code } = parseOr422(confirmSchema, request.body);
    if (!(await service.pending(me.id)))
      throw conflict('Nenhuma ativação em andamento: comece de novo pela leitura do QR code.');
    const codes = await service.confirm(me.id, code);
    if (!codes) throw validationError({ code: [WRONG_CODE] });
    return { recovery_codes: codes, message: 'Verificação em duas etapas ativada.' };
  });

  app.post('/auth/two-step/disable', { config: { access: 'signed-in' } }, async (request) => {
    const me = request.user!;
    const body = parseOr422(disableSchema, request.body);
    const row = await userRow(db, me.id);
    if (!row || !(await service.isEnabled(me.id))) throw conflict('A verificação em duas etapas não está ativada.');
    if (await requiredFor(db, await roleKeyOf(db, row)))
      throw conflict('A escola exige a verificação em duas etapas para o seu perfil: ela não pode ser desativada.');
    if (!body.password && !body.code)
      throw validationError({ password: ['Informe a sua senha ou um código do aplicativo para desativar.'] });
    // Counted with the sign-in limits: an open session must not become a way to guess codes or the password.
    const email = me.email.toLowerCase();
    const attempt = await failures.attempt(request.ip, email);
    if (attempt.ipRetryAfter || attempt.captchaRequired) throw new ApiError(429, TOO_MANY);
    const right = body.password
      ? await verifyPassword(body.password, row.password_hash)
      : (await service.check(me.id, body.code!)) === 'ok';
    if (!right) {
      await failures.fail();
      throw validationError(
        body.password ? { password: ['A senha não confere.'] } : { code: ['Código inválido ou já usado.'] },
      );
    }
    await failures.succeed(request.ip, email);
    await service.remove(me.id);
    return { message: 'Verificação em duas etapas desativada.' };
  });

  // New recovery codes (the earlier ones lost, or mostly used): the app's current code proves the phone is at hand.
  app.post('/auth/two-step/recovery-codes', { config: { access: 'signed-in' } }, async (request) => {
    const me = request.user!;
    const { code } = parseOr422(confirmSchema, request.body);
    if (!(await service.isEnabled(me.id))) throw conflict('A verificação em duas etapas não está ativada.');
    // Counted with the sign-in limits, as turning it off is: an open session must not guess codes.
    const email = me.email.toLowerCase();
    const attempt = await failures.attempt(request.ip, email);
    if (attempt.ipRetryAfter || attempt.captchaRequired) throw new ApiError(429, TOO_MANY);
    const codes = await service.renewRecoveryCodes(me.id, code);
    if (!Array.isArray(codes)) {
      await failures.fail();
      throw validationError({ code: [codes === 'replayed' ? REPLAYED : APP_CODE_ONLY] });
    }
    await failures.succeed(request.ip, email);
    return { recovery_codes: codes, message: 'Novos códigos de recuperação gerados: os anteriores não valem mais.' };
  });

  app.get('/users/:id/two-step', { config: { access: 'users.manage' } }, async (request) => {
    const id = idParam((request.params as { id: string }).id);
    if (!(await userRow(db, id))) throw notFound();
    const { enabled, enabled_at } = await service.status(id);
    return { enabled, enabled_at };
  });

  app.delete('/users/:id/two-step', { config: { access: 'users.manage' } }, async (request) => {
    const id = idParam((request.params as { id: string }).id);
    if (!(await userRow(db, id))) throw notFound();
    const was = await service.isEnabled(id);
    await inTransaction(db, async (tx) => {
      await service.remove(id, tx);
      if (was)
        await audit(tx, {
          userId: request.user?.id,
          entity: 'users',
          entityId: id,
          action: 'update',
          changes: { two_step: [true, false] },
        });
    });
    return { message: 'Verificação em duas etapas redefinida: o usuário entra só com a senha até ativá-la de novo.' };
  });

  return {
    /**
     * After a right password: the challenge for the code when the user has two-step sign-in on, or for its
     * set-up when the school requires it of the user's role; undefined when the sign-in is complete.
     */
    async afterPassword(user: { id: number } & object, ip: string, email: string): Promise<object | undefined> {
      const id = Number(user.id);
      if (await service.isEnabled(id)) {
        // The password was right, but the e-mail's earlier failures stand until the code completes the sign-in.
        await failures.passedFirstStep(ip, email);
        return { two_step: true, challenge: await service.issueChallenge(id, 'login'), message: ASK_CODE };
      }
      if (await requiredFor(db, await roleKeyOf(db, user))) {
        // Nothing to guess in the set-up (the person is handed the secret): the password's success counts.
        await failures.succeed(ip, email);
        return { two_step_setup: true, challenge: await service.issueChallenge(id, 'setup'), message: ASK_SETUP };
      }
      return undefined;
    },
  };
}
