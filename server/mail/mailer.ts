import nodemailer from 'nodemailer';
import { resources } from '../../resources';
import { outbox } from '../../resources/outbox';
import { ResourceRepository } from '../crud/repository';
import { dynamic, type Db } from '../db/connection';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** Sends mail. Every message is kept in the outbox first, so nothing is lost when delivery fails. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ delivered: boolean }>;
}

/**
 * SMTP through nodemailer when `SMTP_URL` is set; otherwise the message stays in the outbox table,
 * where an administrator can read it.
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const k = dynamic(db);
      const row = await k
        .insertInto('outbox')
        .values({ to_address: mail.to, reply_to: mail.replyTo ?? null, subject: mail.subject, body: mail.text, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const search = new ResourceRepository(db, outbox, resources);
      await search.reindex([Number(row.id)]);
      if (!transport) return { delivered: false };
      try {
        await transport.sendMail({ from: options.from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text });
        await k.updateTable('outbox').set({ sent_at: new Date().toISOString(), updated_at: new Date().toISOString() }).where('id', '=', row.id).execute();
        return { delivered: true };
      } catch (error) {
        await k
          .updateTable('outbox')
          .set({ error: error instanceof Error ? error.message.slice(0, 500) : String(error) })
          .where('id', '=', row.id)
          .execute();
        throw error;
      }
    },
  };
}
