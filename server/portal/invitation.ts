import { randomInt } from 'node:crypto';
import { CODE_ALPHABET } from '../../resources/document-codes';
import { formatInstantDate } from '../../resources/format';
import { formatInviteCode, INVITE_CODE_LENGTH } from '../../resources/invite-code';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/connection';
import { whatsappNumber } from '../finance/whatsapp';
import type { Mailer } from '../mail/mailer';
import { loadSettings } from '../school/routes';
import { renderPdf } from '../workers/pdf';
import { maskEmail, openInvitation, type Holder, type OpenedInvitation } from './accounts';
import { forgetCodeGuesses } from './code-guesses';
import { INVITE_TTL_MS, newLink } from './links';

/** What an invitation needs besides the holder: the database, the mail and the school's address. */
export interface InvitationContext {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/** How the office hands the invitation over: by e-mail, or in person (the link on the screen, once). */
export type Delivery = 'email' | 'link';

/** The answer of an invitation handed over in person: the only time the link is ever shown. */
export interface InPersonInvitation {
  message: string;
  link: string;
  expires_at: string;
  /** A wa.me address with the invitation's words and the link (to the holder's phone when it has one). */
  whatsapp_url: string;
}

const base = (appUrl: string) => appUrl.replace(/\/$/, '');
const activationLink = (appUrl: string, token: string) => `${base(appUrl)}/portal/ativar?token=${token}`;

/**
 * By e-mail, through the outbox (which keeps the link masked: only the message sent carries it). Answers the
 * office's message. Inside a transaction (`ctx.db` a transaction's), the account, the link and the message commit
 * with the caller's work, and the caller starts the delivery after its commit (`mailer.deliverSoon`).
 */
export async function inviteByEmail(ctx: InvitationContext, h: Holder, userId: number | undefined): Promise<string> {
  const { accountId, holder } = await openInvitation(ctx.db, h, userId);
  const { token } = await newLink(ctx.db, accountId, 'invite', INVITE_TTL_MS);
  const school = (await loadSettings(ctx.db)).school_name;
  const link = activationLink(ctx.appUrl, token);
  const text =
    `Olá, ${holder.name}!\n\n${school} convida você para o Portal das famílias, onde você acompanha notas, ` +
    `frequência, cobranças e documentos.\n\nPara criar a sua senha, abra o link abaixo (ele vale por 7 dias e só ` +
    `pode ser usado uma vez):\n\n${link}\n\nDepois, entre com este e-mail (${holder.email}) e a senha que criar.\n\n` +
    `Se não esperava este convite, ignore este e-mail ou fale com a secretaria.\n\n${school}\n`;
  await ctx.mailer.send(
    { to: holder.email, subject: `${school}: convite para o Portal das famílias`, text, secrets: [token] },
    ctx.db.kysely.isTransaction ? ctx.db : undefined,
  );
  return `Convite enviado para ${maskEmail(holder.email)}.`;
}

/**
 * In person, on the office's screen (issue 35): the link answered once — copied, shown as a QR code, or sent by
 * WhatsApp from there. Nothing goes to the outbox, and no later answer shows the link again: a new invitation
 * replaces it.
 */
export async function inviteInPerson(
  ctx: InvitationContext,
  h: Holder,
  userId: number | undefined,
): Promise<InPersonInvitation> {
  const { accountId, holder } = await openInvitation(ctx.db, h, userId);
  const { token, expiresAt } = await newLink(ctx.db, accountId, 'invite', INVITE_TTL_MS);
  const school = (await loadSettings(ctx.db)).school_name;
  const link = activationLink(ctx.appUrl, token);
  const until = formatInstantDate(expiresAt);
  const words =
    `Olá, ${holder.name}! ${school} convida você para o Portal das famílias. Crie a sua senha por este link ` +
    `(vale até ${until} e só pode ser usado uma vez): ${link} — depois, entre com o e-mail ${holder.email}.`;
  const number = whatsappNumber(holder.phone);
  return {
    message: `Convite criado para ${holder.name}. Entregue o link agora: ele não será mostrado de novo.`,
    link,
    expires_at: expiresAt,
    whatsapp_url: `https://wa.me/${number ?? ''}?text=${encodeURIComponent(words)}`,
  };
}

/** A one-time code: INVITE_CODE_LENGTH symbols of the alphabet, drawn from the system's secure generator. */
export function newInviteCode(): string {
  return Array.from({ length: INVITE_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/**
 * A printed letter (issue 35): the link's QR code and a one-time code the family types at /portal/ativar with its
 * e-mail, both of one invitation (taking either uses it up). The code is kept as a slow hash only, and its count of
 * wrong guesses starts again: the PDF answered is the only copy of either secret.
 */
export async function invitationLetter(
  ctx: InvitationContext,
  h: Holder,
  userId: number | undefined,
): Promise<{ pdf: Buffer; opened: OpenedInvitation }> {
  const opened = await openInvitation(ctx.db, h, userId);
  const code = newInviteCode();
  const { token, expiresAt } = await newLink(
    ctx.db,
    opened.accountId,
    'invite',
    INVITE_TTL_MS,
    await hashPassword(code),
  );
  await forgetCodeGuesses(ctx.db, opened.holder.email);
  const settings = await loadSettings(ctx.db);
  const pdf = await renderPdf('invitationLetter', {
    school: {
      school_name: settings.school_name,
      city: settings.city,
      email: settings.email,
      phones: settings.phones,
      colored_logo: settings.colored_logo,
    },
    name: opened.holder.name,
    email: opened.holder.email,
    link: activationLink(ctx.appUrl, token),
    code: formatInviteCode(code),
    activationUrl: `${base(ctx.appUrl)}/portal/ativar`,
    portalUrl: `${base(ctx.appUrl)}/portal`,
    expiresOn: formatInstantDate(expiresAt),
  });
  return { pdf, opened };
}

/** The delivery asked for, or the one that works: without SMTP an e-mail would never leave, so the link is shown. */
export function deliveryOf(asked: Delivery | undefined, mailer: Mailer): Delivery {
  if (!mailer.delivers) return 'link';
  return asked ?? 'email';
}
