import { SMTPServer } from 'smtp-server';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Headers and body with quoted-printable undone, for reading as a person would. */
  text: string;
}

export function decodeQuotedPrintable(raw: string): string {
  const soft = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const m = /^=([0-9A-F]{2})/.exec(soft.slice(i, i + 3));
    if (m) {
      bytes.push(parseInt(m[1], 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (and hands each raw message to `onMail`). */
export async function startSmtp(
  onMail?: (raw: Buffer) => void,
): Promise<{ url: string; port: number; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        onMail?.(Buffer.concat(chunks));
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, port, mails, close: () => new Promise((r) => server.close(() => r())) };
}

/** Solves a challenge from GET /api/captcha/challenge as the browser widget does; answers the payload. */
export async function solveCaptcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha não resolvido');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
