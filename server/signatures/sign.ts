import { audit } from '../audit/log';
import { dynamic } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { isUniqueViolation } from '../db/errors';
import { newDocumentCode } from '../documents/codes';
import { sha256 } from '../documents/issue';
import { PREFIX } from '../documents/store-route';
import { validationError } from '../http/errors';
import { verificationUrl } from '../pdf/verification';
import { renderPdf } from '../workers/pdf';
import { checkCode, claimCode, NO_VALID_CODE } from './codes';
import { UNSUPPORTED_PDF } from './page';
import type { SignatureContext, SignInput } from './index';

export const DOCUMENT_CHANGED = 'O documento mudou desde que foi lido. Leia-o novamente.';

const brasilia = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "dd/mm/aaaa hh:mm" in Brasília time. */
export const inBrasilia = (at: Date | string) => brasilia.format(new Date(at)).replace(',', '');

/** A CPF as the signature page shows it: the middle six digits only (***.456.789-**). */
export function maskCpf(cpf: string | null): string | null {
  const digits = (cpf ?? '').replace(/\D/g, '');
  return digits.length === 11 ? `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**` : null;
}

/**
 * The signature page appended in a worker thread. A PDF the page cannot be appended to (a cross-reference stream, not
 * what pdfkit writes) is the caller's input, not our failure: a 422, the code left unused. The error crosses the
 * worker as its message only, hence the comparison by message.
 */
async function appendInWorker(input: Parameters<typeof renderPdf<'signaturePage'>>[1]): Promise<Buffer> {
  try {
    return await renderPdf('signaturePage', input);
  } catch (error) {
    if (error instanceof Error && error.message === UNSUPPORTED_PDF) throw validationError({ pdf: [UNSUPPORTED_PDF] });
    throw error;
  }
}

/**
 * Signs `pdf` for `signer`: the code checked, the PDF the same as the one read (by hash), the signature page appended
 * in a worker thread, the signed file stored and issued under a fresh code (as a student's document when there is a
 * student) and the evidence recorded — all once: of two calls with the same code, one signs, the other is refused
 * as a used code.
 */
export async function signPdf(
  ctx: SignatureContext,
  input: SignInput,
): Promise<{ signature_id: number; code: string }> {
  const { db, storage } = ctx;
  const checked = await checkCode(db, input.subject, input.signer, input.code);
  const readSha = sha256(input.pdf);
  if (
    String(input.sha256 ?? '')
      .trim()
      .toLowerCase() !== readSha
  )
    throw validationError({ sha256: [DOCUMENT_CHANGED] });

  const signedAt = new Date().toISOString();
  // The signed version is the same kind of document as the one read: its type, code prefix and folder.
  const type = input.document?.type ?? 'CONTRACT';
  const code = newDocumentCode(PREFIX[type]);
  const url = verificationUrl(ctx.settings.appUrl, code);
  const signed = await appendInWorker({
    pdf: input.pdf,
    title: input.title,
    signerName: input.signer.name,
    maskedCpf: maskCpf(input.signer.cpf),
    signedAt: inBrasilia(signedAt),
    ip: input.ip,
    userAgent: input.user_agent || 'não informado',
    readSha256: readSha,
    delivery: `código de 6 dígitos enviado por e-mail para ${checked.sent_to} em ${inBrasilia(checked.created_at)}`,
    code,
    url,
  });
  const key = await storage.put('documents', 'pdf', signed);
  const signedSha = sha256(signed);
  try {
    return await inTransaction(db, async (tx) => {
      if (!(await claimCode(tx, checked.id, signedAt))) throw validationError({ code: [NO_VALID_CODE] });
      const k = dynamic(tx);
      let documentId: number | null = null;
      if (input.student_id != null) {
        const document = await k
          .insertInto('documents')
          .values({
            student_id: input.student_id,
            // Never an enrolment's: a new contract of the enrolment withdraws those (contracts/issued.ts), and a signed
            // document is never withdrawn, only revoked.
            registration_id: null,
            type,
            code,
            folder: input.document?.folder ?? type.toLowerCase(),
            file_name: key.slice('documents/'.length),
            document_name: `${input.title} (assinado).pdf`,
            sha256: signedSha,
            created_at: signedAt,
            updated_at: signedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        documentId = Number(document.id);
      }
      const row = await k
        .insertInto('signatures')
        .values({
          purpose: input.subject.purpose,
          subject_id: input.subject.subject_id,
          signer_kind: input.signer.kind,
          signer_id: input.signer.id,
          signer_name: input.signer.name,
          signer_cpf: (input.signer.cpf ?? '').replace(/\D/g, '') || null,
          signed_at: signedAt,
          ip: input.ip.slice(0, 64),
          user_agent: (input.user_agent || '').slice(0, 500),
          read_sha256: readSha,
          signed_sha256: signedSha,
          code_id: checked.id,
          sent_to: checked.sent_to,
          document_code: code,
          document_id: documentId,
          student_id: input.student_id,
          file_key: key,
          title: input.title.slice(0, 190),
          supersedes_id: input.supersedes_id ?? null,
          expires_at: input.expires_at ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(tx, {
        userId: input.signer.kind === 'user' ? input.signer.id : undefined,
        entity: 'signatures',
        entityId: Number(row.id),
        action: 'create',
        changes: { ...input.subject, signer_kind: input.signer.kind, signer_id: input.signer.id, code },
      });
      return { signature_id: Number(row.id), code };
    });
  } catch (error) {
    await storage.delete(key);
    // The code's one signature already recorded by a parallel call (unique code_id).
    if (isUniqueViolation(error)) throw validationError({ code: [NO_VALID_CODE] });
    throw error;
  }
}
