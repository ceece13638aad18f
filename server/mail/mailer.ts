import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { resources } from '../../resources';
import { outbox } from '../../resources/outbox';
import { ResourceRepository } from '../crud/repository';
import { dynamic, type Db } from '../db/connection';
import type { Jobs } from '../jobs/runner';
import { DEFAULT_DELIVERY, MailDelivery, type DeliveryOptions } from './delivery';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /**
   * Parts of the text that only the recipient may read (a password-reset token): the message sent
   * by SMTP carries them, the outbox copy, which every signed-in user can read, has them masked.
   */
  secrets?: string[];
}

/**
 * Sends mail. Every message is kept in the outbox first, so nothing is lost when delivery fails; with
 * SMTP it leaves in the background (delivery.ts), so `send` never waits for the SMTP server.
 */
export interface Mailer {
  /**
   * Whether messages leave at all (SMTP is configured): without it they only wait in the outbox, so whatever must
   * reach someone (a family's invitation) is handed over another way.
   */
  readonly delivers: boolean;
  /**
   * Stores the message and queues it; resolves once it is stored. `within`: the transaction it belongs to
   * (db/transaction.ts: a family notice and the claim that allows it commit together); the delivery then starts at
   * the caller's `deliverSoon`, after the commit, or at the next periodic pass.
   */
  send(mail: OutgoingMail, within?: Db): Promise<void>;
  /** Starts sending what was queued inside transactions now committed. */
  deliverSoon(): void;
  /** Stops the delivery and closes the SMTP connections (at server shutdown). */
  close(): Promise<void>;
}

export const MASKED = '[oculto — só no e-mail enviado]';

/** The text as stored in the outbox: each secret replaced by a mark that opens nothing. */
export function maskSecrets(text: string, secrets: string[] = []): string {
  return secrets.filter(Boolean).reduce((masked, secret) => masked.split(secret).join(MASKED), text);
}

/**
 * SMTP through nodemailer when `SMTP_URL` is set; otherwise the message stays in the outbox table,
 * where an administrator can read it.
 */
export function createMailer(
  db: Db,
  options: {
    smtpUrl?: string;
    from: string;
    delivery?: Partial<DeliveryOptions>;
    log?: FastifyBaseLogger;
    /** The job runner that drives the delivery (its recurring task `mail.deliver`). */
    jobs?: Jobs;
  },
): Mailer {
  // nodemailer is loaded by servers that send mail, on the first message, not by every server at start.
  let transport: Promise<Transporter> | undefined;
  const smtpUrl = options.smtpUrl;
  const settings = { ...DEFAULT_DELIVERY, ...options.delivery };
  const timeouts = {
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  };
  const connect = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, ...timeouts }),
    ));
  const delivery = smtpUrl
    ? new MailDelivery(
        db,
        async (mail) => void (await (await connect(smtpUrl)).sendMail({ from: options.from, ...mail })),
        settings,
        options.log,
      )
    : undefined;
  if (options.jobs) delivery?.start(options.jobs);
  return {
    delivers: Boolean(smtpUrl),
    async send(mail, within) {
      const k = dynamic(within ?? db);
      const now = new Date().toISOString();
      const masked = maskSecrets(mail.text, mail.secrets);
      const row = await k
        .insertInto('outbox')
        .values({
          to_address: mail.to,
          reply_to: mail.replyTo ?? null,
          subject: mail.subject,
          body: masked,
          created_at: now,
          updated_at: now,
          held_by: delivery && masked !== mail.text ? delivery.instance : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const search = new ResourceRepository(within ?? db, outbox, resources);
      await search.reindex([Number(row.id)]);
      // Without SMTP nothing is queued: setting SMTP_URL later does not send old messages.
      if (!delivery) return;
      // Queued only once its full text is held, so the loop never finds it without it.
      if (masked !== mail.text) delivery.hold(Number(row.id), mail.text);
      await k
        .updateTable('outbox')
        .set({ next_attempt_at: new Date().toISOString() })
        .where('id', '=', row.id)
        .execute();
      // Inside a transaction the row is not visible yet to the delivery (on PostgreSQL it reads elsewhere).
      if (!within) delivery.kick();
    },
    deliverSoon() {
      delivery?.kick();
    },
    async close() {
      await delivery?.stop();
      void transport?.then((t) => t.close());
    },
  };
}
