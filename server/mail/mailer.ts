import type { Transporter } from 'nodemailer';
import { resources } from '../../resources';
import { outbox } from '../../resources/outbox';
import { ResourceRepository } from '../crud/repository';
import { dynamic, type Db } from '../db/connection';

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

/** Sends mail. Every message is kept in the outbox first, so nothing is lost when delivery fails. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ delivered: boolean }>;
  /** Closes the SMTP connections (at server shutdown). */
  close(): void;
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
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  // nodemailer is loaded by servers that send mail, on the first message, not by every server at start.
  let transport: Promise<Transporter> | undefined;
  const smtpUrl = options.smtpUrl;
  const connect = (url: string) => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  return {
    async send(mail) {
      const k = dynamic(db);
      const row = await k
        .insertInto('outbox')
        .values({ to_address: mail.to, reply_to: mail.replyTo ?? null, subject: mail.subject, body: maskSecrets(mail.text, mail.secrets), created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const search = new ResourceRepository(db, outbox, resources);
      await search.reindex([Number(row.id)]);
      if (!smtpUrl) return { delivered: false };
      try {
        await (await connect(smtpUrl)).sendMail({ from: options.from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text });
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
    close() {
      void transport?.then((t) => t.close());
    },
  };
}
